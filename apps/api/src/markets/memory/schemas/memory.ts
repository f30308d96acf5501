import {
  MEMORY_HISTORY_LIMIT,
  MEMORY_CATEGORIES,
  MEMORY_TYPE_IDS,
  MEMORY_TYPE_NAMES,
  MEMORY_UNITS,
  parseMemoryHistoryQuery,
  parseMemoryIndexQuery,
  parseMemoryRevisionsQuery,
  unknownMemoryTypeMessage,
  MEMORY_HISTORY_QUERY_PARAMETERS,
  MEMORY_INDEX_QUERY_PARAMETERS,
  MEMORY_REVISIONS_QUERY_PARAMETERS,
} from "@tpi/domain";
import { z } from "zod";
import { withReleaseParameter } from "../../../platform/http/release-parameter";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema, instantSchema } from "../../../platform/http/input";
import {
  choiceParameter,
  domainQuery,
  optionalDayRangeParameters,
  rowLimitParameter,
} from "../../../platform/http/parameters";
import { answerDataSourcesSchema } from "../../../platform/provenance/data-sources";

/**
 * The Memory routes' parameters and answers. Parameters are plain strings piped into the
 * domain's parsers (`parseMemoryIndexQuery` and the others), which own the order and the text of
 * every 400. Prices are USD per chip (DRAM, NAND flash) or per module (modules).
 */

const TYPE_VALUES = [...MEMORY_TYPE_IDS, ...MEMORY_TYPE_NAMES] as [string, ...string[]];

const typeParameter = (description: string) =>
  choiceParameter("type", TYPE_VALUES, description).optional();

const dayRange = optionalDayRangeParameters({
  startDate:
    "Inclusive first trading day (New York date of the 4 PM settlement); no lower bound when absent.",
  endDate:
    "Inclusive last trading day: a date-only `endDate` includes that day's 4 PM New York settlement; not before `startDate`; no upper bound when absent.",
});

export const memoryIndexQuerySchema = domainQuery(
  MEMORY_INDEX_QUERY_PARAMETERS,
  {
    category: choiceParameter(
      "category",
      MEMORY_CATEGORIES,
      "Only this category's types (an array).",
    ).optional(),
    type: typeParameter(
      "One type by frozen id or exact name (URL-encoded): `data` is then a single object.",
    ),
  },
  parseMemoryIndexQuery,
);

/** The path's type: a frozen id or an exact name; an unknown one is a 400 naming the ids. */
export const memoryPathParamsSchema = z.object({
  memoryType: z
    .enum(TYPE_VALUES, { error: (issue) => unknownMemoryTypeMessage(String(issue.input)) })
    .meta({
      description:
        "The memory type: its frozen id (`mem_ddr5_16gb`) or its exact name, URL-encoded (`DDR5%2016Gb%20(2Gx8)%204800%2F5600`).",
      example: "mem_ddr5_16gb",
    }),
});

export const memoryHistoryQuerySchema = withReleaseParameter(
  domainQuery(
    MEMORY_HISTORY_QUERY_PARAMETERS,
    {
      ...dayRange,
      limit: rowLimitParameter(MEMORY_HISTORY_LIMIT),
    },
    parseMemoryHistoryQuery,
  ),
);

export const memoryRevisionsQuerySchema = domainQuery(
  MEMORY_REVISIONS_QUERY_PARAMETERS,
  {
    type: typeParameter("Only this type's revisions (frozen id or exact name)."),
    ...dayRange,
  },
  parseMemoryRevisionsQuery,
);

const categorySchema = z.enum(MEMORY_CATEGORIES);
const usd = (description: string) => z.number().meta({ description });

export const memoryTypeSchema = z.object({
  id: z.enum(MEMORY_TYPE_IDS as [string, ...string[]]).meta({
    description: "Frozen key (at most 32 characters), never renamed or reused",
  }),
  memory_type: z.string().meta({ description: "The type's name" }),
  category: categorySchema,
  unit: z.enum(Object.values(MEMORY_UNITS) as [string, ...string[]]).meta({
    description: "What one price is for: USD per chip (DRAM, NAND flash) or per module",
  }),
});

export const memoryTypesResponseSchema = successBody("MemoryTypesResponse", {
  data: z.array(memoryTypeSchema),
});
export type MemoryTypesResponse = z.infer<typeof memoryTypesResponseSchema>;

const valueFields = {
  id: z.string().meta({ description: "Frozen type id" }),
  memoryType: z.string().meta({ description: "The type's name" }),
  category: categorySchema,
  price: usd(
    "Session average: the mean of the type's observations in the trading day's session, USD",
  ),
  changePct: z.number().nullable().meta({
    description: "Percent change from the type's previous settled price; null for its first value",
  }),
  weeklyHigh: usd(
    "Highest settled price of the type over the 7 calendar days ending on the day, USD",
  ),
  weeklyLow: usd(
    "Lowest settled price of the type over the 7 calendar days ending on the day, USD",
  ),
  sourceUpdatedAt: instantSchema.meta({
    description: "The latest source publication time among the session's observations (ISO UTC)",
  }),
  sources: z.array(z.string()).meta({ description: "The sources of the session's observations" }),
  sample: z.boolean().meta({ description: "True for the generated sample: not market data" }),
};

/** A trading day as the reference service writes it: 00:00 UTC of the New York date. */
const tradingDayInstant = (description: string) =>
  instantSchema.meta({
    description: `${description}, as the ISO instant 00:00 UTC of that date (\`2026-01-01T00:00:00.000Z\`), the reference service's form; the settlement itself is 4 PM New York`,
    example: "2026-01-01T00:00:00.000Z",
  });

export const memoryIndexRowSchema = z.object({
  ...valueFields,
  date: tradingDayInstant("The trading day (New York date) whose 4 PM settlement this is"),
  updatedAt: instantSchema.meta({ description: "When the service settled the value (ISO UTC)" }),
});
export type MemoryIndexRow = z.infer<typeof memoryIndexRowSchema>;

export const memoryIndexResponseSchema = successBody("MemoryIndexResponse", {
  date: tradingDayInstant(
    "The latest trading day among the values; null when there is none",
  ).nullable(),
  count: z.number().int(),
  data: z.union([memoryIndexRowSchema, z.array(memoryIndexRowSchema)]).meta({
    description:
      "An array (every type, or the `category`'s), or one object when `type` is given; a type without a settled value is left out",
  }),
  dataSources: answerDataSourcesSchema,
});
export type MemoryIndexResponse = z.infer<typeof memoryIndexResponseSchema>;

export const memoryHistoryRowSchema = z.object({
  date: tradingDayInstant("The trading day (New York date)"),
  ...valueFields,
  timestamp: instantSchema.meta({
    description: "The settlement instant: 4 PM New York of `date`, in UTC",
  }),
  updatedAt: instantSchema.meta({ description: "When the service settled the value (ISO UTC)" }),
});
export type MemoryHistoryRow = z.infer<typeof memoryHistoryRowSchema>;

export const memoryHistoryResponseSchema = successBody("MemoryHistoryResponse", {
  id: z.string(),
  memoryType: z.string(),
  count: z.number().int(),
  data: z.array(memoryHistoryRowSchema).meta({ description: "Oldest first" }),
  dataSources: answerDataSourcesSchema,
});
export type MemoryHistoryResponse = z.infer<typeof memoryHistoryResponseSchema>;

export const memoryRevisionSchema = z.object({
  id: z.number().int(),
  date: daySchema.meta({ description: "The trading day revised" }),
  memoryTypeId: z.string(),
  memoryType: z.string(),
  oldPrice: z.number().nullable().meta({ description: "USD; null when the day had no value" }),
  newPrice: z.number().nullable().meta({ description: "USD; null when the day lost its value" }),
  changePercent: z.number().nullable(),
  oldUpdatedAt: instantSchema.nullable().meta({ description: "When the old value was settled" }),
  reason: z.string(),
  recordedAt: instantSchema,
});

export const memoryRevisionsResponseSchema = successBody("MemoryRevisionsResponse", {
  count: z.number().int(),
  data: z.array(memoryRevisionSchema),
});
export type MemoryRevisionsResponse = z.infer<typeof memoryRevisionsResponseSchema>;

export const memoryMethodologyResponseSchema = successBody("MemoryMethodologyResponse", {
  version: z.string(),
  unit: z.string(),
  rules: z.array(z.string()).meta({ description: "The method, one sentence per rule" }),
  importColumns: z
    .array(z.object({ column: z.string(), meaning: z.string() }))
    .meta({ description: "The fields of `tpi memory import` files (CSV header or JSON keys)" }),
  publicSeries: z.array(z.string()).meta({
    description: "What was checked for a public series to bundle, and why none is",
  }),
  latestDate: daySchema.nullable(),
  dataSources: answerDataSourcesSchema,
});
export type MemoryMethodologyResponse = z.infer<typeof memoryMethodologyResponseSchema>;
