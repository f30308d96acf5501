import {
  DATETIME_REQUIRED_MESSAGE,
  GPU_ACCESS_LEVELS,
  GPU_NAMES,
  GPU_REGION,
  INVALID_GPU_MESSAGE,
  parseGpuDatetime,
  type GpuName,
} from "@tpi/domain";
import { z } from "zod";
import { dayParamSchema, daySchema, instantSchema } from "./common";

/**
 * Request and response schemas of the GPU routes. Requests are validated with them and the
 * OpenAPI document is generated from them, so the two cannot drift. Index values are USD per GPU-hour.
 */
export const gpuNameSchema = z
  .enum(GPU_NAMES as [GpuName, ...GpuName[]], { error: INVALID_GPU_MESSAGE })
  .meta({
    description:
      "Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`.",
    example: "H100 SXM",
  });

export const gpuPathParamsSchema = z.object({ gpuName: gpuNameSchema });

export const gpuHistoryQuerySchema = z.object({
  datetime: z
    .string({ error: DATETIME_REQUIRED_MESSAGE })
    .meta({
      description:
        "The instant to look up: `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601 (UTC unless an offset is given).",
      example: "2026-08-21 20:00:00",
    })
    .transform((value, ctx) => {
      const instant = parseGpuDatetime(value);
      if (instant === undefined) {
        ctx.issues.push({
          code: "custom",
          input: value,
          message: `datetime '${value}' is not a valid time (format: YYYY-MM-DD HH:MM:SS or ISO 8601)`,
        });
        return z.NEVER;
      }
      return instant;
    }),
});

export const gpuIndexHistoryQuerySchema = z.object({
  startDate: dayParamSchema("startDate").optional().meta({
    description:
      "Inclusive first day. Default: 3 months ago without a key, the start of the history with one.",
  }),
  endDate: dayParamSchema("endDate")
    .optional()
    .meta({ description: "Inclusive last day. Default: today (UTC)." }),
});

const regionSchema = z
  .literal(GPU_REGION)
  .meta({ description: "Only the global index is published." });
const indexValueSchema = z.number().meta({ description: "USD per GPU-hour, full precision." });

export const gpuCatalogResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.array(z.object({ gpu_name: gpuNameSchema, region: regionSchema })),
  })
  .meta({ id: "GpuCatalog" });

export const gpuLatestResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      gpu_name: gpuNameSchema,
      region: regionSchema,
      index_value: indexValueSchema,
      last_updated: instantSchema.meta({
        description: "The hour of the latest hourly print (UTC).",
      }),
      is_carried: z.boolean().meta({
        description:
          "True when that hour had no trades and the previous print was carried forward.",
      }),
    }),
  })
  .meta({ id: "GpuLatestPrint" });

export const dailyIndexAllResponseSchema = z
  .object({
    success: z.literal(true),
    date: instantSchema.meta({
      description:
        "Latest settlement instant among the rows: 4 PM America/New_York in UTC (20:00 or 21:00).",
    }),
    data: z.array(
      z.object({
        gpu_type: gpuNameSchema,
        region: regionSchema,
        index_value: indexValueSchema,
        date: instantSchema,
      }),
    ),
    count: z.number().int(),
  })
  .meta({ id: "DailyIndexAll" });

export const gpuHistoryResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      gpu_name: gpuNameSchema,
      region: regionSchema,
      index_value: indexValueSchema,
      timestamp: instantSchema.meta({
        description: "The hour of the hourly print nearest the requested instant.",
      }),
      is_carried: z.boolean(),
      requested_datetime: instantSchema.meta({
        description: "The requested instant, normalised to UTC.",
      }),
      time_difference: z.number().min(0).meta({
        description: "Absolute gap between the requested instant and `timestamp`, in seconds.",
      }),
      is_exact: z.boolean().meta({ description: "True when `time_difference` is 0." }),
    }),
  })
  .meta({ id: "GpuNearestPrint" });

export const gpuIndexHistoryResponseSchema = z
  .object({
    success: z.literal(true),
    gpu_type: gpuNameSchema,
    access: z
      .enum(GPU_ACCESS_LEVELS)
      .meta({ description: "`public-3mo` without a key, `full` with one." }),
    startDate: daySchema
      .nullable()
      .meta({ description: "First day of the range served; null when unbounded." }),
    endDate: daySchema,
    count: z.number().int(),
    data: z.array(
      z.object({
        timestamp: instantSchema.meta({
          description: "Settlement instant: 4 PM America/New_York in UTC.",
        }),
        index_value: indexValueSchema.meta({
          description: "Daily value: mean of the day's hourly prints, USD per GPU-hour.",
        }),
      }),
    ),
  })
  .meta({ id: "GpuIndexHistory" });

export type GpuCatalogResponse = z.infer<typeof gpuCatalogResponseSchema>;
export type GpuLatestResponse = z.infer<typeof gpuLatestResponseSchema>;
export type DailyIndexAllResponse = z.infer<typeof dailyIndexAllResponseSchema>;
export type GpuHistoryResponse = z.infer<typeof gpuHistoryResponseSchema>;
export type GpuIndexHistoryResponse = z.infer<typeof gpuIndexHistoryResponseSchema>;
