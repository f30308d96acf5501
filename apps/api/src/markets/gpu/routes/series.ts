import {
  AUTO_HOURLY_MAX_DAYS,
  GPU_INDEX_UNIT,
  HISTORY_DEFAULT_DAYS,
  HISTORY_LIMIT_DEFAULT,
  HISTORY_LIMIT_MAX,
  HOURLY_DEFAULT_HOURS,
  HOURLY_RANGE_MAX_DAYS,
  HOURLY_REQUIRES_FULL_MESSAGE,
  ROLLING_WINDOW_HOURS,
} from "@tpi/domain";
import { answerPublishedOrReleased } from "../../../platform/http/release-parameter";
import { fullPlanOnly } from "../../../platform/openapi/full-plan-only";
import { gpuHourlyAsOf, gpuRollingAsOf, gpuSeriesAsOf } from "../bulk/as-of-release";
import type { z } from "zod";
import { planOfCaller } from "../../../platform/auth/api-key-authenticator";
import { defineRoute } from "../../../platform/http/route";
import { GPU, GPU_PRINT_FRESHNESS } from "../read-model/state";
import { authorizeGpuPath } from "./prices";
import { noQuerySchema } from "../../../platform/http/input";
import {
  gpuHistoryRangeQuerySchema,
  gpuHistoryRangeResponseSchema,
  gpuHistorySimpleQuerySchema,
  gpuHistorySimpleResponseSchema,
  gpuHourlyQuerySchema,
  gpuHourlyResponseSchema,
  gpuPathParamsSchema,
  gpuRollingAverageResponseSchema,
  gpuRollingHistoryQuerySchema,
  gpuRollingHistoryResponseSchema,
} from "../schemas/prices";
import {
  answerHistoryRange,
  answerHistorySimple,
  answerHourly,
  answerRollingAverage,
  answerRollingHistory,
} from "../services/series";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
} from "../../../platform/openapi/responses";

/**
 * The ranged GPU series (Historical Prices): keyed routes whose grain follows the key's plan
 * (domain gpu/grain.ts): Full keys read hourly prints, Premium and Trial keys daily values.
 * Ranges without bounds are anchored at the GPU's latest print. Values are USD per GPU-hour.
 */

const planOf = planOfCaller;

/** Routes with hourly data only: Premium and Trial keys get the 403 naming the Full plan. */
const HOURLY_ONLY = fullPlanOnly(HOURLY_REQUIRES_FULL_MESSAGE);
const KEY_REQUIRED = "Required: any key (Premium, Trial or Full).";
const RANGE_DEFAULTS = `Without \`endDate\` the range ends at the GPU's latest print; without \`startDate\` it starts ${HISTORY_DEFAULT_DAYS} days before the end. A bare date as \`endDate\` includes that whole UTC day.`;
const LIMIT_RULE = `\`limit\` defaults to ${HISTORY_LIMIT_DEFAULT}, at most ${HISTORY_LIMIT_MAX}.`;

const seriesResponses = (description: string, schema: z.ZodType) => ({
  200: { description, schema },
  400: BAD_REQUEST_RESPONSE,
  401: UNAUTHORIZED_RESPONSE,
  404: NO_DATA_RESPONSE,
});

export const gpuHistorySimpleRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/history-simple",
  operationId: "getGpuHistorySimple",
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuHistorySimpleQuerySchema,
  responses: seriesResponses("Series, most recent first", gpuHistorySimpleResponseSchema),
  docs: {
    summary: "Clean daily or hourly series of one GPU, most recent first",
    description: `Rows \`{timestamp, index_value}\`, most recent first: the latest \`limit\` rows of the range (\`has_more\` when older ones were left out). \`granularity\` in the body is the grain served: Full keys get hourly prints for \`hourly\`, or for \`auto\` over ranges up to ${AUTO_HOURLY_MAX_DAYS} days; Premium and Trial keys are always served daily (not refused). ${RANGE_DEFAULTS} ${LIMIT_RULE}`,
    tags: ["Historical Prices"],
    access: KEY_REQUIRED,
    examples: (days) => [
      {
        label: "H100 SXM, last week",
        pathAndQuery: `/api/gpu/H100%20SXM/history-simple?startDate=${days.start}&endDate=${days.end}&granularity=auto`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query, caller }) =>
        gpuSeriesAsOf(
          deps,
          release,
          params.gpuName,
          { ...query, kept: { end: "latest", rows: query.limit } },
          planOf(caller),
        ),
      answer: (values, { params, query, caller }) =>
        answerHistorySimple(params.gpuName, query, planOf(caller), values),
    }),
  },
});

export const gpuHistoryRangeRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/history-range",
  operationId: "getGpuHistoryRange",
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuHistoryRangeQuerySchema,
  responses: seriesResponses("Rows with their grain, oldest first", gpuHistoryRangeResponseSchema),
  docs: {
    summary: "History rows with their granularity, oldest first",
    description: `Rows \`{timestamp, index_value, granularity, is_carried}\`, oldest first: the first \`limit\` rows of the range (\`has_more\` when later ones were left out; ask again from the last \`timestamp\`). The grain follows the \`auto\` rule: hourly prints for Full keys over ranges up to ${AUTO_HOURLY_MAX_DAYS} days, daily values otherwise and always for Premium and Trial keys. ${RANGE_DEFAULTS} ${LIMIT_RULE}`,
    tags: ["Historical Prices"],
    access: KEY_REQUIRED,
    examples: (days) => [
      {
        label: "B200 rows over a week",
        pathAndQuery: `/api/gpu/B200/history-range?startDate=${days.start}&endDate=${days.end}`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query, caller }) =>
        gpuSeriesAsOf(
          deps,
          release,
          params.gpuName,
          { ...query, granularity: "auto", kept: { end: "earliest", rows: query.limit } },
          planOf(caller),
        ),
      answer: (values, { params, query, caller }) =>
        answerHistoryRange(params.gpuName, query, planOf(caller), values),
    }),
  },
});

export const gpuHourlyRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/hourly",
  operationId: "getGpuHourly",
  tool: {
    name: "get_gpu_hourly_prints",
    title: "Hourly GPU prints",
    description: `One GPU's hourly prints in ${GPU_INDEX_UNIT}, oldest first; \`is_carried\` is true for an hour without trades, which repeats the previous print. \`startDate\` and \`endDate\` are optional (a date or an ISO 8601 instant, UTC): without \`endDate\` the range ends at the latest print, without \`startDate\` it holds the ${HOURLY_DEFAULT_HOURS} prints up to the end; at most ${HOURLY_RANGE_MAX_DAYS} days per call`,
    access: HOURLY_ONLY.toolAccess,
    // An open end is the latest print, an open start the default hours: within its 31-day span.
    boundsOpenRange: true,
  },
  security: "required",
  limiter: "public",
  authorizeCaller: HOURLY_ONLY.authorizeCaller,
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuHourlyQuerySchema,
  responses: {
    ...seriesResponses("Hourly prints, oldest first", gpuHourlyResponseSchema),
    403: HOURLY_ONLY.forbiddenResponse,
  },
  docs: {
    summary: "Hourly prints of one GPU (Full keys)",
    description: `Prints \`{timestamp, index_value, is_carried}\`, oldest first. Without \`endDate\` the range ends at the GPU's latest print; without \`startDate\` it covers the ${HOURLY_DEFAULT_HOURS} prints up to the end. At most ${HOURLY_RANGE_MAX_DAYS} days per request (400 beyond). Premium and Trial keys get 403.`,
    tags: ["Historical Prices"],
    access: HOURLY_ONLY.access,
    examples: () => [
      {
        label: "H100 SXM, last 24 hours",
        pathAndQuery: "/api/gpu/H100%20SXM/hourly",
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query }) =>
        gpuHourlyAsOf(deps, release, params.gpuName, query),
      answer: (prints, { params, query }) => answerHourly(params.gpuName, query, prints),
    }),
  },
});

export const gpuRollingAverageRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/rolling-24h-average",
  operationId: "getGpuRollingAverage",
  tool: {
    name: "get_gpu_rolling_average",
    title: "GPU 24-hour rolling average",
    description: `The mean of one GPU's last ${ROLLING_WINDOW_HOURS} hourly prints in ${GPU_INDEX_UNIT} (\`average_usd_per_hour\`), with the window's first and last print hour, \`print_count\` and how many prints were carried (hours without trades). Moves with each hourly print: a smoother current price than the latest print`,
    access: HOURLY_ONLY.toolAccess,
  },
  security: "required",
  limiter: "public",
  authorizeCaller: HOURLY_ONLY.authorizeCaller,
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: noQuerySchema,
  responses: {
    200: { description: "Rolling average", schema: gpuRollingAverageResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    403: HOURLY_ONLY.forbiddenResponse,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: `Mean of the last ${ROLLING_WINDOW_HOURS} hourly prints (Full keys)`,
    description: `\`average_usd_per_hour\` (USD per GPU-hour): the mean of the hourly prints from \`window_start\` to \`window_end\` = \`as_of\`, the latest print (${ROLLING_WINDOW_HOURS} prints, which cover the trades of the ${ROLLING_WINDOW_HOURS} hours up to \`as_of\`), with \`print_count\` and how many were carried. Moves with each hourly print. Premium and Trial keys get 403.`,
    tags: ["Historical Prices"],
    access: HOURLY_ONLY.access,
    examples: () => [
      {
        label: "H100 SXM, trailing 24 h",
        pathAndQuery: "/api/gpu/H100%20SXM/rolling-24h-average",
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer:
      (deps) =>
      ({ params }) =>
        answerRollingAverage(params.gpuName, GPU.of(deps).index),
  },
});

export const gpuRollingHistoryRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/rolling-24h-average/history",
  operationId: "getGpuRollingAverageHistory",
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuRollingHistoryQuerySchema,
  responses: seriesResponses("Rolling averages, oldest first", gpuRollingHistoryResponseSchema),
  docs: {
    summary: `History of the ${ROLLING_WINDOW_HOURS} h rolling average, oldest first`,
    description: `\`startDate\` and \`endDate\` are required. Daily rows (default): the ${ROLLING_WINDOW_HOURS} h average as of each daily settlement instant (4 PM New York) in the range. Full keys may ask \`granularity=hourly\`: the average as of each print hour, at most ${HOURLY_RANGE_MAX_DAYS} days per request; Premium and Trial keys asking hourly are served daily (\`granularity\` in the body says which).`,
    tags: ["Historical Prices"],
    access: KEY_REQUIRED,
    examples: (days) => [
      {
        label: "H100 SXM over a week",
        pathAndQuery: `/api/gpu/H100%20SXM/rolling-24h-average/history?startDate=${days.start}&endDate=${days.end}`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => GPU.of(deps).index,
      asOf: (deps, release, { params, query, caller }) =>
        gpuRollingAsOf(deps, release, params.gpuName, query, planOf(caller)),
      answer: (values, { params, query, caller }) =>
        answerRollingHistory(params.gpuName, query, planOf(caller), values),
    }),
  },
});
