import {
  AUTO_HOURLY_MAX_DAYS,
  DAILY_BASES,
  DATETIME_REQUIRED_MESSAGE,
  GPU_DATETIME_PATTERN,
  GPU_GRAINS,
  GPU_GRANULARITY_CHOICES,
  GPU_NAMES,
  GPU_PLAN_ACCESS_LEVELS,
  GPU_REGION,
  HISTORY_LIMIT_DEFAULT,
  HISTORY_LIMIT_MAX,
  INVALID_GPU_MESSAGE,
  ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE,
  parseGpuDatetime,
  parseRangeBounds,
  parseRollingHistoryQuery,
  parseSeriesQuery,
  resolveDailyIndexGpu,
  type GpuName,
  parseGpuHistoryQuery,
  GPU_HISTORY_QUERY_PARAMETERS,
} from "@tpi/domain";
import { z } from "zod";
import { withReleaseParameter } from "../../../platform/http/release-parameter";
import { successBody } from "../../../platform/openapi/responses";
import {
  alternativeParameters,
  documentedDayParameter,
  domainQuery,
} from "../../../platform/http/parameters";
import { daySchema, domainTransform, instantSchema } from "../../../platform/http/input";
import {
  answerDataSourcesSchema,
  dataSourcesSchema,
  provenanceSchema,
} from "../../../platform/provenance/data-sources";

/**
 * Request and response schemas of the GPU routes. Requests are validated with them and the
 * OpenAPI document is generated from them, so the two cannot drift. Index values are USD per GPU-hour.
 * The first part is what the other GPU schemas (analytics, constituents) share with these: the GPU
 * name, the region, grain and count parameters, the provenance of each value and of each answer.
 */
export const gpuNameSchema = z
  .enum(GPU_NAMES as [GpuName, ...GpuName[]], { error: INVALID_GPU_MESSAGE })
  .meta({
    description:
      "Exact GPU name (case and spaces matter), URL-encoded in the path, e.g. `H100%20SXM`; an unknown name is a 400 listing the allowed names.",
    example: "H100 SXM",
  });

export const gpuPathParamsSchema = z.object({ gpuName: gpuNameSchema });

/** The one region the GPU index publishes; a route documents it where it says more of it. */
export const gpuRegionSchema = z.literal(GPU_REGION);

/** An optional grain parameter (`daily`, `hourly`, `auto`), checked by the domain's parser. */
export const granularityParameter = (description: string, example: string) =>
  z
    .string()
    .optional()
    .meta({ description, enum: [...GPU_GRANULARITY_CHOICES], example });

/** An optional whole-number parameter, checked by the domain's parser. */
export const wholeNumberParameter = (bounds: {
  description: string;
  minimum: number;
  maximum: number;
  example: number;
}) =>
  z.string().optional().meta({
    description: bounds.description,
    type: "integer",
    minimum: bounds.minimum,
    maximum: bounds.maximum,
    example: bounds.example,
  });

/**
 * What each published print or daily value says of its evidence (additive to the original's
 * fields). A print's basis is `trades` or `quotes`; a daily value's may be `mixed`.
 */
export const valueProvenanceFields = {
  basis: z.enum(DAILY_BASES).meta({
    description:
      "The evidence: executed `trades`, posted prices (`quotes`), or `mixed` for a day whose prints have both.",
  }),
  sources: z.array(z.string()).meta({
    description: "The data sources behind the value, sorted (`sample` for the generated sample).",
    example: ["gpurentalprices"],
  }),
  providerCount: z.number().int().min(0).meta({
    description:
      "Providers counted: of the trades (distinct over a day), or whose on-demand price counted; 0 for a carried print.",
  }),
  offerCount: z.number().int().min(0).meta({
    description: "Posted prices counted (quotes basis; summed over a day's prints); 0 for trades.",
  }),
  backfilled: z.boolean().meta({
    description:
      "True when the value was computed more than an hour after its hour or settlement instant.",
  }),
};

/** The sources of the values in one answer, with the citation and licence each requires. */
export const answerProvenanceSchema = z
  .object({
    sample: z
      .boolean()
      .meta({ description: "True when any value of the answer rests on the generated sample." }),
    sources: z.array(provenanceSchema).meta({
      description:
        "Each source of the answer's values: its latest as-of time, the citation to show with the numbers and its licence.",
    }),
  })
  .meta({ id: "GpuAnswerProvenance" });

/** The fields every GPU answer carries about its values' sources (services/provenance.ts). */
export const answerProvenanceShape = {
  provenance: answerProvenanceSchema,
  dataSources: answerDataSourcesSchema,
};

/**
 * An answer of rows: what they are of (`head`: the GPU, how they were asked, their count), the
 * rows, then the sources of their values, in the order the answers write them.
 */
export function gpuRowsBody<Head extends z.ZodRawShape, Data extends z.ZodType>(
  id: string,
  head: Head,
  data: Data,
) {
  return successBody(id, { ...head, data, ...answerProvenanceShape });
}

/**
 * The JSON Schema of a datetime parameter (the history's `datetime`, the ranged series' bounds):
 * the domain's pattern matches exactly what its parser accepts (a real calendar day, then
 * optionally a time and an offset, white space around), so an empty or malformed value is
 * invalid by the document as by the server.
 */
const DATETIME_PARAMETER_DOC = {
  type: "string",
  minLength: 10,
  pattern: GPU_DATETIME_PATTERN.source,
} as const;

export const gpuHistoryQuerySchema = withReleaseParameter(
  z.object({
    datetime: z
      .string({ error: DATETIME_REQUIRED_MESSAGE })
      .meta({
        ...DATETIME_PARAMETER_DOC,
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
  }),
);

/** Plain strings piped into the domain parser (`parseGpuHistoryQuery`), as `GET /api/otpi`'s. */
export const gpuIndexHistoryQuerySchema = withReleaseParameter(
  domainQuery(
    GPU_HISTORY_QUERY_PARAMETERS,
    {
      startDate: documentedDayParameter(
        "startDate",
        "Inclusive first day. Default: 3 months ago without a key, the start of the history with one.",
      ).optional(),
      endDate: documentedDayParameter(
        "endDate",
        "Inclusive last day. Default: today (UTC).",
      ).optional(),
    },
    parseGpuHistoryQuery,
  ),
);

const regionSchema = gpuRegionSchema.meta({ description: "Only the global index is published." });
const indexValueSchema = z.number().meta({ description: "USD per GPU-hour, full precision." });

export const gpuCatalogResponseSchema = successBody("GpuCatalog", {
  data: z.array(z.object({ gpu_name: gpuNameSchema, region: regionSchema })),
});

export const gpuLatestResponseSchema = successBody("GpuLatestPrint", {
  data: z.object({
    gpu_name: gpuNameSchema,
    region: regionSchema,
    index_value: indexValueSchema,
    last_updated: instantSchema.meta({
      description: "The hour of the latest hourly print (UTC).",
    }),
    is_carried: z.boolean().meta({
      description: "True when that hour had no trades and the previous print was carried forward.",
    }),
    ...valueProvenanceFields,
  }),
  ...answerProvenanceShape,
});

export const dailyIndexAllResponseSchema = successBody("DailyIndexAll", {
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
      ...valueProvenanceFields,
    }),
  ),
  count: z.number().int(),
  ...answerProvenanceShape,
});

export const gpuHistoryResponseSchema = successBody("GpuNearestPrint", {
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
    ...valueProvenanceFields,
  }),
  ...answerProvenanceShape,
});

export const gpuIndexHistoryResponseSchema = gpuRowsBody(
  "GpuIndexHistory",
  {
    gpu_type: gpuNameSchema,
    access: z.enum(GPU_PLAN_ACCESS_LEVELS).meta({
      description:
        "`public-3mo` without a key, `premium` with a Premium or Trial key, `full` with a Full key (the original's values).",
    }),
    startDate: daySchema
      .nullable()
      .meta({ description: "First day of the range served; null when unbounded." }),
    endDate: daySchema,
    count: z.number().int(),
  },
  z.array(
    z.object({
      timestamp: instantSchema.meta({
        description: "Settlement instant: 4 PM America/New_York in UTC.",
      }),
      index_value: indexValueSchema.meta({
        description: "Daily value: mean of the day's hourly prints, USD per GPU-hour.",
      }),
      ...valueProvenanceFields,
    }),
  ),
);

// ---- Current prices: one GPU's latest and previous settled daily values ----

const gpuNameParameter = (description: string) =>
  z
    .string()
    .optional()
    .meta({ description, enum: [...GPU_NAMES], example: "H100 SXM" });

export const dailyIndexQuerySchema = alternativeParameters(
  {
    gpuType: gpuNameParameter("Exact GPU name (required, unless `gpu` is given)."),
    gpu: gpuNameParameter(
      "Alias of `gpuType` (some clients of the original send it); both may be given only when equal.",
    ),
  },
  {
    group: "gpuSelection",
    description:
      "The GPU, as `?gpuType=<name>` or its alias `?gpu=<name>`: one of them is required; both only when equal.",
    names: ["gpuType", "gpu"],
    values: GPU_NAMES,
  },
).transform(domainTransform(resolveDailyIndexGpu));

const dailyRowSchema = z.object({
  gpu_type: gpuNameSchema,
  region: regionSchema,
  index_value: indexValueSchema.meta({
    description: "Settled daily value: mean of the day's hourly prints, USD per GPU-hour.",
  }),
  date: instantSchema.meta({
    description: "Settlement instant: 4 PM America/New_York in UTC (20:00 or 21:00).",
  }),
  ...valueProvenanceFields,
});

export const gpuDailyIndexResponseSchema = successBody("GpuDailyIndex", {
  data: dailyRowSchema,
  ...answerProvenanceShape,
});

export const gpuPreviousDailyIndexResponseSchema = successBody("GpuPreviousDailyIndex", {
  data: dailyRowSchema.extend({
    latest_index_value: indexValueSchema.meta({
      description: "The latest settled daily value (the one after `date`), USD per GPU-hour.",
    }),
    latest_date: instantSchema.meta({ description: "Settlement instant of the latest value." }),
    change: z.number().meta({
      description: "`latest_index_value` minus `index_value`, USD per GPU-hour.",
    }),
    change_percent: z.number().meta({
      description: "`change` as a percentage of `index_value`.",
    }),
  }),
  // The sources of both values (the previous and the latest).
  ...answerProvenanceShape,
});

// ---- Historical prices: ranged series (key required) ----

const rangeBoundParameter = (name: "startDate" | "endDate", description: string) =>
  z
    .string()
    .optional()
    .meta({
      ...DATETIME_PARAMETER_DOC,
      description: `${description} A date (\`YYYY-MM-DD\`) or an ISO 8601 datetime (UTC unless an offset is given)${
        name === "endDate" ? "; a bare date includes the whole day" : ""
      }.`,
      example: name === "startDate" ? "2026-08-01" : "2026-08-21",
    });

const limitParameter = wholeNumberParameter({
  description: `Rows at most, 1 to ${HISTORY_LIMIT_MAX}. Default ${HISTORY_LIMIT_DEFAULT}.`,
  minimum: 1,
  maximum: HISTORY_LIMIT_MAX,
  example: HISTORY_LIMIT_DEFAULT,
});

/** The range of the history series (`parseSeriesQuery`): its bounds, defaulted from the latest print. */
const seriesRangeParameters = {
  startDate: rangeBoundParameter(
    "startDate",
    "First instant included. Default: 30 days before the end.",
  ),
  endDate: rangeBoundParameter(
    "endDate",
    "Last instant included. Default: the GPU's latest print.",
  ),
};

export const gpuHistorySimpleQuerySchema = withReleaseParameter(
  z
    .object({
      ...seriesRangeParameters,
      granularity: granularityParameter(
        `\`daily\`, \`hourly\` or \`auto\` (default: hourly for ranges up to ${AUTO_HOURLY_MAX_DAYS} days, daily beyond). Only Full keys are served hourly; Premium and Trial keys are served daily.`,
        "auto",
      ),
      limit: limitParameter,
    })
    .transform(domainTransform(parseSeriesQuery)),
);

export const gpuHistoryRangeQuerySchema = withReleaseParameter(
  z
    .object({ ...seriesRangeParameters, limit: limitParameter })
    .transform(domainTransform(parseSeriesQuery)),
);

export const gpuHourlyQuerySchema = withReleaseParameter(
  z
    .object({
      startDate: rangeBoundParameter(
        "startDate",
        "First print hour included. Default: 23 hours before the end (24 prints).",
      ),
      endDate: rangeBoundParameter(
        "endDate",
        "Last print hour included. Default: the GPU's latest print.",
      ),
    })
    .transform(domainTransform(parseRangeBounds)),
);

const requiredRangeBound = (name: "startDate" | "endDate", description: string) =>
  z.string({ error: ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE }).meta({
    ...DATETIME_PARAMETER_DOC,
    description: `${description} Required. A date (\`YYYY-MM-DD\`) or an ISO 8601 datetime${
      name === "endDate" ? "; a bare date includes the whole day" : ""
    }.`,
    example: name === "startDate" ? "2026-08-01" : "2026-08-21",
  });

export const gpuRollingHistoryQuerySchema = withReleaseParameter(
  z
    .object({
      startDate: requiredRangeBound("startDate", "First instant included."),
      endDate: requiredRangeBound("endDate", "Last instant included."),
      granularity: granularityParameter(
        "`daily` (default: one row per daily settlement) or `hourly` (one row per print; Full keys only, Premium and Trial keys are served daily). `auto` picks hourly for short ranges as in history-simple.",
        "auto",
      ),
    })
    .transform(domainTransform(parseRollingHistoryQuery)),
);

const planAccessSchema = z.enum(GPU_PLAN_ACCESS_LEVELS).meta({
  description: "`premium` for Premium and Trial keys, `full` for Full keys.",
});
const grainSchema = z.enum(GPU_GRAINS).meta({
  description:
    "The grain actually served: `daily` (settled values, 4 PM New York) or `hourly` (prints).",
});
const rangeFields = {
  startDate: instantSchema.meta({ description: "First instant of the range served (UTC)." }),
  endDate: instantSchema.meta({ description: "Last instant of the range served (UTC)." }),
};
/** The count of a series cut at `limit`, and which end was cut when `has_more`. */
const limitedCountFields = (cutEnd: string) => ({
  limit: z.number().int(),
  count: z.number().int(),
  has_more: z.boolean().meta({
    description: `True when the range holds more rows than \`limit\`: ${cutEnd}.`,
  }),
});
const rowTimestamp = instantSchema.meta({
  description: "The print's hour, or the daily value's settlement instant (4 PM New York in UTC).",
});

export const gpuHistorySimpleResponseSchema = gpuRowsBody(
  "GpuHistorySimple",
  {
    gpu_type: gpuNameSchema,
    access: planAccessSchema,
    granularity: grainSchema,
    ...rangeFields,
    ...limitedCountFields("the oldest were left out"),
  },
  z
    .array(
      z.object({
        timestamp: rowTimestamp,
        index_value: indexValueSchema,
        ...valueProvenanceFields,
      }),
    )
    .meta({ description: "Most recent first." }),
);

export const gpuHistoryRangeResponseSchema = gpuRowsBody(
  "GpuHistoryRange",
  {
    gpu_type: gpuNameSchema,
    access: planAccessSchema,
    ...rangeFields,
    ...limitedCountFields("the most recent were left out (ask again from the last `timestamp`)"),
  },
  z
    .array(
      z.object({
        timestamp: rowTimestamp,
        index_value: indexValueSchema,
        granularity: grainSchema,
        is_carried: z.boolean().meta({
          description:
            "Hourly rows: the hour had no trades and the previous print was carried. Always false on daily rows.",
        }),
        ...valueProvenanceFields,
      }),
    )
    .meta({ description: "Oldest first." }),
);

export const gpuHourlyResponseSchema = gpuRowsBody(
  "GpuHourlySeries",
  {
    gpu_type: gpuNameSchema,
    access: z.literal("full"),
    granularity: z.literal("hourly"),
    ...rangeFields,
    count: z.number().int(),
  },
  z
    .array(
      z.object({
        timestamp: instantSchema.meta({ description: "The print's hour (UTC)." }),
        index_value: indexValueSchema,
        is_carried: z.boolean(),
        ...valueProvenanceFields,
      }),
    )
    .meta({ description: "Oldest first." }),
);

const averageSchema = z.number().meta({
  description: "Mean of the hourly prints in the window, USD per GPU-hour.",
});

export const gpuRollingAverageResponseSchema = successBody("GpuRollingAverage", {
  data: z.object({
    gpu_name: gpuNameSchema,
    region: regionSchema,
    average_usd_per_hour: averageSchema,
    as_of: instantSchema.meta({
      description: "The latest print's hour: the window ends here (included).",
    }),
    window_start: instantSchema.meta({
      description: "The first print hour the window covers (as_of minus 23 hours).",
    }),
    window_end: instantSchema.meta({ description: "The last print hour covered (= as_of)." }),
    print_count: z.number().int().meta({
      description: "Prints averaged: 24 unless the history is shorter.",
    }),
    carried_count: z.number().int().meta({
      description: "How many of them were carried forward (hours without trades).",
    }),
  }),
  // The sources of the prints averaged.
  ...answerProvenanceShape,
});

/** The averages' answer carries the sources of the prints averaged. */
export const gpuRollingHistoryResponseSchema = gpuRowsBody(
  "GpuRollingAverageHistory",
  {
    gpu_type: gpuNameSchema,
    access: planAccessSchema,
    granularity: grainSchema,
    ...rangeFields,
    count: z.number().int(),
  },
  z
    .array(
      z.object({
        timestamp: instantSchema.meta({
          description:
            "The instant the average is as of: a settlement instant (daily) or a print hour (hourly).",
        }),
        average_usd_per_hour: averageSchema,
        print_count: z.number().int(),
      }),
    )
    .meta({ description: "Oldest first." }),
);

export type GpuCatalogResponse = z.infer<typeof gpuCatalogResponseSchema>;
export type GpuLatestResponse = z.infer<typeof gpuLatestResponseSchema>;
export type DailyIndexAllResponse = z.infer<typeof dailyIndexAllResponseSchema>;
export type GpuHistoryResponse = z.infer<typeof gpuHistoryResponseSchema>;
export type GpuIndexHistoryResponse = z.infer<typeof gpuIndexHistoryResponseSchema>;
export type GpuDailyIndexResponse = z.infer<typeof gpuDailyIndexResponseSchema>;
export type GpuPreviousDailyIndexResponse = z.infer<typeof gpuPreviousDailyIndexResponseSchema>;
export type GpuHistorySimpleResponse = z.infer<typeof gpuHistorySimpleResponseSchema>;
export type GpuHistoryRangeResponse = z.infer<typeof gpuHistoryRangeResponseSchema>;
export type GpuHourlyResponse = z.infer<typeof gpuHourlyResponseSchema>;
export type GpuRollingAverageResponse = z.infer<typeof gpuRollingAverageResponseSchema>;
export type GpuRollingHistoryResponse = z.infer<typeof gpuRollingHistoryResponseSchema>;

/** `GET /api/gpu-methodology`: the GPU methodology in force and the sources of the stored trades. */
export const gpuMethodologyResponseSchema = successBody("GpuMethodologyResponse", {
  version: z.string(),
  unit: z.string(),
  winsor: z
    .object({ lower: z.number(), upper: z.number() })
    .describe("The winsorizing percentiles the settlement runs with, as fractions"),
  quoteRules: z
    .object({
      minProviders: z
        .number()
        .int()
        .describe("Fewest providers with an on-demand price for a print from quotes"),
      maxSnapshotAgeHours: z
        .record(z.string(), z.number())
        .describe("Per quote source read: hours after its as-of time a snapshot may still be used"),
      exclusionReasons: z
        .record(z.string(), z.string())
        .describe("Why a posted price of a snapshot read does not count, by reason"),
    })
    .describe("Methodology 2.0's rules for prints from posted prices"),
  settlementTimeZone: z.string(),
  sections: z.array(z.object({ id: z.string(), heading: z.string(), text: z.string() })),
  history: z.array(
    z.object({ version: z.string(), effectiveFrom: z.string(), summary: z.string() }),
  ),
  dataSources: dataSourcesSchema.describe(
    "The stored trades by source: `sample` is true while any of them is the generated sample",
  ),
});
export type GpuMethodologyResponse = z.infer<typeof gpuMethodologyResponseSchema>;
