import { catalogRoute } from "../../../platform/openapi/document-route";
import { marketReads } from "../../../platform/openapi/market-reads";
import {
  DEFAULT_MEMORY_HISTORY_LIMIT,
  MEMORY_CATEGORIES,
  MEMORY_TYPES,
  MEMORY_UNIT,
} from "@tpi/domain";
import { memoryHistoryAsOf } from "../bulk/as-of-release";
import { errorResponse } from "../../../platform/openapi/responses";
import { MEMORY, MEMORY_FRESHNESS } from "../read-model/state";
import {
  memoryHistoryQuerySchema,
  memoryHistoryResponseSchema,
  memoryIndexQuerySchema,
  memoryIndexResponseSchema,
  memoryMethodologyResponseSchema,
  memoryPathParamsSchema,
  memoryRevisionsQuerySchema,
  memoryRevisionsResponseSchema,
  memoryTypesResponseSchema,
} from "../schemas/memory";
import {
  MEMORY_TYPES_BODY,
  answerMemoryHistory,
  answerMemoryIndex,
  answerMemoryRevisions,
  memoryMethodologyDocument,
} from "../services/memory";

/**
 * The Memory routes: DRAM, NAND flash and module prices settled once per NYSE trading day at
 * 4 PM New York from the operator's imported observations. Values need a key of any plan
 * (Trial, Premium, Full); the catalogue and the methodology are public.
 */

/** The OpenAPI tag of the Memory routes. */
export const MEMORY_TAG = "Memory";

const memoryReads = marketReads({
  state: MEMORY,
  freshness: MEMORY_FRESHNESS,
  tag: MEMORY_TAG,
  access: "Any key (Trial, Premium, Full) reads every type and all history; none without one.",
});

/** How the answers write a trading day, as the reference service does. */
const DATE_INSTANT_TEXT =
  "Every `date` of the answer is a trading day written as the ISO instant 00:00 UTC of its New York date (`2026-01-01T00:00:00.000Z`), the reference service's form; it names the day, not the 4 PM settlement.";

const SOURCES_TEXT =
  "Every row names its `sources`; `dataSources` gives each source's as-of time, licence and citation as imported, and `sample` is true (on every row too) for the generated sample shown before the first import.";

export const memoryTypesRoute = catalogRoute({
  path: "/api/memory-types",
  operationId: "listMemoryTypes",
  tool: {
    name: "list_memory_types",
    title: "Memory type catalogue",
    description: `The ${MEMORY_TYPES.length} memory types (DRAM chips, NAND flash chips, DRAM modules) with their frozen ids, names, categories (${MEMORY_CATEGORIES.join(", ")}) and price units`,
  },
  response: { description: "The memory type catalogue", schema: memoryTypesResponseSchema },
  body: MEMORY_TYPES_BODY,
  docs: {
    summary: "Every memory type: frozen id, name, category and unit",
    description:
      "Ids are frozen (never renamed or reused). `memory_type` is the name the other Memory routes also accept (URL-encoded).",
    tags: [MEMORY_TAG],
    exampleLabel: "All memory types",
  },
});

export const memoryIndexRoute = memoryReads.read({
  path: "/api/memory-index",
  operationId: "getMemoryIndex",
  tool: {
    name: "get_memory_index",
    title: "Latest memory prices",
    description: `The latest settled price of each memory type (${MEMORY_UNIT}): the session average of the trading day that settled at 4 PM New York, its change from the previous settled price in percent, and the trailing 7-day high and low. Optional \`category\` (${MEMORY_CATEGORIES.join(", ")}) or \`type\` (frozen id like \`mem_ddr5_16gb\`, or exact name). Say whether \`sample\` is true and name the sources with the numbers`,
  },
  query: memoryIndexQuerySchema,
  responses: {
    200: { description: "Latest settled values", schema: memoryIndexResponseSchema },
    404: errorResponse(
      "The `type` asked has no settled value yet, or is not in the `category` asked.",
    ),
  },
  docs: {
    summary: "Latest settled memory prices: session average, change, trailing-week high and low",
    description: [
      "Without parameters: every type with a settled value (an array); `category`: that category's types (an array); `type` (frozen id or exact name, URL-encoded): one object.",
      "`price` is the mean of the type's observations in the trading day's session (from the previous trading day's 4 PM New York settlement, excluded, to the day's, included); a day without an observation has no value (nothing is carried forward).",
      "`changePct` is against the type's previous settled price; `weeklyHigh`/`weeklyLow` cover the 7 calendar days ending on the day; `sourceUpdatedAt` is the latest source time among the session's observations; `updatedAt` when the service settled the value.",
      DATE_INSTANT_TEXT,
      SOURCES_TEXT,
    ].join(" "),
    examples: () => [
      { label: "Every memory type", pathAndQuery: "/api/memory-index" },
      { label: "DRAM chips", pathAndQuery: "/api/memory-index?category=dram" },
      {
        label: "DDR5 16Gb",
        pathAndQuery: "/api/memory-index?type=mem_ddr5_16gb",
      },
    ],
  },
  answer: ({ index }, { query }) => answerMemoryIndex(query, index),
});

export const memoryHistoryRoute = memoryReads.history({
  path: "/api/memory/{memoryType}/history",
  operationId: "getMemoryHistory",
  tool: {
    name: "get_memory_history",
    title: "Memory price history",
    description: `One memory type's settled prices per NYSE trading day (${MEMORY_UNIT}), oldest first, with change and trailing-week high and low: \`memoryType\` is a frozen id like \`mem_ddr5_16gb\` or the exact name; optional \`startDate\`/\`endDate\` (YYYY-MM-DD, inclusive) and \`limit\` (default ${DEFAULT_MEMORY_HISTORY_LIMIT}). Days without observations have no row. Say whether \`sample\` is true and name the sources with the numbers`,
  },
  params: memoryPathParamsSchema,
  query: memoryHistoryQuerySchema,
  responses: {
    200: {
      description: "The type's settled values, oldest first",
      schema: memoryHistoryResponseSchema,
    },
    404: errorResponse("No such path: the `memoryType` segment is empty."),
  },
  docs: {
    summary: "One memory type's settled prices per trading day, oldest first",
    description: [
      "The path takes the frozen id or the exact name (URL-encoded); anything else is a 400 naming the ids.",
      "`startDate` and `endDate` are inclusive trading days (New York dates): a date-only `endDate` includes that day's 4 PM settlement. `limit` keeps the latest rows of the range (default 1000), still oldest first. A range without values is 200 with an empty `data`.",
      "`timestamp` is the settlement instant (4 PM New York, in UTC); `updatedAt` when the service settled the value.",
      DATE_INSTANT_TEXT,
      "A difference from the reference service that stays: its example gives `timestamp` equal to `date` (00:00 UTC), ours is the 4 PM New York settlement the price is of, and rows also carry `sources`, `sample` and `updatedAt`.",
      SOURCES_TEXT,
    ].join(" "),
    examples: (days) => [
      {
        label: "DDR5 16Gb over a week",
        pathAndQuery: `/api/memory/mem_ddr5_16gb/history?startDate=${days.start}&endDate=${days.end}`,
      },
      {
        label: "A DDR5 RDIMM by name, latest 30",
        pathAndQuery: "/api/memory/DDR5%20RDIMM%2032GB%204800%2F5600/history?limit=30",
      },
    ],
  },
  answer: ({ index }, { params, query }) => answerMemoryHistory(params.memoryType, query, index),
  asOfRelease: async (deps, release, query, { params }) => {
    const values = await memoryHistoryAsOf(deps, release, params.memoryType, query);
    return values.ok ? answerMemoryHistory(params.memoryType, query, values.value) : values;
  },
});

export const memoryRevisionsRoute = memoryReads.read({
  path: "/api/memory/revisions",
  operationId: "getMemoryRevisions",
  tool: {
    name: "get_memory_revisions",
    title: "Memory revision log",
    description:
      "Every change of a settled memory price after its settlement (an import that changed the day's observations), oldest day first: old and new price in USD, change in percent, reason and time. Optional `type`, `startDate`, `endDate`. An empty list means nothing was revised",
  },
  query: memoryRevisionsQuerySchema,
  responses: {
    200: { description: "Revisions, oldest day first", schema: memoryRevisionsResponseSchema },
  },
  docs: {
    summary:
      "The Memory revision log: every change of a settled price, with old and new value, reason and time",
    description:
      "A settled price never changes silently: an import that changes a settled session's observations re-settles the day and adds a revision here. Nothing revised is 200 with `count: 0`.",
    examples: () => [{ label: "All revisions", pathAndQuery: "/api/memory/revisions" }],
  },
  answer: ({ index }, { query }) => answerMemoryRevisions(query, index),
});

export const memoryMethodologyRoute = memoryReads.document({
  path: "/api/memory/methodology",
  operationId: "getMemoryMethodology",
  response: { description: "The Memory methodology", schema: memoryMethodologyResponseSchema },
  docs: {
    summary:
      "The Memory methodology: trading calendar, session average, derived fields, revisions, import format and sources",
    description:
      "Public. `dataSources.sample` is true while the generated sample is shown (nothing imported yet).",
    exampleLabel: "The Memory methodology",
  },
  answer: ({ index }) => memoryMethodologyDocument(index),
});
