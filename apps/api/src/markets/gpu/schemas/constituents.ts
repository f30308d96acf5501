import { DAILY_BASES, GPU_PLAN_ACCESS_LEVELS, QUOTE_EXCLUSIONS } from "@tpi/domain";
import { z } from "zod";
import { successBody } from "../../../platform/openapi/responses";
import { dayParameter } from "../../../platform/http/parameters";
import { instantSchema } from "../../../platform/http/input";
import { answerProvenanceShape, gpuNameSchema } from "./prices";

/**
 * `GET /api/gpu/{gpuName}/constituents`: what one settled GPU daily value was computed from.
 * Prices are USD per GPU-hour.
 */
export const gpuConstituentsQuerySchema = z.object({
  date: dayParameter(
    "date",
    "The New York settlement day of the daily value, YYYY-MM-DD (it settled at 4 PM America/New_York that day).",
  ),
});
export type GpuConstituentsQuery = z.infer<typeof gpuConstituentsQuerySchema>;

const price = z.number().meta({ description: "USD per GPU-hour." });

export const gpuQuoteConstituentSchema = z.object({
  kind: z.literal("quote"),
  source: z.string().meta({ description: "The quote source of the snapshot (`gpurentalprices`)." }),
  snapshotId: z
    .number()
    .int()
    .meta({ description: "The stored snapshot the price was read from." }),
  snapshotAsOf: instantSchema.meta({ description: "The source's own time of that snapshot." }),
  provider: z.string(),
  tier: z.string().meta({ description: "How the price is offered; only `on-demand` counts." }),
  offer: z
    .string()
    .meta({ description: 'What tells the offer apart from the provider\'s others; "" when one.' }),
  priceUsdPerGpuHour: price,
  prints: z
    .number()
    .int()
    .min(0)
    .meta({ description: "How many of the day's hourly prints read this snapshot." }),
  included: z.boolean().meta({ description: "True when the price counted in those prints." }),
  exclusionReason: z
    .enum(Object.keys(QUOTE_EXCLUSIONS) as [string, ...string[]])
    .nullable()
    .meta({ description: "Why the price did not count; null when it counted." }),
  exclusionDescription: z.string().nullable(),
});

export const gpuTradeConstituentSchema = z.object({
  kind: z.literal("trades"),
  source: z
    .string()
    .meta({ description: "The trades' source (`sample` for the generated sample)." }),
  provider: z.string(),
  tradeCount: z.number().int().min(0),
  gpuHours: z.number().min(0),
  averagePriceUsdPerGpuHour: price.meta({
    description:
      "GPU-hour-weighted mean of the trades' prices, before winsorizing, USD per GPU-hour.",
  }),
});

export const gpuConstituentsResponseSchema = successBody("GpuConstituents", {
  access: z.enum(GPU_PLAN_ACCESS_LEVELS).meta({
    description:
      "`public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key.",
  }),
  gpuName: gpuNameSchema,
  date: z.string().meta({ description: "The New York settlement day." }),
  settledAt: instantSchema.meta({ description: "4 PM America/New_York on `date`, in UTC." }),
  published: z.literal(true),
  indexValue: price.meta({ description: "The daily value: mean of the day's hourly prints." }),
  methodologyVersion: z.string(),
  basis: z.enum(DAILY_BASES),
  backfilled: z.boolean(),
  printCount: z.number().int(),
  providerCount: z.number().int(),
  offerCount: z.number().int(),
  tradeCount: z.number().int(),
  ...answerProvenanceShape,
  count: z.number().int(),
  data: z
    .array(z.discriminatedUnion("kind", [gpuQuoteConstituentSchema, gpuTradeConstituentSchema]))
    .meta({
      description:
        "Quote rows (every posted price of the snapshots the day's prints read, included or excluded with the reason) then trade rows (the trades of the day's prints from trades, per source and provider).",
    }),
});
export type GpuConstituentsResponse = z.infer<typeof gpuConstituentsResponseSchema>;
