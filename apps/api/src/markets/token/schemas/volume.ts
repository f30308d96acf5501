import {
  ACCESS_LEVELS,
  LAB_IDS,
  type TOKEN_VOLUME_QUERY_PARAMETERS,
  parseTokenVolumeQuery,
  type LabId,
} from "@tpi/domain";
import { z } from "zod";
import { daySchema, domainTransform } from "../../../platform/http/input";
import { documentedDayParameter } from "../../../platform/http/parameters";
import { documentedLabParameter } from "./parameters";
import { dataSourcesSchema } from "../../../platform/provenance/data-sources";

/**
 * `GET /api/token-volume`: plain strings piped into the domain parser (`parseTokenVolumeQuery`),
 * which owns the order and the text of every 400; the formats documented here are what it
 * enforces. Volumes are tokens (JSON numbers, exact up to 2^53); shares are fractions.
 */
const tokenVolumeParameterSchemas = {
  startDate: documentedDayParameter("startDate", "Inclusive first settlement day (UTC)."),
  endDate: documentedDayParameter(
    "endDate",
    "Inclusive last settlement day (UTC); not before `startDate`.",
  ),
  lab: documentedLabParameter(
    "Model lab identifier (case-sensitive): only this lab's rows.",
  ).optional(),
} satisfies Record<(typeof TOKEN_VOLUME_QUERY_PARAMETERS)[number], z.ZodType>;

export const tokenVolumeQuerySchema = z
  .object(tokenVolumeParameterSchemas)
  .transform(domainTransform(parseTokenVolumeQuery));

const labSchema = z.enum(LAB_IDS as [LabId, ...LabId[]]);
const tokenCount = z.number().min(0).meta({ description: "Tokens (exact up to 2^53)" });

export const tokenVolumeRowSchema = z.object({
  date: daySchema,
  lab: labSchema,
  totalTokens: tokenCount.meta({
    description:
      "Tokens the lab-day's published index value was computed from (frozen at settlement)",
  }),
  growthIndex: z.number().nullable().meta({
    description: "100 x totalTokens / the lab's base-day totalTokens; 100 on the base day",
  }),
  share: z.number().nullable().meta({
    description:
      "totalTokens / the sum over every tracked lab published that day (a fraction; the shares of a day sum to 1)",
  }),
});

export const volumeBaselineSchema = z.object({
  lab: labSchema,
  baseDate: daySchema.meta({ description: "The lab's first settled day with a published value" }),
  baseTotalTokens: tokenCount,
});

export const tokenVolumeResponseSchema = z
  .object({
    success: z.literal(true),
    access: z.enum(ACCESS_LEVELS),
    startDate: daySchema,
    endDate: daySchema,
    count: z.number().int(),
    baselines: z
      .array(volumeBaselineSchema)
      .meta({ description: "The base of each lab in `data` (from all history, not the range)" }),
    dataSources: dataSourcesSchema.meta({
      description: "The sources behind the published values; `sample` marks generated data",
    }),
    data: z.array(tokenVolumeRowSchema),
  })
  .meta({ id: "TokenVolumeResponse" });
export type TokenVolumeResponse = z.infer<typeof tokenVolumeResponseSchema>;
