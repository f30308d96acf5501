import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ChangeText } from "../../components/change-text";
import { KEY_HREF, LockedValue, SettledDay } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import {
  parseChartState,
  type ChartViewQuery,
  planHeldRange,
  type ChartOffer,
  type ChartState,
} from "../../lib/chart-state";
import { formatUsd, formatUtcDay } from "../../lib/format";
import { type Series } from "../../lib/shape";
import { socialMetadata } from "../../lib/social";
import { restsOnSample } from "../../server/sources";
import { HISTORY_START_DAY, type SignedInReader } from "../../server/viewer";
import type { IndexRow, KeyedLatestDay } from "./api-types";
import { HOME_CARD_PATH } from "./card";
import { HOME_SERIES_PARAM } from "./chart-params";
import { KeyTeaser } from "./keyed-lab";
import { TOKEN_HELD_RANGE } from "./lab-window";
import {
  loadFreeWindow,
  loadKeyedLatestDays,
  loadLatest,
  loadTokenSources,
  loadTokenTypes,
  loadPlanIndex,
  loadPlanLatest,
} from "./loaders";
import { labSeries, labSnapshots, type LabSnapshot } from "./shape";
import { OfferedSeriesChart } from "../../kit/chart-page";
import { StackTable } from "../../kit/table";

const HOME_TITLE = "Token Price Index: the daily price of AI tokens by model lab";
const HOME_DESCRIPTION =
  "The latest settled Token Price Index for Anthropic, OpenAI, Google and DeepSeek in USD per million tokens, with daily and weekly changes and a one-month chart.";

/** The home page's metadata, shared by `/` and /home-view (`/` with a chart query). */
export async function homeMetadata(): Promise<Metadata> {
  const latest = await loadLatest();
  // The cards carry the latest settled values, so a shared link shows the numbers themselves.
  const values =
    latest === undefined
      ? undefined
      : `${latest.date} (UTC): ${labSnapshots(latest.rows, [])
          .map((snapshot) => `${snapshot.label} ${formatUsd(snapshot.indexPerMtok)}`)
          .join(", ")} per million tokens.`;
  return {
    title: { absolute: HOME_TITLE },
    description: HOME_DESCRIPTION,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: "/",
      image: HOME_CARD_PATH,
      sample: await restsOnSample(loadTokenSources),
      title: HOME_TITLE,
      description: values === undefined ? HOME_DESCRIPTION : `Latest settled day ${values}`,
    }),
  };
}

/** The home chart's URL query: `?range=` and `?labs=` (comma-separated lab identifiers). */
export type HomeChartQuery = {
  range?: string | string[];
  labs?: string | string[];
  /** The y axis's scale and zoom (`?y=log&from=…&to=…`). */
  view?: ChartViewQuery;
};

/**
 * The home page's content. `/` renders it with no query from the full-route cache; `/` with a
 * chart query is rewritten (next.config.ts) to the dynamic /home-view route, which renders it with
 * the query, so that a shared chart link shows the same chart without JavaScript while the plain
 * home page stays cached.
 */
export async function HomeContent({
  chartQuery,
  reader,
}: {
  chartQuery: HomeChartQuery;
  /** The signed-in reader (per-request /home-view only): keyed labs' values if the plan reads them. */
  reader?: SignedInReader;
}) {
  const [latest, window, tokenTypes, keyedLatest, planTable] = await Promise.all([
    loadLatest(),
    loadFreeWindow(),
    loadTokenTypes(),
    loadKeyedLatestDays(),
    reader !== undefined && reader.viewer.tokenAccess === "full"
      ? loadPlanTable(reader)
      : undefined,
  ]);
  // Visitors hold the free window, the trailing month: wider ranges need a key. A signed-in
  // reader whose plan reads the whole index holds the same labs' history as the api answers it.
  const visitorSeries = labSeries(window.rows);
  const chartLabs = new Set(visitorSeries.map((one) => one.key));
  const allSeries =
    planTable === undefined
      ? visitorSeries
      : labSeries(planTable.history.filter((row) => chartLabs.has(row.lab)));
  const offer: ChartOffer = {
    held:
      planTable === undefined
        ? TOKEN_HELD_RANGE
        : planHeldRange(planTable.access, TOKEN_HELD_RANGE),
    keys: allSeries.map((one) => one.key),
  };
  const chartState = parseChartState(chartQuery.range, chartQuery.labs, offer, chartQuery.view);

  return (
    <>
      <h1>Token Price Index</h1>
      <p className="lead">
        What a million tokens cost at each major model lab: a daily, volume-weighted blend of input
        and output list prices, in US dollars per million tokens, settled per UTC day.
      </p>

      {latest === undefined ? (
        <p className="notice">
          No day has settled yet. Values appear here once the first UTC day settles.
        </p>
      ) : planTable !== undefined && reader !== undefined ? (
        <LatestDaySection
          date={planTable.date}
          snapshots={planTable.snapshots}
          keyedLatest={[]}
          note={<SignedInNote viewer={reader.viewer} />}
        />
      ) : (
        <LatestDaySection
          date={latest.date}
          snapshots={labSnapshots(latest.rows, window.rows)}
          keyedLatest={keyedLatest}
          note={
            reader === undefined ? (
              <KeyTeaser keyedCount={keyedLatest.length} />
            ) : (
              <SignedInNote viewer={reader.viewer} />
            )
          }
        />
      )}

      <TrailingMonthSection
        allSeries={allSeries}
        chartState={chartState}
        offer={offer}
        heading={planTable === undefined ? "The trailing month" : "The index over time"}
      />

      <LabTiersSection tokenTypes={tokenTypes} />
    </>
  );
}

/**
 * A signed-in reader's table: every lab's latest settled day with its changes, as the api answers
 * a key of the plan (`GET /api/otpi` for the day, then the week before it for the changes).
 */
async function loadPlanTable(
  reader: SignedInReader,
): Promise<
  { date: string; snapshots: LabSnapshot[]; access: string; history: IndexRow[] } | undefined
> {
  const latest = await loadPlanLatest(reader.token);
  if (latest === undefined) return undefined;
  // All history through the latest day: the table's changes and the chart's ranges up to All.
  const answer = await loadPlanIndex(reader.token, {
    startDate: HISTORY_START_DAY,
    endDate: latest.date,
  });
  return {
    date: latest.date,
    snapshots: labSnapshots(latest.rows, answer.data),
    access: answer.access,
    history: answer.data,
  };
}

/** Every lab's latest settled day: free labs with values and changes, keyed labs locked. */
function LatestDaySection({
  date,
  snapshots,
  keyedLatest,
  note,
}: {
  date: string;
  snapshots: LabSnapshot[];
  keyedLatest: KeyedLatestDay[];
  /** Below the table: what a key unlocks, or whom the signed-in values are for. */
  note: ReactNode;
}) {
  return (
    <section aria-labelledby="latest-heading">
      <h2 id="latest-heading">
        Latest settled day: <time dateTime={date}>{formatUtcDay(date)}</time> (UTC)
      </h2>
      <div className="table-wrap">
        <table className="stack" data-table="latest" data-date={date}>
          <caption>
            Token Price Index on {formatUtcDay(date)} (UTC settlement day), USD per million tokens
          </caption>
          <thead>
            <tr>
              <th scope="col">Lab</th>
              <th scope="col" className="num">
                Index (USD / M tokens)
              </th>
              <th scope="col" className="num">
                Change vs previous day
              </th>
              <th scope="col" className="num">
                Change vs 7 days earlier
              </th>
            </tr>
          </thead>
          <tbody>
            {snapshots.map((snapshot) => (
              <FreeLabRow key={snapshot.lab} snapshot={snapshot} />
            ))}
            {keyedLatest.map((entry) => (
              <KeyedLabRow key={entry.lab} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      {note}
    </section>
  );
}

function FreeLabRow({ snapshot }: { snapshot: LabSnapshot }) {
  return (
    <tr data-lab={snapshot.lab}>
      <th scope="row">
        <a href={`/labs/${snapshot.lab}`}>{snapshot.label}</a>
      </th>
      <td className="num" data-label="Index (USD / M tokens)" data-value={snapshot.indexPerMtok}>
        {formatUsd(snapshot.indexPerMtok)}
      </td>
      <td className="num" data-label="Change vs previous day">
        <ChangeText change={snapshot.dayChange} />
      </td>
      <td className="num" data-label="Change vs 7 days earlier">
        <ChangeText change={snapshot.weekChange} />
      </td>
    </tr>
  );
}

/** A keyed lab's row: its latest settled day, never its value. */
function KeyedLabRow({ entry }: { entry: KeyedLatestDay }) {
  return (
    <tr data-lab={entry.lab} data-tier="keyed" data-latest-date={entry.latestDate ?? ""}>
      <th scope="row">
        <a href={`/labs/${entry.lab}`}>{entry.label}</a>
      </th>
      <td className="num" data-label="Index (USD / M tokens)">
        <LockedValue />
      </td>
      <td colSpan={2} data-label="Latest settled day">
        latest settled day <SettledDay date={entry.latestDate} />
      </td>
    </tr>
  );
}

/** The free labs' chart over the range and labs the URL asks for, with its range and lab links. */
function TrailingMonthSection({
  allSeries,
  chartState,
  offer,
  heading,
}: {
  heading: string;
  allSeries: Series[];
  chartState: ChartState;
  offer: ChartOffer;
}) {
  return (
    <section aria-labelledby="chart-heading">
      <h2 id="chart-heading">{heading}</h2>
      <OfferedSeriesChart
        id="home-month"
        title="Token Price Index of the free-tier labs, USD per million tokens"
        unit="USD per million tokens"
        allSeries={allSeries}
        view={{ path: "/", offer, seriesParam: HOME_SERIES_PARAM, state: chartState }}
        seriesNoun="Labs"
      />
    </section>
  );
}

/** Every lab of the index and whether reading it needs a key. */
function LabTiersSection({
  tokenTypes,
}: {
  tokenTypes: Awaited<ReturnType<typeof loadTokenTypes>>;
}) {
  const freeLabs = new Set<string>(tokenTypes.free.map((entry) => entry.lab));
  const keyedLabs = tokenTypes.all.filter((entry) => !freeLabs.has(entry.lab));
  return (
    <section id="labs" aria-labelledby="tiers-heading">
      <h2 id="tiers-heading">Free and keyed data</h2>
      <p>
        Without a key, anyone can read the {tokenTypes.free.length} free-tier labs for the trailing
        month. The other {keyedLabs.length} labs, and all older history, need an API key:{" "}
        <a href={KEY_HREF}>get a key</a> (<a href="/docs#authentication">how to use it</a>).
      </p>
      <div className="table-wrap">
        <StackTable
          name="tiers"
          stacked={false}
          caption="Labs covered by the index and the access each needs"
          columns={["Lab", "Identifier", "Access"]}
        >
          {tokenTypes.all.map((entry) => (
            <tr
              key={entry.lab}
              data-lab={entry.lab}
              data-tier={freeLabs.has(entry.lab) ? "free" : "keyed"}
            >
              <th scope="row">
                <a href={`/labs/${entry.lab}`}>{entry.label}</a>
              </th>
              <td>
                <code>{entry.lab}</code>
              </td>
              <td>
                {freeLabs.has(entry.lab) ? "Free: trailing month, no key" : "API key required"}
              </td>
            </tr>
          ))}
        </StackTable>
      </div>
    </section>
  );
}
