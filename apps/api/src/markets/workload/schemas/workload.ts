import {
  CELL_EXCLUSION_REASONS,
  DEFAULT_WORKLOAD_CELLS,
  REFERENCE_FAMILY_CLASSES,
  WORKLOAD_CELL_SELECTIONS,
  LAB_IDS,
  TURN_RANGES,
  WORKLOAD_FAMILY_PATTERN,
  WORKLOAD_UNIT,
  parseWorkloadQuery,
  type LabId,
  WORKLOAD_QUERY_PARAMETERS,
} from "@tpi/domain";
import { z } from "zod";
import { successBody } from "../../../platform/openapi/responses";
import { daySchema, instantSchema } from "../../../platform/http/input";
import {
  choiceParameter,
  documentedDayParameter,
  domainQuery,
  requiredParameter,
} from "../../../platform/http/parameters";
import { answerDataSourcesSchema } from "../../../platform/provenance/data-sources";
import { withReleaseParameter } from "../../../platform/http/release-parameter";

/**
 * `GET /api/workload`: plain strings piped into the domain parser (`parseWorkloadQuery`), which
 * owns the order and the text of every 400. Costs are US cents per coding-agent session (one
 * agent session of a harness, not one request); tokens are thousands per session; effects are
 * percent of the previous week's cost per session.
 */
/** `anthropic: opus, sonnet, …; openai: …`: the reference class names `family` accepts. */
export const REFERENCE_CLASSES_TEXT = Object.entries(REFERENCE_FAMILY_CLASSES)
  .map(([lab, classes]) => `${lab}: ${(classes ?? []).join(", ")}`)
  .join("; ");

export const workloadQuerySchema = withReleaseParameter(
  domainQuery(
    WORKLOAD_QUERY_PARAMETERS,
    {
      startDate: documentedDayParameter(
        "startDate",
        "Inclusive first week, by the window's end date (UTC). Without dates: the whole history.",
      ).optional(),
      endDate: documentedDayParameter(
        "endDate",
        "Inclusive last week, by the window's end date (UTC); not before `startDate`.",
      ).optional(),
      lab: choiceParameter(
        "lab",
        LAB_IDS,
        "Model lab identifier (case-sensitive): only this lab's rows.",
      ).optional(),
      family: z
        .string({ error: requiredParameter("family") })
        .meta({
          description: `Model family (\`claude-sonnet\`, \`gpt-5\`, \`gemini-flash\`), \`all\` (the lab's aggregate over every cell), or a class name of the reference service, which asks for every family in the class: ${REFERENCE_CLASSES_TEXT}. A family never published (for the \`lab\` asked) is a 404 naming the families there are.`,
          type: "string",
          pattern: WORKLOAD_FAMILY_PATTERN.source,
        })
        .optional(),
      cells: choiceParameter(
        "cells",
        WORKLOAD_CELL_SELECTIONS,
        `Which session-cost cells \`cells\` carries: \`latest\` (the latest week of the answer; default ${DEFAULT_WORKLOAD_CELLS}), \`all\` (every week of the answer) or \`none\`.`,
      ).optional(),
    },
    parseWorkloadQuery,
  ),
);

const labSchema = z.enum(LAB_IDS as [LabId, ...LabId[]]);
const percent = (description: string) => z.number().nullable().meta({ description });

export const workloadRowSchema = z.object({
  date: daySchema.meta({ description: "The week: its session-cost window's end date (UTC)" }),
  lab: labSchema,
  family: z.string().meta({ description: "Model family, or `all` (every cell of the lab)" }),
  cCents: z.number().meta({
    description:
      "Cost per coding-agent SESSION, US cents: the mean over the group's cells of the median session cost (not per request)",
  }),
  lfl: z.number().meta({
    description:
      "Like-for-like index, base 100 in the group's first week, chained weekly over cells present in both weeks (Törnqvist)",
  }),
  qKtok: z.number().meta({
    description:
      "Implied thousands of tokens per session: median session cost / the model's blended list price, averaged over cells",
  }),
  priceEffect: percent(
    "Percent of the previous week's cost per session due to list prices of the same cells (LMDI); null in the group's first week",
  ),
  intensityEffect: percent(
    "Percent due to implied tokens per session of the same cells (LMDI); null in the first week",
  ),
  mixEffect: percent(
    "Percent due to the cells' shares and cells entering or leaving (LMDI); null in the first week",
  ),
  totalChange: percent(
    "Percent change of cCents from the group's previous week: priceEffect + intensityEffect + mixEffect (to 1e-9); null in the first week",
  ),
  cells: z
    .number()
    .int()
    .meta({ description: "Cells (harness x model x turn range) in the group this week" }),
  matchedCells: z.number().int().nullable().meta({
    description:
      "Cells also present in the group's previous week (the like-for-like link's base); null in the first week",
  }),
  lflImputed: z.boolean().meta({
    description:
      "True when no cell matched the previous week: the link is taken as 1 and the change is all mix",
  }),
  computedAt: instantSchema.meta({
    description:
      "When the row's inputs were complete: the later of the session-cost snapshot's as-of time and the price snapshot's fetch time (ISO UTC)",
  }),
});
export type WorkloadRowAnswer = z.infer<typeof workloadRowSchema>;

export const workloadCellSchema = z.object({
  date: daySchema.meta({ description: "The week (window end date)" }),
  windowDays: z.number().int().meta({ description: "Days of sessions the window covers" }),
  asOf: instantSchema.meta({ description: "When OpenRouter computed the window" }),
  harness: z.string().meta({ description: "The coding agent (OpenRouter's app slug)" }),
  harnessName: z.string(),
  model: z.string().meta({ description: "OpenRouter model permaslug" }),
  lab: labSchema,
  family: z.string(),
  turnRange: z.enum(TURN_RANGES),
  medianSessionCostUsd: z.number().meta({ description: "Median cost of one session, USD" }),
  blendedPricePerMtok: z.number().meta({
    description: "The model's list price, 0.75 x input + 0.25 x output, USD per million tokens",
  }),
  impliedKtok: z.number().meta({
    description: "Implied thousands of tokens per session: cost / blended price",
  }),
});

export const workloadWeekSchema = z.object({
  date: daySchema,
  windowDays: z.number().int(),
  asOf: instantSchema,
  pricesFetchedAt: instantSchema.nullable().meta({
    description: "When the price snapshot that priced the week was taken; null: none did",
  }),
  pricedCells: z.number().int(),
  excluded: z
    .object(
      Object.fromEntries(
        Object.keys(CELL_EXCLUSION_REASONS).map((reason) => [reason, z.number().int()]),
      ) as Record<keyof typeof CELL_EXCLUSION_REASONS, z.ZodNumber>,
    )
    .meta({ description: "Cells left out of the week, by reason (see the methodology)" }),
});

export const workloadResponseSchema = successBody("WorkloadResponse", {
  unit: z.literal(WORKLOAD_UNIT),
  startDate: daySchema.nullable().meta({ description: "As asked; null: from the first week" }),
  endDate: daySchema.nullable().meta({ description: "As asked; null: through the latest week" }),
  cellsOf: z.enum(WORKLOAD_CELL_SELECTIONS).meta({
    description:
      "Which weeks' cells `cells` holds: `latest` (the latest week of the answer), `all` or `none`",
  }),
  count: z.number().int(),
  data: z.array(workloadRowSchema),
  weeks: z
    .array(workloadWeekSchema)
    .meta({ description: "The weeks of the answer, with their price snapshot and exclusions" }),
  cells: z.array(workloadCellSchema).meta({
    description:
      "The session-cost cells behind the rows (the asked lab and family) of the weeks `cellsOf` names, week by week",
  }),
  dataSources: answerDataSourcesSchema,
});
export type WorkloadResponse = z.infer<typeof workloadResponseSchema>;

export const workloadMethodologyResponseSchema = successBody("WorkloadMethodologyResponse", {
  version: z.string(),
  unit: z.literal(WORKLOAD_UNIT),
  sources: z.array(
    z.object({ source: z.string(), what: z.string(), citation: z.string(), licence: z.string() }),
  ),
  turnRanges: z.array(z.enum(TURN_RANGES)),
  rules: z.array(z.string()).meta({ description: "The method, one sentence per rule" }),
  exclusions: z.record(z.string(), z.string()).meta({ description: "Why a cell is left out" }),
  weeks: z.number().int().meta({ description: "Weeks published" }),
  latestWeek: daySchema.nullable(),
  dataSources: answerDataSourcesSchema,
});
export type WorkloadMethodologyResponse = z.infer<typeof workloadMethodologyResponseSchema>;
