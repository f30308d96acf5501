import { FoldedTable } from "../../kit/folded-table";
import { ViewChart } from "../../kit/chart-page";
import { seriesPage } from "../../kit/series-page";
import { memoryMarket } from "./entry";
import { StackTable } from "../../kit/table";
import { UtcInstant } from "../../components/utc-instant";
import {
  MEMORY_ROUTES,
  MEMORY_PLANS_TEXT,
  MEMORY_LOCK,
  MemorySources,
  SettledCells,
} from "./parts";
import { formatUtcDay, formatUtcInstant } from "../../lib/format";
import {
  changeDirection,
  formatMemoryChange,
  formatMemoryPrice,
  MEMORY_CHART_CADENCE_DAYS,
  MEMORY_PATH,
  MEMORY_PRICE_DECIMALS,
  memorySeries,
  memoryUnitOf,
  settlementDayOf,
  type MemoryCatalogEntry,
  type MemoryHistoryRow,
} from "./lib";
import { MEMORY_CARD } from "./card";
import { loadMemoryMethodology, MEMORY_SERIES } from "./loaders";

/** A memory type's page: its settled spot price per trading day, for a reader of any plan. */
export const { generateMetadata, Page: MemoryTypePage } = seriesPage({
  market: memoryMarket.name,
  source: MEMORY_SERIES,
  lock: MEMORY_LOCK,
  historyRoute: MEMORY_ROUTES.history,
  notFoundTitle: "Memory type not found",
  methodology: loadMemoryMethodology,
  meta: (type) => ({
    title: `${type.memory_type}: Memory`,
    description: `The spot price of ${type.memory_type} (${memoryUnitOf(type.category)}), settled at 4 PM New York on each trading day: the daily history and its CSV with an account or API key of ${MEMORY_PLANS_TEXT}.`,
    image: MEMORY_CARD.path,
  }),
  heading: (type) => type.memory_type,
  lead: (type) => (
    <>
      The spot price of {type.memory_type} (<code>{type.id}</code>) in {memoryUnitOf(type.category)}
      , settled once per trading day at 4 PM New York from the session&apos;s observations. See{" "}
      <a href={MEMORY_PATH}>all memory types</a> and how they are settled.
    </>
  ),
  request: (type) => `GET /api/memory/${type.id}/history`,
  latest: (type, newest, answer) => (
    <LatestCard
      row={newest}
      unit={memoryUnitOf(type.category)}
      sample={answer.dataSources.sample}
    />
  ),
  chart: (type, shown, view) => (
    <ViewChart
      id={`memory-${type.id}`}
      title={`${type.memory_type}, settled spot price (${memoryUnitOf(type.category)})`}
      unit={memoryUnitOf(type.category)}
      valueKind="usd"
      axisDecimals={MEMORY_PRICE_DECIMALS}
      cadenceDays={MEMORY_CHART_CADENCE_DAYS}
      series={memorySeries(type.memory_type, shown)}
      view={view}
      labels={{ price: type.memory_type }}
      seriesNoun="Series"
    />
  ),
  sources: (answer) => <MemorySources dataSources={answer.dataSources} />,
  table: (type, rows) => <HistoryTable type={type} rows={rows} />,
  citation: (type) => ({
    series: `Memory: ${type.memory_type} spot price`,
    unit: memoryUnitOf(type.category),
  }),
});

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
      <StackTable
        name="memory-history"
        attributes={{ "data-memory-type": type.id }}
        caption={<>{type.memory_type}, settled trading days, newest first</>}
        columns={[
          "Settled (4 PM New York)",
          { num: "Price" },
          { num: "Change" },
          { num: "Weekly high" },
          { num: "Weekly low" },
          "Source time (UTC)",
        ]}
      >
        {rows.map((row) => {
          const day = settlementDayOf(row.date);
          return (
            <tr key={row.date} data-date={day}>
              <th scope="row">
                <time dateTime={day}>{formatUtcDay(day)}</time>
              </th>
              <SettledCells row={row} colourChange={false} />
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
      </StackTable>
    </FoldedTable>
  );
}
