import type { Metadata } from "next";
import Link from "next/link";
import { isFreeTierLab, LAB_CATALOG, type LabId } from "@tpi/domain";
import { ChangeText } from "./change-text";
import { ChartControls } from "./chart-controls";
import { CiteThis } from "./cite-this";
import { KeyTeaser, KEY_HREF, LockedValue, SettledDay } from "./keyed-access";
import { ConstituentsSection, CoverageLine, DaysCitation } from "./lab-sources";
import { LineChart } from "./line-chart";
import { readWebEnv } from "../env";
import { HOME_SERIES_PARAM } from "../lib/chart-params";
import { socialMetadata } from "../lib/social";
import { labCardPath } from "../lib/social-card";
import {
  chartStateHref,
  latestDay,
  parseChartState,
  shownFrom,
  TOKEN_HELD_RANGE,
  type ChartOffer,
} from "../lib/chart-state";
import { formatUsd, formatUtcDay, formatUtcInstant } from "../lib/format";
import { shownRange, summarizeWindow, type WindowSummary } from "../lib/lab-window";
import { csvPathOf, labPathOf } from "../lib/paths";
import { provenanceByDay } from "../lib/provenance";
import { labLabel, labSeries, newestFirst } from "../lib/shape";
import {
  loadConstituents,
  loadFreeWindow,
  loadKeyedLatestDays,
  loadSourceDays,
} from "../server/data";

/** The chart state a lab page's URL asks for (`?range=`); the plain page has none. */
export type LabChartQuery = { range?: string | string[] };

/** Title, description and cards of a lab's page; the cards carry the latest value. */
export async function labMetadata(lab: LabId): Promise<Metadata> {
  const label = labLabel(lab);
  const siteUrl = readWebEnv().publicSiteUrl;
  if (!isFreeTierLab(lab)) {
    const title = `${label} token price index (API key)`;
    const description = `The ${label} token price index is available with an API key: what it contains and how to get access.`;
    return {
      title,
      description,
      ...socialMetadata({
        siteUrl,
        path: `/labs/${lab}`,
        title,
        description,
        image: labCardPath(lab),
      }),
    };
  }
  // The card carries the latest value, so a shared link shows the number itself.
  const latest = newestFirst((await loadFreeWindow(lab)).rows)[0];
  const title = `${label} token price index`;
  const description =
    latest === undefined
      ? `Daily ${label} token price index in USD per million tokens over the trailing month, with a CSV download.`
      : `${formatUsd(latest.indexPerMtok)} per million tokens on ${latest.date} (UTC settlement day): the daily ${label} token price index over the trailing month, with a CSV download.`;
  const cardTitle =
    latest === undefined
      ? title
      : `${title}: ${formatUsd(latest.indexPerMtok)} / M tokens on ${latest.date}`;
  return {
    title,
    description,
    ...socialMetadata({
      siteUrl,
      path: `/labs/${lab}`,
      title: cardTitle,
      description,
      image: labCardPath(lab),
    }),
  };
}

/**
 * A lab's page: the cached `/labs/<lab>` renders it without a chart state, the per-request
 * `/labs/<lab>/view` (where next.config.ts sends a lab URL with `?range=`) with one.
 */
export async function LabContent({
  lab,
  chartQuery = {},
}: {
  lab: LabId;
  chartQuery?: LabChartQuery;
}) {
  const label = labLabel(lab);
  if (!isFreeTierLab(lab)) {
    const keyed = await loadKeyedLatestDays();
    return (
      <KeyedLab
        lab={lab}
        label={label}
        latestDate={keyed.find((entry) => entry.lab === lab)?.latestDate ?? null}
        keyedCount={keyed.length}
      />
    );
  }

  const window = await loadFreeWindow(lab);
  const rows = newestFirst(window.rows);
  const latest = rows[0];
  // One end date for the lead, the table and the CSV: the last settled day shown, not today.
  const range = shownRange(window);
  // The changes and the window's low, high and mean always cover the free window; the chart's
  // range (`?range=7D`) cuts the chart, the table and the CSV link alike.
  const summary = summarizeWindow(rows);
  const offer: ChartOffer = { held: TOKEN_HELD_RANGE, keys: [lab] };
  const chartState = parseChartState(chartQuery.range, undefined, offer);
  const from = shownFrom(chartState, offer, latestDay(rows.map((row) => row.date)));
  const shownRows = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const shownStart = from ?? range.startDate;
  const [sourceDays, constituents] = await Promise.all([
    loadSourceDays(window.startDate, window.endDate),
    latest === undefined ? undefined : loadConstituents(latest.date, lab),
  ]);
  const provenance = provenanceByDay(sourceDays);
  // The latest day shown may have several source days (one per source): the largest carries it.
  const latestSourceDay = sourceDays
    .filter((day) => day.date === latest?.date)
    .sort((a, b) => b.listedTokens + b.otherTokens - (a.listedTokens + a.otherTokens))[0];
  return (
    <>
      <h1>{label} token price index</h1>
      <p className="lead">
        The daily blended price of {label}&apos;s models in USD per million tokens, for each settled
        UTC day of the free window (
        <time dateTime={range.startDate}>{formatUtcDay(range.startDate)}</time> to{" "}
        <time dateTime={range.endDate}>{formatUtcDay(range.endDate)}</time>, the last settled day).
      </p>
      {latest === undefined ? (
        <p className="notice">No settled values in the free window yet.</p>
      ) : (
        <>
          <div className="cards">
            <div className="card">
              <div className="muted">Latest settled day</div>
              <div className="value" data-latest-value={latest.indexPerMtok}>
                {formatUsd(latest.indexPerMtok)}
              </div>
              <div>
                USD per million tokens on{" "}
                <time dateTime={latest.date}>{formatUtcDay(latest.date)}</time>
              </div>
            </div>
          </div>
          {summary !== undefined && <ChangeStrip summary={summary} />}
          <LineChart
            id={`lab-${lab}`}
            title={`${label} token price index, USD per million tokens`}
            unit="USD per million tokens"
            series={labSeries(shownRows)}
            controls={
              <ChartControls
                path={labPathOf(lab)}
                state={chartState}
                offer={offer}
                seriesParam={HOME_SERIES_PARAM}
                labels={{}}
                seriesNoun="Labs"
              />
            }
          />
          <p>
            <a
              className="button"
              href={chartStateHref(csvPathOf(lab), chartState, offer, HOME_SERIES_PARAM)}
              download
              data-csv
            >
              Download these {shownRows.length} rows as CSV
            </a>
          </p>
          <div className="table-wrap">
            <table className="stack" data-table="history" data-lab={lab}>
              <caption>
                {label} token price index per UTC settlement day, {formatUtcDay(shownStart)} to{" "}
                {formatUtcDay(range.endDate)}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Settlement day (UTC)</th>
                  <th scope="col" className="num">
                    Index (USD / M tokens)
                  </th>
                  <th scope="col">Computed at (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {shownRows.map((row) => (
                  <tr key={row.date} data-date={row.date}>
                    <th scope="row">
                      <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
                    </th>
                    <td
                      className="num"
                      data-label="Index (USD / M tokens)"
                      data-value={row.indexPerMtok}
                    >
                      {formatUsd(row.indexPerMtok)}
                    </td>
                    <td data-label="Computed at (UTC)">
                      <time dateTime={row.computedAt}>{formatUtcInstant(row.computedAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DaysCitation date={latest.date} provenance={provenance.get(latest.date)} />
          <CoverageLine day={latestSourceDay} />
          {constituents !== undefined && <ConstituentsSection label={label} body={constituents} />}
          <CiteThis
            citation={{
              series: `${label} token price index`,
              unit: "USD per million tokens",
              valueDate: latest.date,
              url: `${readWebEnv().publicSiteUrl}/labs/${lab}`,
            }}
          />
        </>
      )}
      <p className="muted">
        Older history is available with an API key:{" "}
        <Link prefetch={false} href={KEY_HREF}>
          get one
        </Link>
        .
      </p>
      <OtherLabs lab={lab} />
    </>
  );
}

/** The change strip: changes to the latest settled day and the window's range, from the table's rows. */
function ChangeStrip({ summary }: { summary: WindowSummary }) {
  return (
    <section aria-labelledby="changes-heading" data-change-strip={summary.endDate}>
      <h2 id="changes-heading">
        Changes to <time dateTime={summary.endDate}>{formatUtcDay(summary.endDate)}</time>
      </h2>
      <dl className="change-strip">
        {summary.changes.map((entry) => (
          <div key={entry.days} data-horizon={entry.days} data-from={entry.from}>
            <dt>
              {entry.days === 1 ? "1 day" : `${entry.days} days`}{" "}
              <span className="muted">
                (vs <time dateTime={entry.from}>{formatUtcDay(entry.from)}</time>)
              </span>
            </dt>
            <dd>
              <ChangeText change={entry.change} />
            </dd>
          </div>
        ))}
        <div data-stat="min" data-value={summary.min.value} data-date={summary.min.date}>
          <dt>
            Low <span className="muted">({formatUtcDay(summary.min.date)})</span>
          </dt>
          <dd>{formatUsd(summary.min.value)}</dd>
        </div>
        <div data-stat="max" data-value={summary.max.value} data-date={summary.max.date}>
          <dt>
            High <span className="muted">({formatUtcDay(summary.max.date)})</span>
          </dt>
          <dd>{formatUsd(summary.max.value)}</dd>
        </div>
        <div data-stat="mean" data-value={summary.mean}>
          <dt>
            Mean <span className="muted">({summary.days} days of the free window)</span>
          </dt>
          <dd>{formatUsd(summary.mean)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Links to every other lab's page, free and keyed, in catalog order. */
function OtherLabs({ lab }: { lab: LabId }) {
  return (
    <nav aria-labelledby="other-labs-heading" className="other-labs" data-other-labs>
      <h2 id="other-labs-heading">Other labs</h2>
      <ul>
        {LAB_CATALOG.filter((entry) => entry.lab !== lab).map((entry) => (
          <li key={entry.lab}>
            <Link href={labPathOf(entry.lab)}>{entry.label}</Link>
            {!entry.freeTier && <span className="muted"> (API key)</span>}
          </li>
        ))}
      </ul>
      <p>
        <Link href="/labs">All labs with their latest values</Link>
      </p>
    </nav>
  );
}

function KeyedLab({
  lab,
  label,
  latestDate,
  keyedCount,
}: {
  lab: LabId;
  label: string;
  latestDate: string | null;
  keyedCount: number;
}) {
  return (
    <>
      <h1>{label} token price index</h1>
      <p className="lead">
        The {label} index is part of the keyed tier: its daily values and full history are served to
        API key holders.
      </p>
      <div className="cards">
        <div className="card" data-keyed-latest={latestDate ?? ""}>
          <div className="muted">Latest settled day</div>
          <div className="value">
            <LockedValue />
          </div>
          <div>
            USD per million tokens on <SettledDay date={latestDate} />
          </div>
        </div>
      </div>
      <KeyTeaser keyedCount={keyedCount} />
      <h2>What the data is</h2>
      <p>
        For each settled UTC day, the volume-weighted blend of input and output list prices of{" "}
        {label}&apos;s paid production models, in USD per million tokens, computed with the
        published <Link href="/methodology">methodology</Link>. Every value carries the time it was
        computed.
      </p>
      <h2>How to get it</h2>
      <ol>
        <li>
          <Link prefetch={false} href={KEY_HREF}>
            Get an API key
          </Link>{" "}
          (see <Link href="/docs#authentication">authentication</Link>).
        </li>
        <li>
          Call <code>GET /api/otpi?lab={lab}</code> with{" "}
          <code>Authorization: Bearer &lt;API_KEY&gt;</code>; add <code>startDate</code> and{" "}
          <code>endDate</code> for history.
        </li>
      </ol>
      <p>
        Without a key, the free tier covers Anthropic, OpenAI, Google and DeepSeek over the trailing
        month: <Link href="/">see today&apos;s index</Link>.
      </p>
      <OtherLabs lab={lab} />
    </>
  );
}
