import {
  CODING_AGENT_IDS,
  CODING_METRICS,
  COUNT_REVISION_REASONS,
  LLM_CODING_PRODUCT_IDS,
  parseLlmCodingHistoryQuery,
  parseLlmCodingIndexQuery,
  parseLlmCodingRevisionsQuery,
  parseLlmCodingTokensQuery,
  LLM_CODING_TOKENS_QUERY_PARAMETERS,
  LLM_CODING_HISTORY_QUERY_PARAMETERS,
  LLM_CODING_INDEX_QUERY_PARAMETERS,
  LLM_CODING_REVISIONS_QUERY_PARAMETERS,
  LLM_CODING_HISTORY_LIMIT,
  type CountRevisionReason,
} from "@tpi/domain";
import { z } from "zod";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema } from "../../../platform/http/input";
import {
  choiceParameter,
  domainQuery,
  optionalDayRangeParameters,
  rowLimitParameter,
} from "../../../platform/http/parameters";
import { dataSourcesSchema } from "../../../platform/provenance/data-sources";
import { withReleaseParameter } from "../../../platform/http/release-parameter";

/**
 * The LLM Coding routes' parameters and answers. Parameters are plain strings piped into the
 * domain's parsers (`parseLlmCodingIndexQuery` and the others), which own the order and the text
 * of every 400; the formats documented here are what they enforce.
 */

const productParameter = (description: string) =>
  choiceParameter("product", LLM_CODING_PRODUCT_IDS, description);

const dayRange = optionalDayRangeParameters({
  startDate: "Inclusive first UTC day; no lower bound when absent.",
  endDate: "Inclusive last UTC day; not before `startDate`; no upper bound when absent.",
});

export const llmCodingIndexQuerySchema = domainQuery(
  LLM_CODING_INDEX_QUERY_PARAMETERS,
  {
    product: productParameter(
      "Product identifier (case-sensitive), one with a single series (not `cc-vs-codex` or `cc-vs-codex-merge`).",
    ),
  },
  parseLlmCodingIndexQuery,
);

export const llmCodingHistoryQuerySchema = withReleaseParameter(
  domainQuery(
    LLM_CODING_HISTORY_QUERY_PARAMETERS,
    {
      product: productParameter("Product identifier (case-sensitive); comparison products too."),
      ...dayRange,
      limit: rowLimitParameter(LLM_CODING_HISTORY_LIMIT),
    },
    parseLlmCodingHistoryQuery,
  ),
);

export const llmCodingRevisionsQuerySchema = domainQuery(
  LLM_CODING_REVISIONS_QUERY_PARAMETERS,
  {
    product: productParameter(
      "Product identifier (case-sensitive): the revisions of every count it is computed from.",
    ),
    ...dayRange,
  },
  parseLlmCodingRevisionsQuery,
);

const productIdSchema = z.enum(LLM_CODING_PRODUCT_IDS as [string, ...string[]]);
const statusSchema = z.enum(["provisional", "settled"]).meta({
  description:
    "`provisional` while any count the value uses may still move (until 7 whole days after the day ended); `settled` after. A settled count that changes is recorded as a revision (`GET /api/llm-coding/revisions`).",
});
const kindSchema = z.enum(["count", "pct"]).meta({
  description: "`count`: pull requests or commits per UTC day; `pct`: a merge rate in percent",
});
const answerDataSources = dataSourcesSchema.meta({
  description:
    "The sources of the values: GitHub search (its citation; counts are facts and carry no licence), or the generated sample (`sample` true, with its notice), each with its days and newest search (`latestAsOf`)",
});

export const llmCodingProductSchema = z.object({
  id: productIdSchema,
  label: z.string(),
  category: z.enum(["prs", "commits", "merge", "compare"]),
  kind: kindSchema,
  compare: z
    .boolean()
    .meta({ description: "True for a two-series product (`value` and `value2`)" }),
  seriesLabels: z
    .tuple([z.string(), z.string()])
    .nullable()
    .meta({ description: "The two series' labels of a comparison product; null otherwise" }),
});

export const llmCodingProductsResponseSchema = successBody("LlmCodingProductsResponse", {
  data: z.array(llmCodingProductSchema),
});
export type LlmCodingProductsResponse = z.infer<typeof llmCodingProductsResponseSchema>;

export const llmCodingIndexResponseSchema = successBody("LlmCodingIndexResponse", {
  data: z.object({
    product: productIdSchema,
    label: z.string(),
    kind: kindSchema,
    value: z.number().meta({
      description: "The latest day's value: a whole count, or a merge rate in percent (unrounded)",
    }),
    changePct: z.number().nullable().meta({
      description:
        "Change from the previous UTC day's value in percent; null when that day has no value or it is 0",
    }),
    date: daySchema.meta({ description: "The UTC day of the value" }),
    updatedAt: z.string().meta({
      description:
        "When the newest count behind the value was searched (ISO 8601 UTC); for the generated sample, when it was generated",
    }),
    status: statusSchema,
  }),
  dataSources: answerDataSources,
});
export type LlmCodingIndexResponse = z.infer<typeof llmCodingIndexResponseSchema>;

const historyRowSchema = z.object({
  date: daySchema,
  value: z.number().nullable().meta({
    description:
      "The day's value (the first series of a comparison product); null in a comparison row whose first series has none that day",
  }),
  value2: z
    .number()
    .nullable()
    .optional()
    .meta({ description: "Comparison products only: the second series' value (null: none)" }),
  status: statusSchema,
});

export const llmCodingHistoryResponseSchema = successBody("LlmCodingHistoryResponse", {
  product: productIdSchema,
  compare: z.boolean(),
  seriesLabels: z
    .tuple([z.string(), z.string()])
    .optional()
    .meta({ description: "Comparison products only: the labels of `value` and `value2`" }),
  count: z.number().int(),
  dataSources: answerDataSources,
  data: z.array(historyRowSchema),
});
export type LlmCodingHistoryResponse = z.infer<typeof llmCodingHistoryResponseSchema>;

export const llmCodingRevisionSchema = z.object({
  date: daySchema.meta({ description: "The UTC day whose count changed" }),
  agent: z.enum(CODING_AGENT_IDS as [string, ...string[]]),
  metric: z.enum(CODING_METRICS).meta({
    description: "Which count: `opened` pull requests, `merged` pull requests or `commits`",
  }),
  oldCount: z.number().int().meta({ description: "The settled count before the change" }),
  newCount: z.number().int().meta({ description: "The count served since" }),
  changePercent: z
    .number()
    .nullable()
    .meta({ description: "Relative change in percent; null when the old count was 0" }),
  reason: z.enum(
    Object.keys(COUNT_REVISION_REASONS) as [CountRevisionReason, ...CountRevisionReason[]],
  ),
  message: z.string(),
  recordedAt: z.string().meta({ description: "When the change was observed (ISO 8601 UTC)" }),
});

export const llmCodingRevisionsResponseSchema = successBody("LlmCodingRevisionsResponse", {
  product: productIdSchema,
  count: z.number().int(),
  dataSources: answerDataSources,
  data: z.array(llmCodingRevisionSchema),
});
export type LlmCodingRevisionsResponse = z.infer<typeof llmCodingRevisionsResponseSchema>;

const searchSchema = z.object({
  endpoint: z.string(),
  q: z.string().meta({ description: "The search's `q`, with the day as YYYY-MM-DD" }),
});

export const llmCodingMethodologyResponseSchema = successBody("LlmCodingMethodologyResponse", {
  version: z.string(),
  unit: z.string(),
  maturationDays: z.number().int().meta({
    description: "Whole days after a day ends during which its counts are provisional",
  }),
  mergeRate: z.string().meta({ description: "How a merge rate is computed" }),
  rules: z.array(z.string()).meta({ description: "The method, one rule per sentence" }),
  queries: z
    .array(
      z.object({
        agent: z.enum(CODING_AGENT_IDS as [string, ...string[]]),
        label: z.string(),
        opened: searchSchema,
        merged: searchSchema,
        commits: searchSchema.nullable(),
        reason: z.string(),
      }),
    )
    .meta({ description: "The exact GitHub searches per agent, one per count and UTC day" }),
  sources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      measures: z.string(),
      citation: z.string(),
      licence: z.object({ name: z.string(), url: z.string() }).nullable(),
    }),
  ),
  dataSources: answerDataSources,
});
export type LlmCodingMethodologyResponse = z.infer<typeof llmCodingMethodologyResponseSchema>;

export const llmCodingTokensQuerySchema = withReleaseParameter(
  domainQuery(
    LLM_CODING_TOKENS_QUERY_PARAMETERS,
    {
      agent: choiceParameter(
        "agent",
        CODING_AGENT_IDS,
        "Coding agent (case-sensitive); all five when absent.",
      ).optional(),
      ...dayRange,
    },
    parseLlmCodingTokensQuery,
  ),
);

export const llmCodingTokensResponseSchema = successBody("LlmCodingTokensResponse", {
  count: z.number().int(),
  dataSources: dataSourcesSchema.meta({
    description:
      "OpenRouter's app rankings with the newest `as_of`, its citation and licence (CC BY 4.0)",
  }),
  data: z.array(
    z.object({
      date: daySchema.meta({ description: "The UTC day of the one-day rankings window" }),
      agent: z.enum(CODING_AGENT_IDS as [string, ...string[]]),
      appId: z.number().int(),
      appName: z.string().meta({ description: "The app's name in the rankings" }),
      rank: z.number().int().meta({ description: "Its rank in the coding category that day" }),
      totalRequests: z.number().int(),
      totalTokens: z.string().meta({
        description:
          "Prompt + completion tokens that day as each provider's tokenizer counts them, a decimal string (totals exceed 2^53)",
        pattern: "^\\d+$",
      }),
      asOf: z.string().meta({ description: "The rankings' `as_of` (ISO 8601 UTC)" }),
    }),
  ),
});
export type LlmCodingTokensResponse = z.infer<typeof llmCodingTokensResponseSchema>;
