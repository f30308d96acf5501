import {
  provenanceOfRow,
  ok,
  type BulkRow,
  type LlmCodingHistoryQuery,
  type LlmCodingTokensQuery,
} from "@tpi/domain";
import { asOfRelease } from "../../../platform/http/release-parameter";
import { dataSourcesOf, type DataSources } from "../../../platform/provenance/data-sources";
import { appRankingSources, dailySourceOf } from "../read-model/published-counts";
import type { LlmCodingTokensResponse } from "../schemas/llm-coding";
import { llmCodingHistoryAnswer, type LlmCodingTokensItem } from "../services/llm-coding";
import { llmCodingAgentTokensDaily, tokensItemOfRow } from "./agent-tokens-daily";
import { historyItemOfRow, llmCodingProductDaily } from "./product-daily";

/**
 * The LLM Coding history answers as a release holds their values: the release's rows read
 * through the ReleaseReader, mapped back to the routes' items and answered in the routes' shape;
 * `dataSources` are those of the rows read, as the release states them.
 */

/**
 * `GET /api/llm-coding/history`'s answer of a release: the product's rows of the asked days,
 * every one of them (not only the latest `limit` the answer keeps), since `dataSources` states
 * the days and newest search of all the range's rows.
 */
export const llmCodingHistoryAsOf = asOfRelease({
  dataset: llmCodingProductDaily,
  itemOf: historyItemOfRow,
  selection: (query: LlmCodingHistoryQuery) =>
    ok({ series: [query.product], fromPeriod: query.startDate, toPeriod: query.endDate }),
  answer: ({ rows, items }, _deps, query) =>
    ok(llmCodingHistoryAnswer(query, items, historySources(rows))),
});

/** `GET /api/llm-coding/tokens`'s answer of a release, over the asked days. */
export const llmCodingTokensAsOf = asOfRelease({
  dataset: llmCodingAgentTokensDaily,
  itemOf: tokensItemOfRow,
  // The series are apps, not agents: the agent is chosen among the release's rows.
  selection: (query: LlmCodingTokensQuery) =>
    ok({ fromPeriod: query.startDate, toPeriod: query.endDate }),
  answer: ({ items }, _deps, query) => ok(llmCodingTokensOfRelease(query, items)),
});

/** GitHub search over the product's rows read, its terms as the rows state them. */
function historySources(rows: readonly BulkRow[]): DataSources {
  const provenance = rows.map(provenanceOfRow);
  const first = provenance[0];
  if (first === undefined) return dataSourcesOf([]);
  const latestAsOf = provenance.reduce<string | null>(
    (latest, p) => (p.asOf !== null && (latest === null || p.asOf > latest) ? p.asOf : latest),
    null,
  );
  return dailySourceOf(
    {
      source: first.source,
      sample: first.sample,
      citation: first.citation,
      // Counts of public pull requests and commits are facts, not licensed data.
      licence: null,
    },
    rows.map((row) => String(row.date)),
    latestAsOf,
  );
}

/**
 * The tokens answer from a release's rows of the asked days: the agent's apps (all five agents'
 * when none is asked), oldest first then by rank, as the route orders them; `dataSources` is
 * OpenRouter's app rankings as of the newest row read.
 */
function llmCodingTokensOfRelease(
  query: LlmCodingTokensQuery,
  items: readonly LlmCodingTokensItem[],
): LlmCodingTokensResponse {
  const data = items
    .filter((item) => query.agent === undefined || item.agent === query.agent)
    .sort((a, b) =>
      a.date === b.date ? a.rank - b.rank || a.appId - b.appId : a.date < b.date ? -1 : 1,
    );
  return { success: true, count: data.length, dataSources: appRankingSources(data), data };
}
