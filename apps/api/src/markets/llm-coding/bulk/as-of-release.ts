import {
  OPENROUTER_LICENCE,
  appRankingsCitation,
  ok,
  provenanceOfRow,
  type BulkRow,
  type DomainError,
  type LlmCodingHistoryQuery,
  type LlmCodingTokensQuery,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import { releaseItems, type ReleasedItems } from "../../../platform/http/release-parameter";
import { APP_RANKINGS_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import type { DataSources } from "../../../platform/provenance/data-sources";
import type { LlmCodingHistoryResponse, LlmCodingTokensResponse } from "../schemas/llm-coding";
import {
  llmCodingHistoryAnswer,
  type LlmCodingHistoryItem,
  type LlmCodingTokensItem,
} from "../services/llm-coding";
import { llmCodingAgentTokensDaily, tokensItemOfRow } from "./agent-tokens-daily";
import { historyItemOfRow, llmCodingProductDaily } from "./product-daily";

/**
 * The LLM Coding history answers as a release holds their values: the release's rows read
 * through releaseItems, mapped back to the routes' items and answered in the routes' shape.
 */

/** `GET /api/llm-coding/history`'s answer of a release: the product's rows of the asked days. */
export async function llmCodingHistoryAsOf(
  deps: AppDeps,
  release: number,
  query: LlmCodingHistoryQuery,
): Promise<Result<LlmCodingHistoryResponse, DomainError>> {
  const released = await releaseItems(
    deps,
    llmCodingProductDaily,
    { release, series: [query.product], fromPeriod: query.startDate, toPeriod: query.endDate },
    historyItemOfRow,
  );
  return released.ok ? ok(llmCodingHistoryOfRelease(query, released.value)) : released;
}

/** `GET /api/llm-coding/tokens`'s answer of a release, over the asked days. */
export async function llmCodingTokensAsOf(
  deps: AppDeps,
  release: number,
  query: LlmCodingTokensQuery,
): Promise<Result<LlmCodingTokensResponse, DomainError>> {
  // The series are apps, not agents: the agent is chosen among the release's rows.
  const released = await releaseItems(
    deps,
    llmCodingAgentTokensDaily,
    { release, fromPeriod: query.startDate, toPeriod: query.endDate },
    tokensItemOfRow,
  );
  return released.ok ? ok(llmCodingTokensOfRelease(query, released.value.items)) : released;
}

/**
 * The history answer from a release's rows of the product (over the asked days): the same
 * shape, its `dataSources` those of the rows read (GitHub search, its days and newest search).
 */
function llmCodingHistoryOfRelease(
  query: LlmCodingHistoryQuery,
  { rows, items }: ReleasedItems<LlmCodingHistoryItem>,
): LlmCodingHistoryResponse {
  return llmCodingHistoryAnswer(query, items, historySources(rows));
}

function historySources(rows: readonly BulkRow[]): DataSources {
  const first = rows[0];
  if (first === undefined) return { sample: false, notice: null, sources: [] };
  const days = [...new Set(rows.map((row) => String(row.date)))].sort();
  const provenance = rows.map(provenanceOfRow);
  const latestAsOf = provenance.reduce<string | null>(
    (latest, p) => (p.asOf !== null && (latest === null || p.asOf > latest) ? p.asOf : latest),
    null,
  );
  const { source, sample, citation } = provenanceOfRow(first);
  return {
    sample,
    notice: null,
    sources: [
      {
        source,
        sample,
        firstDay: days[0] as string,
        lastDay: days.at(-1) as string,
        days: days.length,
        latestAsOf,
        citation,
        // Counts of public pull requests and commits are facts, not licensed data.
        licence: null,
      },
    ],
  };
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
  return { success: true, count: data.length, dataSources: tokensSources(data), data };
}

function tokensSources(items: readonly LlmCodingTokensItem[]): DataSources {
  if (items.length === 0) return { sample: false, notice: null, sources: [] };
  const days = [...new Set(items.map((item) => item.date))].sort();
  const latestAsOf = items.reduce((latest, item) => (item.asOf > latest ? item.asOf : latest), "");
  return {
    sample: false,
    notice: null,
    sources: [
      {
        source: APP_RANKINGS_SOURCE,
        sample: false,
        firstDay: days[0] as string,
        lastDay: days.at(-1) as string,
        days: days.length,
        latestAsOf,
        citation: appRankingsCitation(latestAsOf),
        licence: { ...OPENROUTER_LICENCE },
      },
    ],
  };
}
