import { documentRoute, freeTierCatalogRoutes } from "../../../platform/openapi/document-route";
import { planOfCaller } from "../../../platform/auth/api-key-authenticator";
import {
  DAILY_INDEX_LOOKBACK_DAYS,
  GPU_INDEX_UNIT,
  FREE_TIER_GPU_NAMES,
  GPU_CATALOG,
  GPU_FREE_WINDOW_MONTHS,
  authorizeGpu,
  ok,
} from "@tpi/domain";
import type { RouteDeprecation } from "../../../platform/core/route";
import { defineRoute } from "../../../platform/http/route";
import { GPU, GPU_PRINT_FRESHNESS, GPU_DAILY_FRESHNESS } from "../read-model/state";
import { noQuerySchema } from "../../../platform/http/input";
import {
  answerPublishedOrReleased,
  RELEASE_NOT_FOUND_TEXT,
} from "../../../platform/http/release-parameter";
import {
  dailyIndexAllResponseSchema,
  gpuCatalogResponseSchema,
  gpuHistoryQuerySchema,
  gpuHistoryResponseSchema,
  gpuIndexHistoryQuerySchema,
  gpuIndexHistoryResponseSchema,
  gpuLatestResponseSchema,
  gpuPathParamsSchema,
  dailyIndexQuerySchema,
  gpuDailyIndexResponseSchema,
  gpuPreviousDailyIndexResponseSchema,
  gpuMethodologyResponseSchema,
} from "../schemas/prices";
import { gpuMethodologyDocument } from "../services/methodology";
import { gpuDailyAsOf, gpuNearestAsOf } from "../bulk/as-of-release";
import {
  GPU_TYPES_BODY,
  GPU_TYPES_FREE_BODY,
  answerDailyIndexAll,
  answerGpuHistory,
  answerGpuIndexHistory,
  answerGpuLatest,
  answerDailyIndex,
  answerPreviousDailyIndex,
} from "../services/prices";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
  errorResponse,
} from "../../../platform/openapi/responses";

/**
 * The GPU compute price index routes. Values are USD per GPU-hour: prints are published on every
 * hour, daily values at 4 PM New York; the catalogs never change while the process runs.
 */

/** What a keyless caller may ask the GPU tools, as a model reads it. */
const GPU_TOOL_ACCESS = `Without an API key: only ${FREE_TIER_GPU_NAMES.join(", ")}.`;

const KEYED_GPU_NAMES = GPU_CATALOG.filter((entry) => !entry.freeTier).map((e) => e.gpuName);
const quoted = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

/** A GPU name is checked (400) before its access (401), so a typo is reported as a typo. */
export const authorizeGpuPath = (
  params: { gpuName: Parameters<typeof authorizeGpu>[0] },
  caller: { access: Parameters<typeof authorizeGpu>[1] },
) => authorizeGpu(params.gpuName, caller.access);

export const { all: gpuTypesRoute, free: gpuTypesFreeRoute } = freeTierCatalogRoutes({
  path: "/api/gpu-types",
  noun: { one: "GPU", many: "GPUs" },
  tool: {
    name: "list_gpus",
    description: `Every tracked GPU model. The free tier covers ${FREE_TIER_GPU_NAMES.join(", ")}`,
  },
  all: { schema: gpuCatalogResponseSchema, body: GPU_TYPES_BODY },
  free: { schema: gpuCatalogResponseSchema, body: GPU_TYPES_FREE_BODY },
});

export const gpuMethodologyRoute = documentRoute({
  path: "/api/gpu-methodology",
  operationId: "getGpuMethodology",
  response: { description: "The GPU methodology", schema: gpuMethodologyResponseSchema },
  docs: {
    summary:
      "The GPU methodology in force: trade basis, hourly prints, winsorizing, daily settlement, version history, and the sources of the stored trades",
    description:
      "`dataSources.sample` is true while any stored trade is the generated sample: quote `dataSources.notice` with GPU values then.",
    tags: ["Reference"],
    exampleLabel: "The GPU methodology",
  },
  // The trades' sources reload with the published GPU set.
  freshness: GPU_PRINT_FRESHNESS,
  answer: (deps) => ok(gpuMethodologyDocument(GPU.of(deps).rules, GPU.of(deps).index.dataSources)),
});

export const gpuLatestRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}",
  operationId: "getGpuLatest",
  tool: {
    name: "get_gpu_price_latest",
    title: "Latest GPU print",
    description: `The latest hourly print of one GPU's compute price index in ${GPU_INDEX_UNIT}. Prints are published every hour on the hour`,
    access: GPU_TOOL_ACCESS,
  },
  security: "optional",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: noQuerySchema,
  responses: {
    200: { description: "Latest print", schema: gpuLatestResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Latest hourly print of one GPU (USD per GPU-hour)",
    description: `Free-tier GPUs without a key; ${quoted(KEYED_GPU_NAMES)} needs one. Prints are published hourly on the hour.`,
    tags: ["Current Prices"],
    access: "Without a key: the free-tier GPUs; a key for the others.",
    examples: () => [{ label: "H100 SXM now", pathAndQuery: "/api/gpu/H100%20SXM" }],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer:
      (deps) =>
      ({ params }) =>
        answerGpuLatest(params.gpuName, GPU.of(deps).index),
  },
});

export const dailyIndexAllRoute = defineRoute({
  method: "get",
  path: "/api/daily-index/all",
  operationId: "getDailyIndexAll",
  tool: {
    name: "get_gpu_daily_index_all",
    title: "Latest daily GPU values",
    description: `The latest settled daily value of every GPU the caller may see, in ${GPU_INDEX_UNIT}. Daily values settle at 4 PM America/New_York`,
    access: GPU_TOOL_ACCESS,
  },
  security: "optional",
  limiter: "public",
  query: noQuerySchema,
  responses: {
    200: { description: "Latest daily values", schema: dailyIndexAllResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Latest settled daily value of every GPU the caller may see",
    description: `Daily values settle at 4 PM America/New_York, stamped in UTC (20:00 in summer, 21:00 in winter). Looks back ${DAILY_INDEX_LOOKBACK_DAYS} settled days: a GPU without a value in them is left out. Without a key: the ${FREE_TIER_GPU_NAMES.length} free-tier GPUs.`,
    tags: ["Current Prices"],
    access: "Without a key: the free-tier GPUs.",
    examples: () => [{ label: "Every GPU", pathAndQuery: "/api/daily-index/all" }],
  },
  settled: {
    freshness: GPU_DAILY_FRESHNESS,
    answer:
      (deps) =>
      ({ caller }) =>
        answerDailyIndexAll(caller.access, deps.clock(), GPU.of(deps).index),
  },
});

const DAILY_INDEX_DESCRIPTION = `The GPU is named by \`gpuType\` or its alias \`gpu\` (both: only when equal). Same look-back as /api/daily-index/all: the latest value must have settled in the last ${DAILY_INDEX_LOOKBACK_DAYS} settled days, else 404. Without a key: the free-tier GPUs; ${quoted(KEYED_GPU_NAMES)} needs one.`;

/** `/api/daily-index` and its deprecated alias `/api/day-index`: one definition, two paths. */
const dailyIndexRouteAt = (
  path: string,
  operationId: string,
  alias?: { deprecated: RouteDeprecation; summary: string; description: string },
) =>
  defineRoute({
    method: "get",
    path,
    operationId,
    ...(alias ? { deprecated: alias.deprecated } : {}),
    security: "optional",
    limiter: "public",
    query: dailyIndexQuerySchema,
    responses: {
      200: { description: "Latest daily value", schema: gpuDailyIndexResponseSchema },
      400: BAD_REQUEST_RESPONSE,
      401: UNAUTHORIZED_RESPONSE,
      404: NO_DATA_RESPONSE,
    },
    docs: {
      summary: alias?.summary ?? "Latest settled daily value of one GPU",
      description: alias?.description ?? DAILY_INDEX_DESCRIPTION,
      tags: ["Current Prices"],
      access: "Without a key: the free-tier GPUs.",
      examples: () => [
        { label: "H100 SXM, latest day", pathAndQuery: `${path}?gpuType=H100%20SXM` },
      ],
    },
    settled: {
      freshness: GPU_DAILY_FRESHNESS,
      answer:
        (deps) =>
        ({ query, caller }) =>
          answerDailyIndex(query, caller.access, deps.clock(), GPU.of(deps).index),
    },
  });

export const DAILY_INDEX_PATH = "/api/daily-index";
/** `/api/day-index` is the original's old name of /api/daily-index, deprecated on this UTC day. */
export const DAY_INDEX_DEPRECATED_SINCE = "2026-11-23";

export const dailyIndexRoute = dailyIndexRouteAt(DAILY_INDEX_PATH, "getDailyIndex");

export const dayIndexRoute = dailyIndexRouteAt("/api/day-index", "getDayIndex", {
  deprecated: { successor: DAILY_INDEX_PATH, since: DAY_INDEX_DEPRECATED_SINCE },
  summary: "Deprecated alias of /api/daily-index",
  description: `Answers exactly as /api/daily-index, with the headers \`Deprecation\` (RFC 9745, deprecated since ${DAY_INDEX_DEPRECATED_SINCE}) and \`Link\` to the successor. ${DAILY_INDEX_DESCRIPTION}`,
});

export const previousDailyIndexRoute = defineRoute({
  method: "get",
  path: "/api/daily-index/{gpuName}/previous",
  operationId: "getPreviousDailyIndex",
  security: "optional",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: noQuerySchema,
  responses: {
    200: { description: "Previous daily value", schema: gpuPreviousDailyIndexResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Settled daily value before the latest one (day over day)",
    description: `The value of the settlement before the latest, in the shape of /api/daily-index, plus the latest value (\`latest_index_value\`, \`latest_date\`) and the change between them (\`change\` in USD per GPU-hour, \`change_percent\` of the previous value). Both must lie in the last ${DAILY_INDEX_LOOKBACK_DAYS} settled days, else 404. Without a key: the free-tier GPUs.`,
    tags: ["Current Prices"],
    access: "Without a key: the free-tier GPUs; a key for the others.",
    examples: () => [
      { label: "H100 SXM, day over day", pathAndQuery: "/api/daily-index/H100%20SXM/previous" },
    ],
  },
  settled: {
    freshness: GPU_DAILY_FRESHNESS,
    answer:
      (deps) =>
      ({ params }) =>
        answerPreviousDailyIndex(params.gpuName, deps.clock(), GPU.of(deps).index),
  },
});

export const gpuHistoryRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/history",
  operationId: "getGpuNearestPrint",
  tool: {
    name: "get_gpu_price_at",
    title: "GPU print nearest an instant",
    description: `The hourly GPU print nearest a given instant, in ${GPU_INDEX_UNIT}. Never fails for an out-of-range time: read 'time_difference' (seconds between the asked instant and the print) and 'is_exact' before quoting the value as the price at that time`,
  },
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuHistoryQuerySchema,
  responses: {
    200: { description: "Nearest print", schema: gpuHistoryResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: errorResponse(`The GPU has no print at all. Or: ${RELEASE_NOT_FOUND_TEXT}`),
  },
  docs: {
    summary: "Hourly print nearest an instant",
    description:
      "Never 404 for an out-of-range instant: returns the nearest print and the gap in `time_difference` (seconds).",
    tags: ["Historical Prices"],
    examples: (days) => [
      {
        label: "H100 SXM at noon UTC",
        pathAndQuery: `/api/gpu/H100%20SXM/history?datetime=${days.end}%2012:00:00`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query }) =>
        gpuNearestAsOf(deps, release, params.gpuName, query.datetime),
      answer: (prints, { params, query }) =>
        answerGpuHistory(params.gpuName, query.datetime, prints),
    }),
  },
});

export const gpuIndexHistoryRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/index-history",
  operationId: "getGpuIndexHistory",
  tool: {
    name: "get_gpu_index_history",
    title: "Daily GPU index history",
    description: `One GPU's settled daily values in ${GPU_INDEX_UNIT}, oldest first`,
    access: `Without an API key: only ${FREE_TIER_GPU_NAMES.join(", ")} and the trailing ${GPU_FREE_WINDOW_MONTHS} months; an earlier startDate is refused with the REST 401 text.`,
  },
  security: "optional",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuIndexHistoryQuerySchema,
  responses: {
    200: { description: "Daily series", schema: gpuIndexHistoryResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Daily series of one GPU, oldest first",
    description: `Without a key: free-tier GPUs and the trailing ${GPU_FREE_WINDOW_MONTHS} months (\`access\` = \`public-3mo\`); an earlier \`startDate\` is 401. With a key: all GPUs and all history (\`access\` = \`premium\` for Premium and Trial keys, \`full\` for Full keys, as the original reports them).`,
    tags: ["Historical Prices"],
    access: `Without a key: free-tier GPUs and the trailing ${GPU_FREE_WINDOW_MONTHS} months.`,
    examples: (days) => [
      {
        label: "B200 over a week",
        pathAndQuery: `/api/gpu/B200/index-history?startDate=${days.start}&endDate=${days.end}`,
      },
    ],
  },
  settled: {
    freshness: GPU_DAILY_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query, caller }, now) =>
        gpuDailyAsOf(deps, release, params.gpuName, query, caller.access, now),
      answer: (values, { params, query, caller }, now) =>
        answerGpuIndexHistory(
          params.gpuName,
          query,
          caller.access,
          planOfCaller(caller),
          now,
          values,
        ),
    }),
  },
});
