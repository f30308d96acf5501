import { catalogRoute } from "../../../platform/openapi/document-route";
import { marketReads } from "../../../platform/openapi/market-reads";
import {
  DEFAULT_LLM_CODING_HISTORY_LIMIT,
  LLM_CODING_PRODUCT_LIST_TEXT,
  MATURATION_DAYS,
  ok,
} from "@tpi/domain";
import { errorResponse } from "../../../platform/openapi/responses";
import { LLM_CODING, LLM_CODING_FRESHNESS } from "../read-model/state";
import {
  llmCodingHistoryQuerySchema,
  llmCodingHistoryResponseSchema,
  llmCodingIndexQuerySchema,
  llmCodingIndexResponseSchema,
  llmCodingMethodologyResponseSchema,
  llmCodingProductsResponseSchema,
  llmCodingRevisionsQuerySchema,
  llmCodingRevisionsResponseSchema,
  llmCodingTokensQuerySchema,
  llmCodingTokensResponseSchema,
} from "../schemas/llm-coding";
import {
  LLM_CODING_PRODUCTS_BODY,
  answerLlmCodingHistory,
  answerLlmCodingIndex,
  answerLlmCodingRevisions,
  answerLlmCodingTokens,
  llmCodingMethodologyDocument,
} from "../services/llm-coding";
import { llmCodingHistoryAsOf, llmCodingTokensAsOf } from "../bulk/as-of-release";

/** The OpenAPI tag of the LLM Coding routes. */
export const LLM_CODING_TAG = "LLM Coding";

const llmCodingReads = marketReads({
  state: LLM_CODING,
  freshness: LLM_CODING_FRESHNESS,
  tag: LLM_CODING_TAG,
  access: "Any key (every plan reads every product and all history); none without one.",
});
const STATUS_TEXT = `Every row carries \`status\`: \`provisional\` until ${MATURATION_DAYS} whole days after its UTC day ended (merged counts and merge rates keep rising for days), then \`settled\`; a settled count that changes later is a revision (\`GET /api/llm-coding/revisions\`), never a silent change.`;
const RELEASE_TEXT =
  "With `release`, the same answer with the values as that release holds them (its `dataSources` those of the rows answered).";
const SOURCES_TEXT =
  "`dataSources` names where the values come from: GitHub search with its citation, or the generated sample (`sample` true) while no search has answered.";

export const llmCodingProductsRoute = catalogRoute({
  path: "/api/llm-coding/products",
  operationId: "listLlmCodingProducts",
  tool: {
    name: "list_llm_coding_products",
    title: "LLM Coding products",
    description:
      "The 13 LLM Coding products: daily pull requests, commits and merge rates of the coding agents Claude Code, Codex, Copilot, Cursor and Devin on public GitHub, and two Claude-vs-Codex comparisons, with their kind (`count` or `pct`)",
  },
  response: { description: "The LLM Coding catalogue", schema: llmCodingProductsResponseSchema },
  body: LLM_CODING_PRODUCTS_BODY,
  docs: {
    summary: "Every LLM Coding product: id, label, category, kind and the series of comparisons",
    tags: [LLM_CODING_TAG],
    exampleLabel: "All products",
  },
});

export const llmCodingIndexRoute = llmCodingReads.read({
  path: "/api/llm-coding/index",
  operationId: "getLlmCodingIndex",
  tool: {
    name: "get_llm_coding_index",
    title: "Latest LLM Coding value",
    description:
      "The latest UTC day's value of one single-series LLM Coding product (pull requests or commits opened that day by a coding agent, or its merge rate in percent), its change from the day before in percent, and whether it is provisional or settled",
  },
  query: llmCodingIndexQuerySchema,
  responses: {
    200: { description: "The product's latest value", schema: llmCodingIndexResponseSchema },
    404: errorResponse("The product has no value yet."),
  },
  docs: {
    summary: "The latest value of one LLM Coding product, with its change from the day before",
    description: [
      `\`product\` is one of ${LLM_CODING_PRODUCT_LIST_TEXT}; the two comparison products have no single value (400: use the history).`,
      "`changePct` is the change from the previous UTC day's value in percent, null when that day has no value or it is 0; `updatedAt` is when the newest count behind the value was searched.",
      STATUS_TEXT,
      SOURCES_TEXT,
    ].join(" "),
    examples: () => [
      {
        label: "Codex pull requests",
        pathAndQuery: "/api/llm-coding/index?product=codex-prs",
      },
      {
        label: "Claude merge rate",
        pathAndQuery: "/api/llm-coding/index?product=cc-merge",
      },
    ],
  },
  answer: ({ counts }, { query }) => answerLlmCodingIndex(query.product, counts),
});

export const llmCodingHistoryRoute = llmCodingReads.history({
  path: "/api/llm-coding/history",
  operationId: "getLlmCodingHistory",
  tool: {
    name: "get_llm_coding_history",
    title: "LLM Coding history",
    description:
      "One LLM Coding product's daily values over a range of UTC days, oldest first: pull requests or commits per day, or merge rates in percent; comparison products (cc-vs-codex, cc-vs-codex-merge) give `value` and `value2` with `seriesLabels`. Each row says whether it is provisional or settled",
  },
  query: llmCodingHistoryQuerySchema,
  responses: {
    200: { description: "The product's daily rows", schema: llmCodingHistoryResponseSchema },
  },
  docs: {
    summary: "One LLM Coding product's daily values, oldest first",
    description: [
      `Rows of the UTC days from \`startDate\` to \`endDate\` (inclusive, each optional), oldest first; at most \`limit\` (default ${DEFAULT_LLM_CODING_HISTORY_LIMIT}), the latest ones when the range holds more.`,
      "A comparison product adds `seriesLabels` and rows with `value2` (either may be null on a day one series has no value). A day without any value is left out; an empty range is `data: []`, never 404.",
      STATUS_TEXT,
      SOURCES_TEXT,
      RELEASE_TEXT,
    ].join(" "),
    examples: (days) => [
      {
        label: "Copilot merge rate over a week",
        pathAndQuery: `/api/llm-coding/history?product=copilot-merge&startDate=${days.start}&endDate=${days.end}`,
      },
      {
        label: "Claude vs Codex pull requests",
        pathAndQuery: "/api/llm-coding/history?product=cc-vs-codex&limit=30",
      },
    ],
  },
  answer: ({ counts }, { query }) => ok(answerLlmCodingHistory(query, counts)),
  asOfRelease: llmCodingHistoryAsOf,
});

export const llmCodingRevisionsRoute = llmCodingReads.read({
  path: "/api/llm-coding/revisions",
  operationId: "getLlmCodingRevisions",
  tool: {
    name: "get_llm_coding_revisions",
    title: "LLM Coding revisions",
    description:
      "Every recorded change of a settled GitHub count behind one LLM Coding product (old and new count, change in percent, reason, when it was recorded), for days in an optional range. Use it to explain why a settled value moved",
  },
  query: llmCodingRevisionsQuerySchema,
  responses: {
    200: { description: "The recorded revisions", schema: llmCodingRevisionsResponseSchema },
  },
  docs: {
    summary: "Every recorded change of a settled count behind one LLM Coding product",
    description: [
      "A product's value is computed from counts (a merge rate from the opened and merged pull requests of the day); each row is one change of one of those counts after it settled: `oldCount`, `newCount`, `changePercent`, `reason` and `recordedAt`, in the order recorded.",
      "`startDate` and `endDate` (inclusive, optional) bound the days whose counts changed. None recorded is `data: []`.",
    ].join(" "),
    examples: () => [
      {
        label: "Revisions behind the Codex merge rate",
        pathAndQuery: "/api/llm-coding/revisions?product=codex-merge",
      },
    ],
  },
  answer: ({ counts }, { query }) => ok(answerLlmCodingRevisions(query, counts)),
});

export const llmCodingMethodologyRoute = llmCodingReads.document({
  path: "/api/llm-coding/methodology",
  operationId: "getLlmCodingMethodology",
  response: {
    description: "The LLM Coding methodology",
    schema: llmCodingMethodologyResponseSchema,
  },
  docs: {
    summary:
      "The LLM Coding methodology: sources, the exact GitHub searches per agent, the maturation rule, the merge-rate definition and citations",
    description:
      "`dataSources.sample` is true while the generated sample is served (no GitHub search has answered yet): quote `dataSources.notice` with the values then.",
    exampleLabel: "The LLM Coding methodology",
  },
  answer: ({ counts }) => llmCodingMethodologyDocument(counts),
});

export const llmCodingTokensRoute = llmCodingReads.history({
  path: "/api/llm-coding/tokens",
  operationId: "getLlmCodingTokens",
  tool: {
    name: "get_llm_coding_tokens",
    title: "Coding agents' tokens on OpenRouter",
    description:
      "Tokens per coding agent and UTC day from OpenRouter's coding app rankings (prompt + completion tokens of the agent's app, its rank and requests), a measure of coding-agent work independent of GitHub; CC BY 4.0, cite OpenRouter. Agents whose traffic does not go through OpenRouter have no rows",
  },
  query: llmCodingTokensQuerySchema,
  responses: {
    200: { description: "The agents' app-rankings rows", schema: llmCodingTokensResponseSchema },
  },
  docs: {
    summary: "Tokens per coding agent and UTC day, from OpenRouter's coding app rankings",
    description: [
      "Rows of the one-day windows of OpenRouter's app rankings (category `coding`) whose app is one of the five agents, oldest first, then by rank; `agent`, `startDate` and `endDate` (inclusive) are optional.",
      "`totalTokens` is a decimal string (totals exceed 2^53). Synced only with an OpenRouter key; none stored is `data: []`.",
      "`dataSources` carries OpenRouter's citation with the newest `as_of` and the CC BY 4.0 licence: quote them with the numbers.",
      RELEASE_TEXT,
    ].join(" "),
    examples: (days) => [
      {
        label: "Claude Code's tokens over a week",
        pathAndQuery: `/api/llm-coding/tokens?agent=claude&startDate=${days.start}&endDate=${days.end}`,
      },
    ],
  },
  answer: ({ counts }, { query }) => ok(answerLlmCodingTokens(query, counts)),
  asOfRelease: llmCodingTokensAsOf,
});
