import type { LabId } from "@tpi/domain";
import { KEY_HREF, KeyHowTo, KeyedLatestCard } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import type { Viewer } from "../../server/viewer";
import { LabNotifyMe } from "./lab-notify-me";
import { OtherLabs } from "./other-labs";

/** A keyed lab's page: what the data is, its latest settled day (never its value), the way in. */
export function KeyedLab({
  lab,
  label,
  latestDate,
  keyedCount,
  viewer,
}: {
  lab: LabId;
  label: string;
  latestDate: string | null;
  keyedCount: number;
  /** A signed-in reader whose plan does not read keyed labs (an ended trial): told why. */
  viewer?: Viewer;
}) {
  return (
    <>
      <h1>{label} token price index</h1>
      <p className="lead">
        The {label} index is part of the keyed tier: its daily values and full history are served to
        API key holders.
      </p>
      <LabNotifyMe lab={lab} label={label} />
      <KeyedLatestCard unit="USD per million tokens" date={latestDate} />
      {viewer === undefined ? (
        <KeyTeaser keyedCount={keyedCount} />
      ) : (
        <SignedInNote viewer={viewer} />
      )}
      <h2>What the data is</h2>
      <p>
        For each settled UTC day, the volume-weighted blend of input and output list prices of{" "}
        {label}&apos;s paid production models, in USD per million tokens, computed with the
        published <a href="/methodology">methodology</a>. Every value carries the time it was
        computed.
      </p>
      <KeyHowTo
        request={<>GET /api/otpi?lab={lab}</>}
        after={
          <>
            add <code>startDate</code> and <code>endDate</code> for history.
          </>
        }
      />
      <p>
        Without a key, the free tier covers Anthropic, OpenAI, Google and DeepSeek over the trailing
        month: <a href="/">see today&apos;s index</a>.
      </p>
      <OtherLabs lab={lab} />
    </>
  );
}

/** What a key gives, in one sentence, with the way to one. */
export function KeyTeaser({ keyedCount }: { keyedCount: number }) {
  return (
    <p className="key-teaser" data-key-teaser>
      Any API key unlocks the {keyedCount} keyed labs&apos; daily values, every lab&apos;s full
      history before the trailing month, and each day&apos;s per-model constituents:{" "}
      <a href={KEY_HREF}>get a key</a> (<a href="/docs#authentication">how to use it</a>
      ).
    </p>
  );
}
