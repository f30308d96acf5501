import type { Metadata } from "next";
import { isFreeTierLab, labLabel, type LabId } from "@tpi/domain";
import { ChangeText } from "../../components/change-text";
import { ControlledChart } from "../../components/chart-controls";
import { CiteThis } from "../../components/cite-this";
import { KEY_HREF } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { loadReleaseCite } from "../../server/releases";
import { tokenMarket } from "./entry";
import {
  chartStateHref,
  latestDay,
  parseChartState,
  type ChartViewQuery,
  shownFrom,
  planHeldRange,
  type ChartOffer,
  type ChartRange,
} from "../../lib/chart-state";
import { formatUsd, formatUtcDay, formatUtcInstant } from "../../lib/format";
import { newestFirst } from "../../lib/shape";
import { socialMetadata } from "../../lib/social";
import { restsOnSample } from "../../server/sources";
import { HISTORY_START_DAY, type SignedInReader } from "../../server/viewer";
import type { Constituents, IndexRow, SourceDay } from "./api-types";
import { labCardPath } from "./card";
import { HOME_SERIES_PARAM } from "./chart-params";
import { KeyedLab } from "./keyed-lab";
import { LabNotifyMe } from "./lab-notify-me";
import { ConstituentsSection, CoverageLine, DaysCitation } from "./lab-sources";
import { TOKEN_HELD_RANGE, shownRange, summarizeWindow, type WindowSummary } from "./lab-window";
import {
  loadConstituents,
  loadFreeWindow,
  loadKeyedLatestDays,
  loadSourceDays,
  loadTokenSources,
  loadTokenWindow,
  loadPlanConstituentsOrNone,
  loadPlanIndexOrNone,
} from "./loaders";
import { OtherLabs } from "./other-labs";
import { csvPathOf, labPathOf } from "./paths";
import { provenanceByDay } from "./provenance";
import { labSeries } from "./shape";
import { FoldedTable } from "../../kit/folded-table";

/** The chart state a lab page's URL asks for (`?range=`); the plain page has none. */
export type LabChartQuery = { range?: string | string[]; view?: ChartViewQuery };

/** Title, description and cards of a lab's page; the cards carry the latest value. */
export async function labMetadata(lab: LabId): Promise<Metadata> {
  const label = labLabel(lab);
  const siteUrl = readWebEnv().publicSiteUrl;
  const sample = await restsOnSample(loadTokenSources);
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
        sample,
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
      sample,
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
  reader,
}: {
  lab: LabId;
  chartQuery?: LabChartQuery;
  /** The signed-in reader (per-request pages only): their plan's data, as the api answers it. */
  reader?: SignedInReader;
}) {
  const label = labLabel(lab);
  // A plan that reads the whole index (the api's `access`): the page shows what its key would.
  if (reader !== undefined && reader.viewer.tokenAccess === "full")
    return planLab({ lab, label, chartQuery, reader });
  if (!isFreeTierLab(lab)) {
    const keyed = await loadKeyedLatestDays();
    return (
      <KeyedLab
        lab={lab}
        label={label}
        latestDate={keyed.find((entry) => entry.lab === lab)?.latestDate ?? null}
        keyedCount={keyed.length}
        viewer={reader?.viewer}
      />
    );
  }

  const view = await loadFreeLab(lab, chartQuery);
  const { latest, range } = view;
  return (
    <>
      <h1>{label} token price index</h1>
      <p className="lead">
        The daily blended price of {label}&apos;s models in USD per million tokens, for each settled
        UTC day of the free window (
        <time dateTime={range.startDate}>{formatUtcDay(range.startDate)}</time> to{" "}
        <time dateTime={range.endDate}>{formatUtcDay(range.endDate)}</time>, the last settled day).
      </p>
      <LabNotifyMe lab={lab} label={label} />
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      {latest === undefined ? (
        <p className="notice">No settled values in the free window yet.</p>
      ) : (
        <LabValues lab={lab} label={label} latest={latest} view={view} />
      )}
      <p className="muted">
        Older history is available with an API key: <a href={KEY_HREF}>get one</a>.
      </p>
      <OtherLabs lab={lab} />
    </>
  );
}

/**
 * A lab's page for a signed-in reader whose plan reads the whole index: every settled day the
 * api answers a key of that plan (`planIndex`), the ranges up to All, and the CSV of them.
 */
async function planLab({
  lab,
  label,
  chartQuery,
  reader,
}: {
  lab: LabId;
  label: string;
  chartQuery: LabChartQuery;
  reader: SignedInReader;
}) {
  const view = await loadPlanLab(lab, chartQuery, reader);
  const { latest, range } = view;
  return (
    <>
      <h1>{label} token price index</h1>
      <p className="lead">
        The daily blended price of {label}&apos;s models in USD per million tokens, for each settled
        UTC day your plan reads (
        <time dateTime={range.startDate}>{formatUtcDay(range.startDate)}</time> to{" "}
        <time dateTime={range.endDate}>{formatUtcDay(range.endDate)}</time>, the last settled day).
      </p>
      <LabNotifyMe lab={lab} label={label} />
      <SignedInNote viewer={reader.viewer} />
      {latest === undefined ? (
        <p className="notice">No settled values yet.</p>
      ) : (
        <LabValues lab={lab} label={label} latest={latest} view={view} />
      )}
      <OtherLabs lab={lab} />
    </>
  );
}

/**
 * What a signed-in reader's lab page shows: the history the api answers a key of the plan, cut
 * to the chart's range. The ranges offered follow the answer's `access` (the api's rule).
 */
async function loadPlanLab(lab: LabId, chartQuery: LabChartQuery, reader: SignedInReader) {
  const endDate = (await loadTokenWindow()).endDate;
  const answer = await loadPlanIndexOrNone(
    reader.token,
    lab,
    HISTORY_START_DAY,
    endDate,
    reader.viewer.tokenAccess ?? "",
  );
  const rows = newestFirst(answer.rows);
  const range = {
    startDate: rows[rows.length - 1]?.date ?? endDate,
    endDate: rows[0]?.date ?? endDate,
  };
  return labView({
    lab,
    rows,
    range,
    held: planHeldRange(answer.access, TOKEN_HELD_RANGE),
    chartQuery,
    summaryNoun: "your plan's history",
    loadDays: (shownStart) => loadSourceDays(shownStart, range.endDate),
    loadConstituentsOf: (date) => loadPlanConstituentsOrNone(reader.token, lab, date),
  });
}

/** What a free lab's page shows: the free window from the api, cut to the chart's range. */
async function loadFreeLab(lab: LabId, chartQuery: LabChartQuery) {
  const window = await loadFreeWindow(lab);
  return labView({
    lab,
    rows: newestFirst(window.rows),
    // One end date for the lead, the table and the CSV: the last settled day shown, not today.
    range: shownRange(window),
    held: TOKEN_HELD_RANGE,
    chartQuery,
    summaryNoun: "the free window",
    loadDays: () => loadSourceDays(window.startDate, window.endDate),
    loadConstituentsOf: (date) => loadConstituents(date, lab),
  });
}

/**
 * A lab page's view of its rows (newest first): the latest day, and the changes and the low,
 * high and mean over all of them; the chart's range (`?range=7D`) cuts the chart, the table and
 * the CSV link alike. `loadDays` reads the source days behind the days shown (from the first
 * one shown), `loadConstituentsOf` the latest day's constituents.
 */
async function labView(input: {
  lab: LabId;
  rows: IndexRow[];
  range: { startDate: string; endDate: string };
  held: ChartRange;
  chartQuery: LabChartQuery;
  summaryNoun: string;
  loadDays: (shownStart: string) => Promise<SourceDay[]>;
  loadConstituentsOf: (date: string) => Promise<Constituents | undefined>;
}) {
  const { rows, range } = input;
  const latest = rows[0];
  const summary = summarizeWindow(rows);
  const offer: ChartOffer = { held: input.held, keys: [input.lab] };
  const chartState = parseChartState(
    input.chartQuery.range,
    undefined,
    offer,
    input.chartQuery.view,
  );
  const from = shownFrom(chartState, offer, latestDay(rows.map((row) => row.date)));
  const shownRows = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const shownStart = from ?? range.startDate;
  const [sourceDays, constituents, release] = await Promise.all([
    input.loadDays(shownStart),
    latest === undefined ? undefined : input.loadConstituentsOf(latest.date),
    loadReleaseCite(tokenMarket.name),
  ]);
  const provenance = provenanceByDay(sourceDays);
  // The latest day shown may have several source days (one per source): the largest carries it.
  const latestSourceDay = sourceDays
    .filter((day) => day.date === latest?.date)
    .sort((a, b) => b.listedTokens + b.otherTokens - (a.listedTokens + a.otherTokens))[0];
  return {
    latest,
    range,
    summary,
    summaryNoun: input.summaryNoun,
    offer,
    chartState,
    shownRows,
    shownStart,
    provenance,
    latestSourceDay,
    constituents,
    release,
  };
}

type LabView = Awaited<ReturnType<typeof labView>>;

/** A lab's values: latest day, changes, chart, CSV link, table, sources and citation. */
function LabValues({
  lab,
  label,
  latest,
  view,
}: {
  lab: LabId;
  label: string;
  latest: IndexRow;
  view: LabView;
}) {
  return (
    <>
      <LatestValueCard latest={latest} />
      {view.summary !== undefined && <ChangeStrip summary={view.summary} noun={view.summaryNoun} />}
      <ControlledChart
        id={`lab-${lab}`}
        title={`${label} token price index, USD per million tokens`}
        unit="USD per million tokens"
        series={labSeries(view.shownRows)}
        state={view.chartState}
        offer={view.offer}
        links={{
          path: labPathOf(lab),
          seriesParam: HOME_SERIES_PARAM,
          labels: {},
          seriesNoun: "Labs",
        }}
      />
      <p>
        <a
          className="button"
          href={chartStateHref(
            csvPathOf(lab),
            { range: view.chartState.range, keys: view.chartState.keys },
            view.offer,
            HOME_SERIES_PARAM,
          )}
          download
          data-csv
        >
          Download these {view.shownRows.length} rows as CSV
        </a>
      </p>
      <HistoryTable
        lab={lab}
        label={label}
        rows={view.shownRows}
        startDate={view.shownStart}
        endDate={view.range.endDate}
      />
      <DaysCitation date={latest.date} provenance={view.provenance.get(latest.date)} />
      <CoverageLine day={view.latestSourceDay} />
      {view.constituents !== undefined && (
        <ConstituentsSection label={label} body={view.constituents} />
      )}
      <CiteThis
        citation={{
          series: `${label} token price index`,
          unit: "USD per million tokens",
          valueDate: latest.date,
          url: `${readWebEnv().publicSiteUrl}/labs/${lab}`,
        }}
        release={view.release}
      />
    </>
  );
}

function LatestValueCard({ latest }: { latest: IndexRow }) {
  return (
    <div className="cards">
      <div className="card">
        <div className="muted">Latest settled day</div>
        <div className="value" data-latest-value={latest.indexPerMtok}>
          {formatUsd(latest.indexPerMtok)}
        </div>
        <div>
          USD per million tokens on <time dateTime={latest.date}>{formatUtcDay(latest.date)}</time>
        </div>
      </div>
    </div>
  );
}

/** The rows of the chart's range, newest first: the rows the CSV link downloads. */
function HistoryTable({
  lab,
  label,
  rows,
  startDate,
  endDate,
}: {
  lab: LabId;
  label: string;
  rows: IndexRow[];
  startDate: string;
  endDate: string;
}) {
  return (
    <FoldedTable rows={rows.length}>
      <table className="stack" data-table="history" data-lab={lab}>
        <caption>
          {label} token price index per UTC settlement day, {formatUtcDay(startDate)} to{" "}
          {formatUtcDay(endDate)}, newest first
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
          {rows.map((row) => (
            <tr key={row.date} data-date={row.date}>
              <th scope="row">
                <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
              </th>
              <td className="num" data-label="Index (USD / M tokens)" data-value={row.indexPerMtok}>
                {formatUsd(row.indexPerMtok)}
              </td>
              <td data-label="Computed at (UTC)">
                <time dateTime={row.computedAt}>{formatUtcInstant(row.computedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </FoldedTable>
  );
}

/** The change strip: changes to the latest settled day and the window's range, from the table's rows. */
function ChangeStrip({ summary, noun }: { summary: WindowSummary; noun: string }) {
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
            Mean{" "}
            <span className="muted">
              ({summary.days} days of {noun})
            </span>
          </dt>
          <dd>{formatUsd(summary.mean)}</dd>
        </div>
      </dl>
    </section>
  );
}
