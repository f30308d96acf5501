import { MATURATION_DAYS } from "@tpi/domain";
import { FoldedTable } from "../../kit/folded-table";
import { ViewChart } from "../../kit/chart-page";
import { seriesPage } from "../../kit/series-page";
import { llmCodingMarket } from "./entry";
import { NumberCell, StackTable } from "../../kit/table";
import { CODING_ROUTES, CODING_PLANS_TEXT, CODING_LOCK, CodingSources } from "./parts";
import { formatUtcDay } from "../../lib/format";
import {
  codingSeries,
  codingUnit,
  codingUnitPhrase,
  formatCodingValue,
  LLM_CODING_PATH,
  provisionalFrom,
  type CodingHistoryRow,
  type CodingProduct,
} from "./lib";
import { CODING_SERIES, loadCodingMethodology } from "./loaders";

/** A product's page: its daily counts or merge rates, for a reader of any plan. */
export const { generateMetadata, Page: LlmCodingProductPage } = seriesPage({
  market: llmCodingMarket.name,
  source: CODING_SERIES,
  lock: CODING_LOCK,
  historyRoute: CODING_ROUTES.history,
  notFoundTitle: "Product not found",
  methodology: loadCodingMethodology,
  meta: (product) => ({
    title: `${product.label}: LLM Coding`,
    description: `${product.label} per UTC day (${codingUnitPhrase(product.kind, product.category)}), counted with GitHub's search API: the daily history and its CSV with an account or API key of ${CODING_PLANS_TEXT}.`,
  }),
  heading: (product) => product.label,
  lead: (product) => (
    <>
      {product.label}: {codingUnitPhrase(product.kind, product.category)}
      {product.seriesLabels !== null && ` of ${product.seriesLabels.join(" and ")}`}, counted with
      GitHub&apos;s search API. Counts of the latest {MATURATION_DAYS} days are provisional: merges
      keep arriving after the day, so they may still rise. See{" "}
      <a href={LLM_CODING_PATH}>all LLM Coding products</a> and how they are counted.
    </>
  ),
  request: (product) => `GET /api/llm-coding/history?product=${product.id}`,
  latest: (product, newest) => <LatestCard product={product} row={newest} />,
  chart: (product, shown, view) => {
    const provisional = provisionalFrom(shown);
    return (
      <ViewChart
        id={`coding-${product.id}`}
        title={`${product.label}, ${codingUnitPhrase(product.kind, product.category)}`}
        unit={codingUnit(product.kind, product.category)}
        valueKind={product.kind === "pct" ? "percent" : "count"}
        axisDecimals={0}
        series={codingSeries(product, shown).filter((one) => view.state.keys.includes(one.key))}
        marked={
          provisional === undefined
            ? undefined
            : {
                from: provisional,
                label: `Shaded: provisional days, from ${formatUtcDay(provisional)} (counts may still rise)`,
              }
        }
        view={view}
        labels={Object.fromEntries(
          codingSeries(product, []).map((one) => [one.key, one.label] as const),
        )}
        seriesNoun="Series"
      />
    );
  },
  sources: (answer) => <CodingSources dataSources={answer.dataSources} />,
  table: (product, rows) => <HistoryTable product={product} rows={rows} />,
  citation: (product) => ({
    series: `LLM Coding: ${product.label}`,
    unit: codingUnit(product.kind, product.category),
  }),
});

function LatestCard({ product, row }: { product: CodingProduct; row: CodingHistoryRow }) {
  const values = product.compare ? [row.value, row.value2 ?? null] : [row.value];
  return (
    <div className="cards">
      {values.map((value, index) => (
        <div className="card" key={index} data-latest-value={value ?? ""}>
          <div className="muted">{product.seriesLabels?.[index] ?? product.label}, latest day</div>
          <div className="value">{formatCodingValue(product.kind, value)}</div>
          <div>
            on <time dateTime={row.date}>{formatUtcDay(row.date)}</time> ({row.status})
          </div>
        </div>
      ))}
    </div>
  );
}

/** The chart's days, newest first, with each day's status: the rows the CSV link downloads. */
function HistoryTable({
  product,
  rows,
}: {
  product: CodingProduct;
  rows: readonly CodingHistoryRow[];
}) {
  const labels = product.seriesLabels ?? [product.label];
  return (
    <FoldedTable rows={rows.length}>
      <StackTable
        name="coding-history"
        attributes={{ "data-product": product.id }}
        caption={<>{product.label} per UTC day, newest first</>}
        columns={["Day (UTC)", ...labels.map((label) => ({ num: label })), "Status"]}
      >
        {rows.map((row) => (
          <tr key={row.date} data-date={row.date} data-status={row.status}>
            <th scope="row">
              <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
            </th>
            {labels.map((label, index) => {
              const value = index === 0 ? row.value : (row.value2 ?? null);
              return (
                <NumberCell
                  label={label}
                  key={label}
                  value={value}
                  format={(one) => formatCodingValue(product.kind, one)}
                />
              );
            })}
            <td data-label="Status">
              {row.status === "provisional" ? <strong>Provisional</strong> : "Settled"}
            </td>
          </tr>
        ))}
      </StackTable>
    </FoldedTable>
  );
}
