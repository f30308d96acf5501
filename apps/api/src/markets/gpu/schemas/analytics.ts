import {
  ANALYTICS_END_DATE_REQUIRED_MESSAGE,
  ANALYTICS_START_DATE_REQUIRED_MESSAGE,
  GPU_GRAINS,
  GPU_GRANULARITY_CHOICES,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  VOLATILITY_WINDOW_MAX_DAYS,
  VOLATILITY_WINDOW_MIN_DAYS,
} from "@tpi/domain";
import { z } from "zod";
import { daySchema, instantSchema } from "../../../platform/http/input";
import { DAY_PARAMETER_DOC } from "../../../platform/http/parameters";
import {
  gpuNameSchema,
  gpuRegionSchema,
  gpuRowsBody,
  granularityParameter,
  valueProvenanceFields,
  wholeNumberParameter,
} from "./prices";

/**
 * Request and response schemas of the GPU analytics routes (volatility, traded volume). The
 * parameters arrive as text and are checked by the domain's rules (parseWindowDays,
 * resolveAnalyticsRange, parseGranularity), which hold every message once.
 */

const requiredDay = (message: string, description: string) =>
  z.string({ error: message }).meta({ ...DAY_PARAMETER_DOC, description });

const analyticsRangeShape = {
  startDate: requiredDay(ANALYTICS_START_DATE_REQUIRED_MESSAGE, "Inclusive first day (required)."),
  endDate: requiredDay(ANALYTICS_END_DATE_REQUIRED_MESSAGE, "Inclusive last day (required)."),
};

export const gpuVolatilityQuerySchema = z.object({
  ...analyticsRangeShape,
  windowDays: wholeNumberParameter({
    description: `Daily log returns per window: an integer from ${VOLATILITY_WINDOW_MIN_DAYS} to ${VOLATILITY_WINDOW_MAX_DAYS}. Default ${VOLATILITY_WINDOW_DEFAULT_DAYS}.`,
    minimum: VOLATILITY_WINDOW_MIN_DAYS,
    maximum: VOLATILITY_WINDOW_MAX_DAYS,
    example: VOLATILITY_WINDOW_DEFAULT_DAYS,
  }),
});

export const gpuVolumeQuerySchema = z.object({
  ...analyticsRangeShape,
  granularity: granularityParameter(
    `One of ${GPU_GRANULARITY_CHOICES.join(", ")} (default auto). Hourly needs a Full key; other keys are served daily.`,
    "daily",
  ),
});

/**
 * An analytics answer: one GPU over the asked range of days, the measure's own parameter
 * (`parameter`), and a row per period ending `recorded_at` with the measure's fields.
 */
function analyticsBody<Parameter extends z.ZodRawShape, Measure extends z.ZodRawShape>(
  id: string,
  parameter: Parameter,
  recordedAt: string,
  measure: Measure,
) {
  return gpuRowsBody(
    id,
    {
      gpu_type: gpuNameSchema,
      ...parameter,
      startDate: daySchema,
      endDate: daySchema,
      count: z.number().int(),
    },
    z.array(
      z.object({
        recorded_at: instantSchema.meta({ description: recordedAt }),
        gpu_type: gpuNameSchema,
        region: gpuRegionSchema,
        ...measure,
        ...valueProvenanceFields,
      }),
    ),
  );
}

export const gpuVolatilityResponseSchema = analyticsBody(
  "GpuVolatility",
  { window_days: z.number().int() },
  "Settlement instant of the daily value: 4 PM America/New_York in UTC.",
  {
    index_value: z.number().meta({ description: "The daily value, USD per GPU-hour." }),
    rolling_volatility: z.number().min(0).nullable().meta({
      description:
        "Annualized standard deviation of the window's daily log returns, a fraction (0.80 is 80 %); null when the window is not complete.",
    }),
    window_days: z.number().int(),
  },
);

export const gpuVolumeResponseSchema = analyticsBody(
  "GpuVolumeMetrics",
  { granularity: z.enum(GPU_GRAINS).meta({ description: "The grain served." }) },
  "End of the period: the print's hour (hourly) or the settlement instant (daily).",
  {
    trade_count: z.number().int().min(0).meta({ description: "Trades executed in the period." }),
    gpu_hours: z.number().min(0).meta({ description: "GPU-hours rented in those trades." }),
    distinct_providers: z
      .number()
      .int()
      .min(0)
      .meta({ description: "How many providers traded in the period (never which)." }),
  },
);

export type GpuVolatilityResponse = z.infer<typeof gpuVolatilityResponseSchema>;
export type GpuVolumeResponse = z.infer<typeof gpuVolumeResponseSchema>;
