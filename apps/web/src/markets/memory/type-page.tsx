import type { Metadata } from "next";
import { HowToGetIt, LockedValues } from "../../kit/access";
import { FoldedTable } from "../../kit/folded-table";
import { SeriesValues } from "../../kit/chart-page";
import { seriesWindow } from "../../kit/series-window";
import { notFound } from "next/navigation";
import { ChartControls } from "../../components/chart-controls";
import { UtcInstant } from "../../components/utc-instant";
import { LineChart } from "../../components/line-chart";
import { MEMORY_DOCS, MEMORY_PLANS_TEXT, MEMORY_LOCK, MemorySources } from "./parts";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import {
  chartStateHref,
  chartViewQuery,
  parseChartState,
  type ChartOffer,
} from "../../lib/chart-state";
import { formatUtcDay, formatUtcInstant } from "../../lib/format";
import {
  changeDirection,
  formatMemoryChange,
  formatMemoryPrice,
  isMemoryTypeId,
  MEMORY_CHART_CADENCE_DAYS,
  MEMORY_PATH,
  MEMORY_PRICE_DECIMALS,
  memoryCsvPathOf,
  memoryPathOf,
  memorySeries,
  memoryUnitOf,
  settlementDayOf,
  type MemoryCatalogEntry,
  type MemoryHistoryRow,
} from "./lib";
import { socialMetadata } from "../../lib/social";
import { MEMORY_CARD_PATH } from "./card";
import {
  loadMemoryMethodology,
  loadMemoryTypes,
  loadPlanMemoryHistory,
  type PlanMemoryHistory,
} from "./loaders";
import { loadViewer, type SignedInReader } from "../../server/viewer";

type MemoryTypePageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The catalogue entry of the path's id; unknown ids were sent to the 404 by proxy.ts. */
async function typeOf(props: MemoryTypePageProps): Promise<MemoryCatalogEntry | undefined> {
  const { id } = await props.params;
  if (!isMemoryTypeId(id)) return undefined;
  return (await loadMemoryTypes()).data.find((entry) => entry.id === id);
}

export async function generateMetadata(props: MemoryTypePageProps): Promise<Metadata> {
  const type = await typeOf(props);
  if (type === undefined) return { title: "Memory type not found" };
  const title = `${type.memory_type}: Memory`;
  const description = `The spot price of ${type.memory_type} (${memoryUnitOf(type.category)}), settled at 4 PM New York on each trading day: the daily history and its CSV with an account or API key of ${MEMORY_PLANS_TEXT}.`;
  return {
    title,
    description,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: memoryPathOf(type.id),
      title,
      description,
      image: MEMORY_CARD_PATH,
      sample: (await loadMemoryMethodology()).dataSources.sample,
    }),
  };
}

export async function MemoryTypePage(props: MemoryTypePageProps) {
  const type = await typeOf(props);
  if (type === undefined) notFound();
  const reader = await loadViewer();
  const history =
    reader === undefined ? undefined : await loadPlanMemoryHistory(reader.token, type.id);
  return (
    <>
      <h1>{type.memory_type}</h1>
      <p className="lead">
        The spot price of {type.memory_type} (<code>{type.id}</code>) in{" "}
        {memoryUnitOf(type.category)}, settled once per trading day at 4 PM New York from the
        session&apos;s observations. See <a href={MEMORY_PATH}>all memory types</a> and how they are
        settled.
      </p>
      {history?.state === "answer" && reader !== undefined ? (
        <TypeValues
          type={type}
          answer={history.answer}
          reader={reader}
          query={await props.searchParams}
        />
      ) : history?.state === "none" && reader !== undefined ? (
        <>
          <SignedInNote viewer={reader.viewer} />
          <p className="notice" data-memory-state="no-data">
            No trading day of {type.memory_type} has settled yet.
          </p>
        </>
      ) : (
        <>
          <LockedValues
            {...MEMORY_LOCK}
            viewer={reader?.viewer}
            refused={history?.state === "refused" ? history.refusal : undefined}
          />
          <HowToGetIt
            plansText={MEMORY_PLANS_TEXT}
            request={`GET /api/memory/${type.id}/history`}
            docsHref={MEMORY_DOCS.history}
          />
        </>
      )}
    </>
  );
}

/** The plan reader's view: latest value, chart with its ranges, sources, CSV, table, citation. */
function TypeValues({
  type,
  answer,
  reader,
  query,
}: {
  type: MemoryCatalogEntry;
  answer: PlanMemoryHistory;
  reader: SignedInReader;
  query: Record<string, string | string[] | undefined>;
}) {
  // The plan reads all history: every range is open; one series, so nothing to toggle.
  const offer: ChartOffer = { held: "All", keys: ["price"] };
  const state = parseChartState(query[CHART_RANGE_PARAM], undefined, offer, chartViewQuery(query));
  const { shown } = seriesWindow(answer.data, (row) => settlementDayOf(row.date), offer, state);
  const newest = answer.data[answer.data.length - 1];
  const path = memoryPathOf(type.id);
  const unit = memoryUnitOf(type.category);
  return (
    <SeriesValues
      viewer={reader.viewer}
      latest={
        newest === undefined ? (
          <p className="notice" data-memory-state="no-data">
            No trading day of {type.memory_type} has settled yet.
          </p>
        ) : (
          <LatestCard row={newest} unit={unit} sample={answer.dataSources.sample} />
        )
      }
      chart={
        <LineChart
          id={`memory-${type.id}`}
          title={`${type.memory_type}, settled spot price (${unit})`}
          unit={unit}
          valueKind="usd"
          axisDecimals={MEMORY_PRICE_DECIMALS}
          cadenceDays={MEMORY_CHART_CADENCE_DAYS}
          series={memorySeries(type.memory_type, shown)}
          yScale={state.y}
          zoom={state.zoom}
          controls={
            <ChartControls
              path={path}
              state={state}
              offer={offer}
              seriesParam="series"
              labels={{ price: type.memory_type }}
              seriesNoun="Series"
            />
          }
        />
      }
      sources={<MemorySources dataSources={answer.dataSources} />}
      csvHref={chartStateHref(
        memoryCsvPathOf(type.id),
        { range: state.range, keys: state.keys },
        offer,
        "series",
      )}
      rows={shown.length}
      table={<HistoryTable type={type} rows={[...shown].reverse()} />}
      citation={
        newest === undefined
          ? undefined
          : {
              series: `Memory: ${type.memory_type} spot price`,
              unit,
              valueDate: settlementDayOf(newest.date),
              url: `${readWebEnv().publicSiteUrl}${path}`,
            }
      }
    />
  );
}

function LatestCard({
  row,
  unit,
  sample,
}: {
  row: MemoryHistoryRow;
  unit: string;
  sample: boolean;
}) {
  const day = settlementDayOf(row.date);
  return (
    <div className="cards">
      <div className="card" data-latest-value={row.price}>
        <div className="muted">Latest settled price{sample ? " (sample)" : ""}</div>
        <div className="value">{formatMemoryPrice(row.price)}</div>
        <div>
          {unit}, settled <time dateTime={day}>{formatUtcDay(day)}</time> at 4 PM New York
        </div>
      </div>
      <div className="card" data-latest-change={row.changePct ?? ""}>
        <div className="muted">Change from the previous settlement</div>
        <div className={`value ${changeDirection(row.changePct)}`}>
          {formatMemoryChange(row.changePct)}
        </div>
        <div>
          Weekly high {formatMemoryPrice(row.weeklyHigh)}, low {formatMemoryPrice(row.weeklyLow)}
        </div>
      </div>
      {row.sourceUpdatedAt !== null && (
        <div className="card" data-latest-source-time={row.sourceUpdatedAt}>
          <div className="muted">Source time</div>
          <div>
            <time dateTime={row.sourceUpdatedAt}>{formatUtcInstant(row.sourceUpdatedAt)}</time>
          </div>
          <div>when the source published the prices this day settled from</div>
        </div>
      )}
    </div>
  );
}

/** The chart's settled days, newest first: the rows the CSV link downloads. */
function HistoryTable({
  type,
  rows,
}: {
  type: MemoryCatalogEntry;
  rows: readonly MemoryHistoryRow[];
}) {
  return (
    <FoldedTable rows={rows.length}>
      <table className="stack" data-table="memory-history" data-memory-type={type.id}>
        <caption>{type.memory_type}, settled trading days, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Settled (4 PM New York)</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col" className="num">
              Weekly high
            </th>
            <th scope="col" className="num">
              Weekly low
            </th>
            <th scope="col">Source time (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const day = settlementDayOf(row.date);
            return (
              <tr key={row.date} data-date={day}>
                <th scope="row">
                  <time dateTime={day}>{formatUtcDay(day)}</time>
                </th>
                <td className="num" data-label="Price" data-value={row.price}>
                  {formatMemoryPrice(row.price)}
                </td>
                <td className="num" data-label="Change" data-value={row.changePct ?? ""}>
                  {formatMemoryChange(row.changePct)}
                </td>
                <td className="num" data-label="Weekly high" data-value={row.weeklyHigh ?? ""}>
                  {formatMemoryPrice(row.weeklyHigh)}
                </td>
                <td className="num" data-label="Weekly low" data-value={row.weeklyLow ?? ""}>
                  {formatMemoryPrice(row.weeklyLow)}
                </td>
                <td data-label="Source time (UTC)">
                  {row.sourceUpdatedAt === null ? (
                    <span className="muted">n/a</span>
                  ) : (
                    <UtcInstant instant={row.sourceUpdatedAt} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </FoldedTable>
  );
}
