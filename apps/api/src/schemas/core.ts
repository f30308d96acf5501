import type { OTPI_QUERY_PARAMETERS } from "@tpi/domain";
import { ACCESS_LEVELS, LAB_IDS, type LabId } from "@tpi/domain";
import { z } from "zod";
import { dayParamSchema, daySchema, instantSchema } from "./common";

/**
 * Schemas of the routes that existed before issue 5 (OTPI, token catalogs, health), for the
 * OpenAPI document. Their requests are validated by the domain parser (`parseOtpiQuery`); the
 * parameter names come from the same list (OTPI_QUERY_PARAMETERS) so the two cannot drift.
 */
const labSchema = z
  .enum(LAB_IDS as [LabId, ...LabId[]])
  .meta({ description: "Model lab identifier (case-sensitive)." });

const otpiParameterSchemas = {
  date: dayParamSchema("date")
    .optional()
    .meta({ description: "One settlement day (UTC). Not combinable with a range." }),
  startDate: dayParamSchema("startDate")
    .optional()
    .meta({ description: "Inclusive start of a range; needs `endDate`." }),
  endDate: dayParamSchema("endDate")
    .optional()
    .meta({ description: "Inclusive end of a range; needs `startDate`." }),
  lab: labSchema.optional(),
} satisfies Record<(typeof OTPI_QUERY_PARAMETERS)[number], z.ZodType>;
export const otpiQuerySchema = z.object(otpiParameterSchemas);

const otpiRowSchema = z.object({
  date: daySchema,
  lab: labSchema,
  indexPerMtok: z.number().meta({ description: "USD per million tokens, full precision." }),
  computedAt: instantSchema,
});

export const otpiResponseSchema = z
  .object({
    success: z.literal(true),
    access: z.enum(ACCESS_LEVELS),
    date: daySchema.optional().meta({ description: "Single-day responses only." }),
    startDate: daySchema.optional().meta({ description: "Range responses only." }),
    endDate: daySchema.optional().meta({ description: "Range responses only." }),
    count: z.number().int(),
    data: z.array(otpiRowSchema),
  })
  .meta({ id: "OtpiResponse" });

export const tokenTypesResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.array(z.object({ lab: labSchema, label: z.string(), freeTier: z.boolean() })),
  })
  .meta({ id: "TokenTypes" });

export const tokenTypesFreeResponseSchema = z
  .object({
    success: z.literal(true),
    access: z.literal("free-tier"),
    data: z.array(z.object({ lab: labSchema, label: z.string() })),
  })
  .meta({ id: "TokenTypesFree" });

export const healthResponseSchema = z
  .object({
    status: z.enum(["healthy", "unhealthy"]),
    timestamp: instantSchema,
    database: z.enum(["connected", "disconnected"]),
  })
  .catchall(z.string())
  .meta({ id: "Health" });
