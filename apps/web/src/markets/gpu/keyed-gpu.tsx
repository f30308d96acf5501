import type { ReactNode } from "react";
import { FREE_TIER_GPU_NAMES, GPU_FREE_WINDOW_MONTHS, type GpuName } from "@tpi/domain";
import { KeyHowTo, KeyedLatestCard } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import type { Viewer } from "../../server/viewer";
import { GpuNotifyMe } from "./gpu-notify-me";
import { GPU_METHODOLOGY_PATH } from "./paths";

/**
 * A keyed GPU: what it is, its latest settled day and the way to a key. Its value is locked for a
 * visitor; a signed-in reader whose plan reads it gets the daily index (`children`) in place of
 * the lock, and any signed-in reader the note naming their plan.
 */
export function KeyedGpu({
  gpu,
  latestDay,
  viewer,
  children,
}: {
  gpu: GpuName;
  latestDay: string | null;
  viewer?: Viewer;
  children?: ReactNode;
}) {
  return (
    <>
      <h1>{gpu} GPU compute price index</h1>
      <p className="lead" data-gpu-state="keyed">
        The {gpu} index is part of the keyed tier: its hourly prints, daily values and analytics are
        served to API key holders.
      </p>
      <GpuNotifyMe gpu={gpu} />
      {viewer !== undefined && <SignedInNote viewer={viewer} />}
      {children ?? <KeyedLatestCard unit="USD per GPU-hour" date={latestDay} />}
      <h2>What the data is</h2>
      <p>
        Every hour, the volume-weighted mean price of the {gpu} rental trades of the hour before, in
        USD per GPU-hour (an hour without trades carries the previous print forward, marked
        carried); each day, the mean of its hourly prints; and analytics over them, such as the
        rolling 24-hour average and the rolling volatility. See the{" "}
        <a href={GPU_METHODOLOGY_PATH}>GPU methodology</a>.
      </p>
      <KeyHowTo
        request={<>GET /api/gpu/{encodeURIComponent(gpu)}/index-history</>}
        after={
          <>
            the other GPU routes are in the <a href="/docs#routes">API reference</a>.
          </>
        }
      />
      <p>
        Without a key, the free tier covers {FREE_TIER_GPU_NAMES.join(", ")} over the trailing{" "}
        {GPU_FREE_WINDOW_MONTHS} months: <a href="/gpus">see the GPU index</a>.
      </p>
    </>
  );
}
