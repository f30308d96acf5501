import {
  ACCESS_LEVELS,
  LAB_IDS,
  parseOtpiQuery,
  type LabId,
  OTPI_QUERY_PARAMETERS,
} from "@tpi/domain";
import { z } from "zod";
import { withReleaseParameter } from "../../../platform/http/release-parameter";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema, instantSchema } from "../../../platform/http/input";
import { answerDataSourcesSchema } from "../../../platform/provenance/data-sources";
import { documentedDayParameter, domainQuery } from "../../../platform/http/parameters";
import { documentedLabParameter } from "./parameters";

/**
 * Schemas of the OTPI, token catalog and health routes. `GET /api/otpi`'s parameters are plain
 * strings piped into the domain parser (`parseOtpiQuery`), which checks them in its own order
 * (lab, then the date combination, then each day); their documented formats are what it enforces.
 */
const labSchema = z
  .enum(LAB_IDS as [LabId, ...LabId[]])
  .meta({ description: "Model lab identifier (case-sensitive)." });

export const otpiQuerySchema = withReleaseParameter(
  domainQuery(
    OTPI_QUERY_PARAMETERS,
    {
      date: documentedDayParameter(
        "date",
        "One settlement day (UTC). Not combinable with a range.",
      ).optional(),
      startDate: documentedDayParameter(
        "startDate",
        "Inclusive start of a range; needs `endDate`.",
      ).optional(),
      endDate: documentedDayParameter(
        "endDate",
        "Inclusive end of a range; needs `startDate`.",
      ).optional(),
      lab: documentedLabParameter("Model lab identifier (case-sensitive).").optional(),
    },
    parseOtpiQuery,
  ),
);

const otpiRowSchema = z.object({
  date: daySchema,
  lab: labSchema,
  indexPerMtok: z.number().meta({ description: "USD per million tokens, full precision." }),
  computedAt: instantSchema,
});

export const otpiResponseSchema = successBody("OtpiResponse", {
  access: z.enum(ACCESS_LEVELS),
  date: daySchema.optional().meta({ description: "Single-day responses only." }),
  startDate: daySchema.optional().meta({ description: "Range responses only." }),
  endDate: daySchema.optional().meta({ description: "Range responses only." }),
  count: z.number().int(),
  data: z.array(otpiRowSchema),
  dataSources: answerDataSourcesSchema,
});

export const tokenTypesResponseSchema = successBody("TokenTypes", {
  data: z.array(z.object({ lab: labSchema, label: z.string(), freeTier: z.boolean() })),
});

export const tokenTypesFreeResponseSchema = successBody("TokenTypesFree", {
  access: z.literal("free-tier"),
  data: z.array(z.object({ lab: labSchema, label: z.string() })),
});
