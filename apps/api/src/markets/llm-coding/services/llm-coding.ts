import {
  AGENT_SEARCH_MARKERS,
  CODING_AGENT_IDS,
  GITHUB_SEARCH_SOURCE,
  LLM_CODING_PRODUCTS,
  MATURATION_DAYS,
  OPENROUTER_LICENCE,
  addDays,
  appRankingsCitation,
  codingAgentLabel,
  countsNeeded,
  describeLlmCodingMethodology,
  err,
  githubSearchRequest,
  isCompareProduct,
  latestRowsInRange,
  llmCodingProduct,
  noData,
  ok,
  priorDayChangePercent,
  productCatalogEntry,
  type CodingAgent,
  type CodingMetric,
  type DomainError,
  type LlmCodingHistoryQuery,
  type LlmCodingProductId,
  type LlmCodingRevisionsQuery,
  type LlmCodingTokensQuery,
  type ProductDayRow,
  type Result,
  inOptionalDayRange,
} from "@tpi/domain";
import { APP_RANKINGS_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import { GITHUB_SEARCH_SOURCE as GITHUB_SYNC_SOURCE } from "../sources/github-search";
import type { DataSources } from "../../../platform/provenance/data-sources";
import type { LlmCodingPublishedCounts } from "../read-model/published-counts";
import { LLM_CODING_METHODOLOGY_VERSION, LLM_CODING_UNIT } from "../read-model/state";
import type {
  LlmCodingHistoryResponse,
  LlmCodingIndexResponse,
  LlmCodingMethodologyResponse,
  LlmCodingProductsResponse,
  LlmCodingRevisionsResponse,
  LlmCodingTokensResponse,
} from "../schemas/llm-coding";

/**
 * The LLM Coding answers, from the products' rows in memory (`LlmCodingPublishedCounts`): no
 * database read per request. Every answer carries the sources of its values (`dataSources`)
 * and every row its status.
 */

/** `GET /api/llm-coding/products`: the catalogue, in its order. */
export const LLM_CODING_PRODUCTS_BODY: LlmCodingProductsResponse = {
  success: true,
  data: LLM_CODING_PRODUCTS.map(productCatalogEntry),
};

export function noValueMessage(product: LlmCodingProductId): string {
  return `No value of product '${product}' yet: no day's counts have been taken for it.`;
}

/**
 * `GET /api/llm-coding/index`: the product's latest day with a value, with the change from the
 * day before (null when that day has no value or it is 0).
 */
export function answerLlmCodingIndex(
  product: LlmCodingProductId,
  counts: LlmCodingPublishedCounts,
): Result<LlmCodingIndexResponse, DomainError> {
  const latest = counts.rowsOf(product).findLast((row) => row.value !== null);
  if (latest === undefined || latest.value === null) return err(noData(noValueMessage(product)));
  const prior = counts.rowOn(product, addDays(latest.date, -1));
  const definition = llmCodingProduct(product);
  return ok({
    success: true,
    data: {
      product,
      label: definition.label,
      kind: definition.kind,
      value: latest.value,
      changePct: priorDayChangePercent(latest.value, prior?.value),
      date: latest.date,
      updatedAt: latest.updatedAt.toISOString(),
      status: latest.status,
    },
    dataSources: counts.dataSources,
  });
}

/** One item of a product's history: `value2` only in a comparison product's items. */
export type LlmCodingHistoryItem = LlmCodingHistoryResponse["data"][number];

/** A product's row of a day as its history serves it. */
export function historyItemOf(row: ProductDayRow, compare: boolean): LlmCodingHistoryItem {
  return compare
    ? { date: row.date, value: row.value, value2: row.value2, status: row.status }
    : { date: row.date, value: row.value, status: row.status };
}

/**
 * `GET /api/llm-coding/history`: the product's rows of the range, oldest first; beyond `limit`
 * rows, the latest `limit`. A comparison product's rows carry `value2` and the answer its
 * `seriesLabels`. An empty range is an empty list, never a 404.
 */
export function answerLlmCodingHistory(
  query: LlmCodingHistoryQuery,
  counts: LlmCodingPublishedCounts,
): LlmCodingHistoryResponse {
  const compare = isCompareProduct(llmCodingProduct(query.product));
  const items = counts.rowsOf(query.product).map((row) => historyItemOf(row, compare));
  return llmCodingHistoryAnswer(query, items, counts.dataSources);
}

/** The history answer of a product's items (oldest first), whether published now or in a release. */
export function llmCodingHistoryAnswer(
  query: LlmCodingHistoryQuery,
  items: readonly LlmCodingHistoryItem[],
  dataSources: DataSources,
): LlmCodingHistoryResponse {
  const definition = llmCodingProduct(query.product);
  const compare = isCompareProduct(definition);
  const data = latestRowsInRange(items, (item) => item.date, query);
  const seriesLabels = productCatalogEntry(definition).seriesLabels;
  return {
    success: true,
    product: query.product,
    compare,
    ...(compare && seriesLabels !== null ? { seriesLabels } : {}),
    count: data.length,
    dataSources,
    data,
  };
}

/**
 * `GET /api/llm-coding/revisions`: every recorded change of a settled count the product is
 * computed from (a merge rate's opened and merged counts), of days in the range, in the order
 * recorded.
 */
export function answerLlmCodingRevisions(
  query: LlmCodingRevisionsQuery,
  counts: LlmCodingPublishedCounts,
): LlmCodingRevisionsResponse {
  const needed = countsNeeded(llmCodingProduct(query.product));
  const uses = (agent: CodingAgent, metric: CodingMetric) =>
    needed.some((n) => n.agent === agent && n.metric === metric);
  const data = counts.revisions
    .filter((r) => uses(r.agent, r.metric) && inOptionalDayRange(r.day, query))
    .map((r) => ({
      date: r.day,
      agent: r.agent,
      metric: r.metric,
      oldCount: r.oldCount,
      newCount: r.newCount,
      changePercent: r.changePercent,
      reason: r.reason as LlmCodingRevisionsResponse["data"][number]["reason"],
      message: r.message,
      recordedAt: r.revisedAt.toISOString(),
    }));
  return {
    success: true,
    product: query.product,
    count: data.length,
    dataSources: counts.dataSources,
    data,
  };
}

/**
 * `GET /api/llm-coding/tokens`: the agents' rows of OpenRouter's coding app rankings over the
 * days, oldest first. An agent whose traffic does not go through OpenRouter has no row.
 */
export function answerLlmCodingTokens(
  query: LlmCodingTokensQuery,
  counts: LlmCodingPublishedCounts,
): LlmCodingTokensResponse {
  const data = counts.tokenRowsBetween(query.agent, query.startDate, query.endDate);
  return { success: true, count: data.length, dataSources: counts.tokenSources, data };
}

/** One item of the agents' tokens. */
export type LlmCodingTokensItem = LlmCodingTokensResponse["data"][number];

/** The day written in the query templates the methodology shows. */
const DAY_PLACEHOLDER = "YYYY-MM-DD";

function searchTemplate(agent: CodingAgent, metric: CodingMetric) {
  // Any real day builds the query; the day is then shown as its placeholder.
  const request = githubSearchRequest(agent, metric, "2026-01-01");
  if (!request.ok) return null;
  return {
    endpoint: request.value.endpoint,
    q: request.value.q.replace("2026-01-01", DAY_PLACEHOLDER),
  };
}

/** The merge rate's definition, as the methodology states it. */
export const MERGE_RATE_DEFINITION =
  "100 x merged / opened, where opened counts the agent's pull requests created that UTC day and merged those of them merged by the time of the search (both searched with the same created: day); unrounded; a day with no pull requests has no merge rate (never 0%).";

/**
 * `GET /api/llm-coding/methodology`: the sources, the exact searches per agent, the maturation
 * rule and the merge-rate definition, and the sources of the served values.
 */
export function llmCodingMethodologyDocument(
  counts: LlmCodingPublishedCounts,
): LlmCodingMethodologyResponse {
  return {
    success: true,
    version: LLM_CODING_METHODOLOGY_VERSION,
    unit: LLM_CODING_UNIT,
    maturationDays: MATURATION_DAYS,
    mergeRate: MERGE_RATE_DEFINITION,
    rules: describeLlmCodingMethodology(),
    queries: CODING_AGENT_IDS.map((agent) => ({
      agent,
      label: codingAgentLabel(agent),
      opened: searchTemplate(agent, "opened") as { endpoint: string; q: string },
      merged: searchTemplate(agent, "merged") as { endpoint: string; q: string },
      commits: searchTemplate(agent, "commits"),
      reason: AGENT_SEARCH_MARKERS[agent].reason,
    })),
    sources: [
      {
        id: GITHUB_SYNC_SOURCE,
        name: GITHUB_SEARCH_SOURCE.name,
        url: GITHUB_SEARCH_SOURCE.url,
        measures:
          "Every LLM Coding product: the total_count of one search per agent, count and UTC day.",
        citation: GITHUB_SEARCH_SOURCE.citation,
        licence: null,
      },
      {
        id: APP_RANKINGS_SOURCE,
        name: "OpenRouter app rankings (category coding)",
        url: "https://openrouter.ai/docs/api-reference/datasets",
        measures:
          "A second, independent measure of coding-agent work: prompt + completion tokens per coding app and UTC day (each provider's tokenizer), stored with its as-of time; synced only with an OpenRouter key.",
        citation: appRankingsCitation("the as-of time of the data shown"),
        licence: { ...OPENROUTER_LICENCE },
      },
    ],
    dataSources: counts.dataSources,
  };
}
