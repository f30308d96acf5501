import { planOfCaller } from "../../../platform/auth/api-key-authenticator";
import {
  AUTO_HOURLY_MAX_DAYS,
  GPU_INDEX_UNIT,
  GPU_RETURNS_PER_YEAR,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  VOLATILITY_WINDOW_MAX_DAYS,
  VOLATILITY_WINDOW_MIN_DAYS,
  VOLUME_MAX_SPAN_DAYS,
} from "@tpi/domain";
import { defineRoute } from "../../../platform/http/route";
import { GPU, GPU_PRINT_FRESHNESS, GPU_DAILY_FRESHNESS } from "../read-model/state";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
} from "../../../platform/openapi/responses";
import { gpuPathParamsSchema } from "../schemas/prices";
import {
  gpuVolatilityQuerySchema,
  gpuVolatilityResponseSchema,
  gpuVolumeQuerySchema,
  gpuVolumeResponseSchema,
} from "../schemas/analytics";
import { answerGpuVolatility, answerGpuVolume } from "../services/analytics";

/**
 * GPU analytics (the original's Analytics group): rolling volatility of the daily index and the
 * traded volume behind it. Any key reads them (Trial, Premium, Full); only Full keys are served
 * hourly volume. Series come most recent first, as the original's analytics series do.
 */

const KEYED_ACCESS = "Any key (Trial, Premium or Full); without a key 401.";

export const gpuVolatilityRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/volatility",
  operationId: "getGpuVolatility",
  tool: {
    name: "get_gpu_volatility",
    title: "GPU price volatility",
    description: `Rolling annualized volatility of one GPU's daily index, one row per settled day from \`startDate\` through \`endDate\` (both required, YYYY-MM-DD), most recent first. \`rolling_volatility\` is the standard deviation of the \`windowDays\` daily log returns ending on the row's day, annualized, as a fraction (0.80 is 80 %), null when the window is incomplete; \`index_value\` is the day's value in ${GPU_INDEX_UNIT}. \`windowDays\`: ${VOLATILITY_WINDOW_MIN_DAYS} to ${VOLATILITY_WINDOW_MAX_DAYS}, default ${VOLATILITY_WINDOW_DEFAULT_DAYS}`,
  },
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  query: gpuVolatilityQuerySchema,
  responses: {
    200: {
      description: "Rolling volatility, most recent first",
      schema: gpuVolatilityResponseSchema,
    },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Rolling annualized volatility of one GPU's daily index, most recent first",
    description: [
      `One row per settled daily value from \`startDate\` through \`endDate\` (both required). Daily grain only: hourly prints are not used.`,
      `\`rolling_volatility\` is the sample standard deviation (divisor n - 1) of the \`windowDays\` daily log returns ln(v[d] / v[d-1]) ending on the row's day, annualized by sqrt(${GPU_RETURNS_PER_YEAR}) because GPU values settle every calendar day, weekends included; a fraction (0.80 is 80 %).`,
      `The window reaches back before \`startDate\` into the stored values, so the first rows carry a full window when history allows. A row carries \`null\` (never 0) when any day of its window lacks a value (a return across a gap would span several days) and for \`windowDays\` = 1 (a standard deviation needs two returns).`,
      `\`windowDays\`: an integer from ${VOLATILITY_WINDOW_MIN_DAYS} to ${VOLATILITY_WINDOW_MAX_DAYS}, default ${VOLATILITY_WINDOW_DEFAULT_DAYS}.`,
    ].join(" "),
    tags: ["Analytics"],
    access: KEYED_ACCESS,
    examples: (days) => [
      {
        label: "H100 SXM, 30-day window, over a week",
        pathAndQuery: `/api/gpu/H100%20SXM/volatility?startDate=${days.start}&endDate=${days.end}&windowDays=${VOLATILITY_WINDOW_DEFAULT_DAYS}`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_DAILY_FRESHNESS,
    answer:
      (deps) =>
      ({ params, query }) =>
        answerGpuVolatility(params.gpuName, query, GPU.of(deps).index),
  },
});

export const gpuVolumeRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/volume-metrics",
  operationId: "getGpuVolumeMetrics",
  tool: {
    name: "get_gpu_volume_metrics",
    title: "GPU traded volume",
    description: `The traded volume behind one GPU's index per published period, most recent first: \`trade_count\`, \`gpu_hours\` and \`distinct_providers\`, from \`startDate\` through \`endDate\` (both required, YYYY-MM-DD, at most ${VOLUME_MAX_SPAN_DAYS} days). \`granularity\`: \`daily\`, \`hourly\` or \`auto\` (hourly up to ${AUTO_HOURLY_MAX_DAYS} days, the default); hourly rows need a Full plan key and other keys are served daily, so read \`granularity\` in the answer`,
  },
  security: "required",
  limiter: "public",
  params: gpuPathParamsSchema,
  query: gpuVolumeQuerySchema,
  responses: {
    200: {
      description: "Traded volume per period, most recent first",
      schema: gpuVolumeResponseSchema,
    },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Trades, GPU-hours and distinct providers per published period, most recent first",
    description: [
      `Counted from the trades each print / daily value was computed from, frozen when it was published, per published period only: hourly, the trailing hour of each published print (a trade at exactly HH:00 counts in the next hour's print, as in the index); daily, the trades of the prints each published daily value averages, i.e. its settlement period (after the previous day's 4 PM New York through this day's). A carried print counts zero trades. A trade stored after its period was published changes neither the index nor its volume.`,
      `\`distinct_providers\` counts providers, never names them; a day's count is over the whole period, not the sum of its hours.`,
      `The original's \`utilization_ratio\` (share of tracked capacity rented) is not served: it needs capacity data this service does not hold.`,
      `\`startDate\` and \`endDate\` are required and span at most ${VOLUME_MAX_SPAN_DAYS} days; hourly rows are the prints stamped 00:00 UTC on \`startDate\` through 23:00 UTC on \`endDate\`, daily rows the New York days in the range.`,
      `\`granularity\`: \`daily\`, \`hourly\` or \`auto\` (hourly up to ${AUTO_HOURLY_MAX_DAYS} days, daily beyond). Hourly needs a Full key: Trial and Premium keys are served daily, and the body's \`granularity\` says which grain was served.`,
    ].join(" "),
    tags: ["Analytics"],
    access: KEYED_ACCESS,
    examples: (days) => [
      {
        label: "B200 per day over a week",
        pathAndQuery: `/api/gpu/B200/volume-metrics?startDate=${days.start}&endDate=${days.end}&granularity=daily`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: GPU_PRINT_FRESHNESS,
    answer:
      (deps) =>
      ({ params, query, caller }) =>
        answerGpuVolume(params.gpuName, query, planOfCaller(caller), GPU.of(deps).index),
  },
});
