import {
  ACCESS_LEVELS,
  ALL_LABS_VALUE,
  CLOSED_LAB_IDS,
  LAB_IDS,
  TOKEN_VOLUME_QUERY_PARAMETERS,
  parseTokenVolumeQuery,
  type LabId,
} from "@tpi/domain";
import { z } from "zod";
import { withReleaseParameter } from "../../../platform/http/release-parameter";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema } from "../../../platform/http/input";
import { documentedDayParameter, domainQuery } from "../../../platform/http/parameters";
import { documentedLabParameter } from "./parameters";
import { dataSourcesSchema } from "../../../platform/provenance/data-sources";

/** What `parseVolumeLabs` accepts, as a pattern for the document: `all` or a list of lab ids. */
const labAlternatives = `(?:${LAB_IDS.join("|")})`;
const VOLUME_LABS_PATTERN = `^(?:${ALL_LABS_VALUE}|${labAlternatives}(?:,${labAlternatives})*)$`;

/**
 * `GET /api/token-volume`: plain strings piped into the domain parser (`parseTokenVolumeQuery`),
 * which owns the order and the text of every 400; the formats documented here are what it
 * enforces. Volumes are tokens (JSON numbers, exact up to 2^53); shares are fractions.
 */

export const tokenVolumeQuerySchema = withReleaseParameter(
  domainQuery(
    TOKEN_VOLUME_QUERY_PARAMETERS,
    {
      startDate: documentedDayParameter("startDate", "Inclusive first settlement day (UTC)."),
      endDate: documentedDayParameter(
        "endDate",
        "Inclusive last settlement day (UTC); not before `startDate`.",
      ),
      labs: z
        .string()
        .meta({
          description: `The labs served, which \`share\` and \`totalGrowthIndex\` are over: \`${ALL_LABS_VALUE}\` for every tracked lab, or a comma-separated list of lab identifiers (case-sensitive). Default: the closed labs, ${CLOSED_LAB_IDS.join(",")}.`,
          example: ALL_LABS_VALUE,
          pattern: VOLUME_LABS_PATTERN,
        })
        .optional(),
      lab: documentedLabParameter(
        "Model lab identifier (case-sensitive): only this lab's rows, shares still over every lab of `labs` (it must be one of them).",
      ).optional(),
    },
    parseTokenVolumeQuery,
  ),
);

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
      "totalTokens / the sum over the labs of `labs` published that day (a fraction; the shares of a day sum to 1)",
  }),
  totalGrowthIndex: z.number().nullable().meta({
    description:
      "100 x the day's summed tokens of the labs of `labs` / `totalBaseline.totalTokens` (the same on every row of the day); null on a day one of those labs is not published, or when there is no total base",
  }),
});

export const volumeBaselineSchema = z.object({
  lab: labSchema,
  date: daySchema.meta({ description: "The lab's first settled day with a published value" }),
  totalTokens: tokenCount,
});

export const totalVolumeBaselineSchema = z
  .object({
    date: daySchema.meta({
      description: "The first settled day on which every lab of `labs` has a published value",
    }),
    totalTokens: tokenCount,
  })
  .nullable()
  .meta({
    description:
      "The base of `totalGrowthIndex`, from all history; null when no day has every lab of `labs`",
  });

export const tokenVolumeResponseSchema = successBody("TokenVolumeResponse", {
  access: z.enum(ACCESS_LEVELS),
  startDate: daySchema,
  endDate: daySchema,
  labs: z
    .array(labSchema)
    .meta({ description: "The labs the shares and totals are over, catalog order" }),
  count: z.number().int(),
  totalBaseline: totalVolumeBaselineSchema,
  baselines: z
    .array(volumeBaselineSchema)
    .meta({ description: "The base of each lab in `data` (from all history, not the range)" }),
  dataSources: dataSourcesSchema.meta({
    description: "The sources behind the published values; `sample` marks generated data",
  }),
  data: z.array(tokenVolumeRowSchema),
});
export type TokenVolumeResponse = z.infer<typeof tokenVolumeResponseSchema>;
