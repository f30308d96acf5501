import type { Metadata } from "next";
import { HowToGetIt, LockedValues } from "../../kit/access";
import { FoldedTable } from "../../kit/folded-table";
import { SeriesValues } from "../../kit/chart-page";
import { seriesWindow } from "../../kit/series-window";
import { notFound } from "next/navigation";
import { isLlmCodingProductId, MATURATION_DAYS } from "@tpi/domain";
import { ChartControls } from "../../components/chart-controls";
import { LineChart } from "../../components/line-chart";
import { CODING_DOCS, CODING_PLANS_TEXT, CODING_LOCK, CodingSources } from "./parts";
import { readWebEnv } from "../../env";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import {
  chartStateHref,
  chartViewQuery,
  parseChartState,
  type ChartOffer,
} from "../../lib/chart-state";
import { formatUtcDay } from "../../lib/format";
import {
  CODING_SERIES_PARAM,
  codingSeries,
  codingSeriesKeys,
  codingUnit,
  codingUnitPhrase,
  formatCodingValue,
  llmCodingCsvPathOf,
  llmCodingPathOf,
  LLM_CODING_PATH,
  provisionalFrom,
  type CodingHistoryRow,
  type CodingProduct,
} from "./lib";
import { newestFirst } from "../../lib/shape";
import { socialMetadata } from "../../lib/social";
import {
  loadCodingMethodology,
  loadCodingProducts,
  loadPlanCodingHistory,
  type PlanCodingHistory,
} from "./loaders";
import { loadViewer, type SignedInReader } from "../../server/viewer";

type ProductPageProps = {
  params: Promise<{ product: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The catalog entry of the path's product; unknown products were sent to the 404 by proxy.ts. */
async function productOf(props: ProductPageProps): Promise<CodingProduct | undefined> {
  const { product } = await props.params;
  if (!isLlmCodingProductId(product)) return undefined;
  return (await loadCodingProducts()).data.find((entry) => entry.id === product);
}

export async function generateMetadata(props: ProductPageProps): Promise<Metadata> {
  const product = await productOf(props);
  if (product === undefined) return { title: "Product not found" };
  const title = `${product.label}: LLM Coding`;
  const description = `${product.label} per UTC day (${codingUnitPhrase(product.kind, product.category)}), counted with GitHub's search API: the daily history and its CSV with an account or API key of ${CODING_PLANS_TEXT}.`;
  return {
    title,
    description,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: llmCodingPathOf(product.id),
      title,
      description,
      sample: (await loadCodingMethodology()).dataSources.sample,
    }),
  };
}

export async function LlmCodingProductPage(props: ProductPageProps) {
  const product = await productOf(props);
  if (product === undefined) notFound();
  const reader = await loadViewer();
  const history =
    reader === undefined ? undefined : await loadPlanCodingHistory(reader.token, product.id);
  return (
    <>
      <h1>{product.label}</h1>
      <p className="lead">
        {product.label}: {codingUnitPhrase(product.kind, product.category)}
        {product.seriesLabels !== null && ` of ${product.seriesLabels.join(" and ")}`}, counted with
        GitHub&apos;s search API. Counts of the latest {MATURATION_DAYS} days are provisional:
        merges keep arriving after the day, so they may still rise. See{" "}
        <a href={LLM_CODING_PATH}>all LLM Coding products</a> and how they are counted.
      </p>
      {history?.state === "answer" && reader !== undefined ? (
        <ProductValues
          product={product}
          answer={history.answer}
          reader={reader}
          query={await props.searchParams}
        />
      ) : (
        <>
          <LockedValues
            {...CODING_LOCK}
            viewer={reader?.viewer}
            refused={history?.state === "refused" ? history.refusal : undefined}
          />
          <HowToGetIt
            plansText={CODING_PLANS_TEXT}
            request={`GET /api/llm-coding/history?product=${product.id}`}
            docsHref={CODING_DOCS.history}
          />
        </>
      )}
    </>
  );
}

/** The plan reader's view: latest value, chart with its ranges, CSV, sources, table, citation. */
function ProductValues({
  product,
  answer,
  reader,
  query,
}: {
  product: CodingProduct;
  answer: PlanCodingHistory;
  reader: SignedInReader;
  query: Record<string, string | string[] | undefined>;
}) {
  const offer: ChartOffer = { held: "All", keys: codingSeriesKeys(product) };
  const state = parseChartState(
    query[CHART_RANGE_PARAM],
    query[CODING_SERIES_PARAM],
    offer,
    chartViewQuery(query),
  );
  const { shown } = seriesWindow(answer.data, (row) => row.date, offer, state);
  const series = codingSeries(product, shown).filter((one) => state.keys.includes(one.key));
  const provisional = provisionalFrom(shown);
  const newest = answer.data[answer.data.length - 1];
  const path = llmCodingPathOf(product.id);
  const labels = Object.fromEntries(
    codingSeries(product, []).map((one) => [one.key, one.label] as const),
  );
  const unit = codingUnit(product.kind, product.category);
  return (
    <SeriesValues
      viewer={reader.viewer}
      latest={
        newest === undefined ? (
          <p className="notice">No values published yet.</p>
        ) : (
          <LatestCard product={product} row={newest} />
        )
      }
      chart={
        <LineChart
          id={`coding-${product.id}`}
          title={`${product.label}, ${codingUnitPhrase(product.kind, product.category)}`}
          unit={unit}
          valueKind={product.kind === "pct" ? "percent" : "count"}
          axisDecimals={0}
          series={series}
          yScale={state.y}
          zoom={state.zoom}
          marked={
            provisional === undefined
              ? undefined
              : {
                  from: provisional,
                  label: `Shaded: provisional days, from ${formatUtcDay(provisional)} (counts may still rise)`,
                }
          }
          controls={
            <ChartControls
              path={path}
              state={state}
              offer={offer}
              seriesParam={CODING_SERIES_PARAM}
              labels={labels}
              seriesNoun="Series"
            />
          }
        />
      }
      sources={<CodingSources dataSources={answer.dataSources} />}
      csvHref={chartStateHref(
        llmCodingCsvPathOf(product.id),
        { range: state.range, keys: state.keys },
        offer,
        CODING_SERIES_PARAM,
      )}
      rows={shown.length}
      table={<HistoryTable product={product} rows={newestFirst(shown)} />}
      citation={
        newest === undefined
          ? undefined
          : {
              series: `LLM Coding: ${product.label}`,
              unit,
              valueDate: newest.date,
              url: `${readWebEnv().publicSiteUrl}${path}`,
            }
      }
    />
  );
}

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
      <table className="stack" data-table="coding-history" data-product={product.id}>
        <caption>{product.label} per UTC day, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            {labels.map((label) => (
              <th scope="col" className="num" key={label}>
                {label}
              </th>
            ))}
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date} data-date={row.date} data-status={row.status}>
              <th scope="row">
                <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
              </th>
              {labels.map((label, index) => {
                const value = index === 0 ? row.value : (row.value2 ?? null);
                return (
                  <td className="num" data-label={label} key={label} data-value={value ?? ""}>
                    {formatCodingValue(product.kind, value)}
                  </td>
                );
              })}
              <td data-label="Status">
                {row.status === "provisional" ? <strong>Provisional</strong> : "Settled"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </FoldedTable>
  );
}
