import {
  ACCESS_LEVELS,
  LAB_IDS,
  invalidDayParameterMessage,
  invalidLabMessage,
  parseUtcDay,
  type LabId,
} from "@tpi/domain";
import { z } from "zod";

/**
 * Requests and responses of `GET /api/otpi/constituents`, `/api/otpi/methodology` and
 * `/api/otpi/revisions`. The routes validate with these schemas and an OpenAPI generator can
 * describe the same routes from them. Prices are USD per million tokens; volumes are tokens.
 */
const missing = (name: string, input: unknown): string | undefined =>
  input === undefined ? `Query parameter '${name}' is required.` : undefined;

const dayParameter = (name: string) =>
  z
    .string({ error: (issue) => missing(name, issue.input) })
    .refine((value) => parseUtcDay(value) !== undefined, {
      error: (issue) => invalidDayParameterMessage(name, String(issue.input)),
    })
    .describe("UTC day, YYYY-MM-DD");

const labParameter = z
  .enum(LAB_IDS as readonly [LabId, ...LabId[]], {
    error: (issue) => missing("lab", issue.input) ?? invalidLabMessage(String(issue.input)),
  })
  .describe("Lab identifier");

export const constituentsQuerySchema = z.object({
  date: dayParameter("date"),
  lab: labParameter,
});
export type ConstituentsQuery = z.infer<typeof constituentsQuerySchema>;

export const revisionsQuerySchema = z
  .object({
    startDate: dayParameter("startDate").optional(),
    endDate: dayParameter("endDate").optional(),
    lab: labParameter.optional(),
  })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    error: "'startDate' is after 'endDate'.",
  });
export type RevisionsQuery = z.infer<typeof revisionsQuerySchema>;

export const constituentSchema = z.object({
  modelId: z.string(),
  inputPricePerMtok: z.number().nullable(),
  outputPricePerMtok: z.number().nullable(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
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
  totalTokens: z.number().int().nullable(),
  suppressionReason: z.string().nullable(),
  suppressionDescription: z.string().nullable(),
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
  history: z.array(
    z.object({ version: z.string(), effectiveFrom: z.string(), summary: z.string() }),
  ),
});
export type MethodologyResponse = z.infer<typeof methodologyResponseSchema>;
