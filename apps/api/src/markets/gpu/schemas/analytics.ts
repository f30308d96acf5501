import {
  ANALYTICS_END_DATE_REQUIRED_MESSAGE,
  ANALYTICS_START_DATE_REQUIRED_MESSAGE,
  GPU_GRAINS,
  GPU_GRANULARITY_CHOICES,
  GPU_REGION,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  VOLATILITY_WINDOW_MAX_DAYS,
  VOLATILITY_WINDOW_MIN_DAYS,
} from "@tpi/domain";
import { z } from "zod";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema, instantSchema } from "../../../platform/http/input";
import { DAY_PARAMETER_DOC } from "../../../platform/http/parameters";
import { answerProvenanceShape, gpuNameSchema, valueProvenanceFields } from "./prices";

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
  windowDays: z
    .string()
    .optional()
    .meta({
      description: `Daily log returns per window: an integer from ${VOLATILITY_WINDOW_MIN_DAYS} to ${VOLATILITY_WINDOW_MAX_DAYS}. Default ${VOLATILITY_WINDOW_DEFAULT_DAYS}.`,
      type: "integer",
      minimum: VOLATILITY_WINDOW_MIN_DAYS,
      maximum: VOLATILITY_WINDOW_MAX_DAYS,
      example: VOLATILITY_WINDOW_DEFAULT_DAYS,
    }),
});

export const gpuVolumeQuerySchema = z.object({
  ...analyticsRangeShape,
  granularity: z
    .string()
    .optional()
    .meta({
      description: `One of ${GPU_GRANULARITY_CHOICES.join(", ")} (default auto). Hourly needs a Full key; other keys are served daily.`,
      enum: [...GPU_GRANULARITY_CHOICES],
      example: "daily",
    }),
});

const regionSchema = z.literal(GPU_REGION);

export const gpuVolatilityResponseSchema = successBody("GpuVolatility", {
  gpu_type: gpuNameSchema,
  window_days: z.number().int(),
  startDate: daySchema,
  endDate: daySchema,
  count: z.number().int(),
  data: z.array(
    z.object({
      recorded_at: instantSchema.meta({
        description: "Settlement instant of the daily value: 4 PM America/New_York in UTC.",
      }),
      gpu_type: gpuNameSchema,
      region: regionSchema,
      index_value: z.number().meta({ description: "The daily value, USD per GPU-hour." }),
      rolling_volatility: z.number().min(0).nullable().meta({
        description:
          "Annualized standard deviation of the window's daily log returns, a fraction (0.80 is 80 %); null when the window is not complete.",
      }),
      window_days: z.number().int(),
      ...valueProvenanceFields,
    }),
  ),
  ...answerProvenanceShape,
});

export const gpuVolumeResponseSchema = successBody("GpuVolumeMetrics", {
  gpu_type: gpuNameSchema,
  granularity: z.enum(GPU_GRAINS).meta({ description: "The grain served." }),
  startDate: daySchema,
  endDate: daySchema,
  count: z.number().int(),
  data: z.array(
    z.object({
      recorded_at: instantSchema.meta({
        description:
          "End of the period: the print's hour (hourly) or the settlement instant (daily).",
      }),
      gpu_type: gpuNameSchema,
      region: regionSchema,
      trade_count: z.number().int().min(0).meta({ description: "Trades executed in the period." }),
      gpu_hours: z.number().min(0).meta({ description: "GPU-hours rented in those trades." }),
      distinct_providers: z
        .number()
        .int()
        .min(0)
        .meta({ description: "How many providers traded in the period (never which)." }),
      ...valueProvenanceFields,
    }),
  ),
  ...answerProvenanceShape,
});

export type GpuVolatilityResponse = z.infer<typeof gpuVolatilityResponseSchema>;
export type GpuVolumeResponse = z.infer<typeof gpuVolumeResponseSchema>;
