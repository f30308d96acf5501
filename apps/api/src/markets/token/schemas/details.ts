import { ACCESS_LEVELS, LAB_IDS, PRICE_BASIS_IDS, type LabId } from "@tpi/domain";
import { z } from "zod";
import { dayParameter, orderedRange } from "../../../platform/http/parameters";
import { labParameter } from "./parameters";
import { dataSourcesSchema, provenanceSchema } from "../../../platform/provenance/data-sources";

/**
 * Requests and responses of `GET /api/otpi/constituents`, `/api/otpi/methodology` and
 * `/api/otpi/revisions`. The routes validate with these schemas and an OpenAPI generator can
 * describe the same routes from them. Prices are USD per million tokens; volumes are tokens.
 */
const UTC_DAY = "UTC day, YYYY-MM-DD";
const LAB = "Lab identifier";

export const constituentsQuerySchema = z.object({
  date: dayParameter("date", UTC_DAY),
  lab: labParameter(LAB),
});
export type ConstituentsQuery = z.infer<typeof constituentsQuerySchema>;

export const revisionsQuerySchema = z
  .object({
    startDate: dayParameter("startDate", UTC_DAY).optional(),
    endDate: dayParameter("endDate", UTC_DAY).optional(),
    lab: labParameter(LAB).optional(),
  })
  .superRefine(orderedRange);
export type RevisionsQuery = z.infer<typeof revisionsQuerySchema>;

/**
 * A token count as a JSON number: exact up to 2^53; beyond it (a source may report more) the
 * nearest double, so the schema does not promise a safe integer.
 */
const tokenCount = z.number().min(0).describe("Tokens (a JSON number; exact up to 2^53)");

const priceBasisSchema = z.enum(PRICE_BASIS_IDS as [string, ...string[]]);

export const coverageSchema = z.object({
  source: z.string(),
  listedTokens: tokenCount.describe("Tokens of the listed top models (all authors)"),
  otherTokens: tokenCount.describe("Tokens of the `other` row: every model outside the top list"),
  trackedTokens: tokenCount.describe("Tokens of listed models of the tracked labs"),
  listedShare: z
    .number()
    .nullable()
    .describe("Listed tokens / (listed + other); null on a day without traffic"),
  trackedShare: z
    .number()
    .nullable()
    .describe("Tracked labs' listed tokens / (listed + other); null on a day without traffic"),
});

export const constituentSchema = z.object({
  modelId: z.string(),
  inputPricePerMtok: z.number().nullable(),
  outputPricePerMtok: z.number().nullable(),
  inputTokens: tokenCount.describe("Input tokens the formula used (reported or estimated)"),
  outputTokens: tokenCount.describe("Output tokens the formula used (reported or estimated)"),
  totalTokens: tokenCount,
  split: z
    .enum(["reported", "estimated"])
    .describe("Whether the input/output split came from the source or was estimated"),
  inputShare: z
    .number()
    .nullable()
    .describe("Input share used to estimate the split; null when reported"),
  priceBasis: priceBasisSchema,
  priceBasisDescription: z.string(),
  priceSnapshotId: z
    .number()
    .int()
    .nullable()
    .describe("The stored price snapshot that priced the model-day"),
  source: z.string(),
  blendedPricePerMtok: z
    .number()
    .nullable()
    .describe("(input price x input tokens + output price x output tokens) / tokens"),
  weight: z.number().describe("Share of the lab's eligible tokens; 0 when excluded"),
  eligible: z.boolean(),
  exclusionReason: z.string().nullable(),
  exclusionDescription: z.string().nullable(),
});

export const constituentsResponseSchema = z.object({
  success: z.literal(true),
  access: z.enum(ACCESS_LEVELS),
  date: z.string(),
  lab: z.enum(LAB_IDS as readonly [LabId, ...LabId[]]),
  published: z
    .boolean()
    .describe("False when the lab-day was not published (see suppressionReason)"),
  indexPerMtok: z.number().nullable(),
  computedAt: z.string().nullable(),
  methodologyVersion: z.string(),
  totalTokens: tokenCount.nullable(),
  suppressionReason: z.string().nullable(),
  suppressionDescription: z.string().nullable(),
  coverage: coverageSchema
    .nullable()
    .describe("The day's traffic as the ranking source describes it (top models and `other`)"),
  provenance: provenanceSchema.describe(
    "Where the numbers come from; with mixed sources, the source of the largest volume",
  ),
  count: z.number().int(),
  data: z.array(constituentSchema),
});
export type ConstituentsResponse = z.infer<typeof constituentsResponseSchema>;

export const revisionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  lab: z.string(),
  oldIndexPerMtok: z.number().nullable(),
  newIndexPerMtok: z.number().nullable(),
  oldSuppressionReason: z.string().nullable(),
  newSuppressionReason: z.string().nullable(),
  changePercent: z
    .number()
    .nullable()
    .describe("Relative change in percent; null when the lab-day gained or lost its value"),
  reason: z.string(),
  forced: z
    .boolean()
    .describe("True when the change was below the materiality threshold and an operator forced it"),
  methodologyVersion: z.string(),
  oldComputedAt: z.string().nullable(),
  restatedAt: z.string().describe("The new computedAt of the value"),
});

export const revisionsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  data: z.array(revisionSchema),
});
export type RevisionsResponse = z.infer<typeof revisionsResponseSchema>;

export const sourceDaysInputSchema = z
  .object({
    startDate: dayParameter("startDate", UTC_DAY),
    endDate: dayParameter("endDate", UTC_DAY),
  })
  .strict()
  .superRefine(orderedRange);

export const sourceDaySchema = z.object({
  date: z.string(),
  source: z.string(),
  sample: z.boolean(),
  asOf: z.string(),
  citation: z.string().nullable(),
  priceBasis: priceBasisSchema,
  listedShare: z.number().nullable(),
  trackedShare: z.number().nullable(),
  otherTokens: tokenCount,
  listedTokens: tokenCount,
});
export type SourceDay = z.infer<typeof sourceDaySchema>;

export const methodologyResponseSchema = z.object({
  success: z.literal(true),
  version: z.string(),
  unit: z.string(),
  formula: z.string(),
  eligibility: z.object({
    excludedModelPatterns: z.array(z.string()),
    exclusionReasons: z.record(z.string(), z.string()),
  }),
  sufficiency: z.object({
    minEligibleModels: z.number().int(),
    minEligibleTokens: z.number().int(),
    suppressionReasons: z.record(z.string(), z.string()),
  }),
  settlement: z.object({ lagHours: z.number(), calendar: z.string() }),
  restatements: z.object({ materialityThresholdPercent: z.number(), policy: z.string() }),
  estimatedSplit: z.object({
    inputShare: z.number().describe("Share of a total-only volume counted as input tokens"),
    rule: z.string(),
    effectiveFrom: z.string(),
  }),
  pricing: z.object({
    snapshotWindowHours: z.number(),
    priceBases: z.record(z.string(), z.string()),
  }),
  dataSources: dataSourcesSchema,
  history: z.array(
    z.object({ version: z.string(), effectiveFrom: z.string(), summary: z.string() }),
  ),
});
export type MethodologyResponse = z.infer<typeof methodologyResponseSchema>;
