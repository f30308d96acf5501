import { ACCOUNT_PLANS } from "@tpi/domain";
import { z } from "zod";
import { dataSourcesSchema } from "../provenance/data-sources";

/**
 * The `source` object every data tool result carries beside the REST body: where the data came
 * from, for a reader to cite and check. One schema: the type the runner fills in, and the part of
 * every tool's output schema (`tools/list`) that is not the route's own 200 body.
 */

/** `keyless`: callable without a key, limited to what the free tier shows; `key`: needs an API key. */
export const TOOL_ACCESS = ["keyless", "key"] as const;
export type ToolAccess = (typeof TOOL_ACCESS)[number];

export const toolSourceSchema = z.object({
  tool: z.string().meta({ description: "The tool that answered." }),
  access: z
    .object({
      caller: z.enum(TOOL_ACCESS).meta({
        description:
          "How this call was made: `keyless` (the free tier) or `key` (an API key; see `plan`).",
      }),
      plan: z
        .enum(ACCOUNT_PLANS)
        .nullable()
        .meta({ description: "The plan of the caller's key; null for a keyless call." }),
      tool: z.enum(TOOL_ACCESS).meta({
        description:
          "What the tool needs: `keyless` (anyone; without a key, the free tier) or `key` (an API key).",
      }),
    })
    .meta({ description: "Who called and what the tool needs." }),
  endpoint: z.string().meta({
    description: "The REST path that returns the same body (path parameters filled in).",
  }),
  parameters: z
    .record(z.string(), z.string())
    .meta({ description: "The REST call's path and query parameters." }),
  dates: z.object({ first: z.string(), last: z.string() }).nullable().meta({
    description:
      "The first and last date or instant among the returned rows (UTC); null when the body has none.",
  }),
  unit: z.string().nullable().meta({ description: "The unit of the values; null for catalogs." }),
  methodologyVersion: z
    .string()
    .nullable()
    .meta({ description: "The methodology in force for this subject; null for catalogs." }),
  clampedRange: z
    .object({
      startDate: z.string(),
      endDate: z.string(),
      notice: z.string().meta({ description: "The clamp in words, for the reader." }),
    })
    .nullable()
    .meta({
      description:
        "The days a keyed call without both `startDate` and `endDate` was answered over: an open-ended range is clamped to a trailing window of at most 179 days (shorter than 180, as the reference service's tools clamp); null when nothing was clamped.",
    }),
  dataSources: dataSourcesSchema.optional().meta({
    description:
      "A market's data: the sources behind it, and whether any of it is the generated sample (quote `notice` then).",
  }),
});

/** Where a tool result came from, for a reader to cite and check. */
export type ToolSource = z.infer<typeof toolSourceSchema>;

/** A refused call's structured content: the REST error body. */
export const toolErrorSchema = z
  .object({
    error: z.string().meta({ description: "The REST error label, e.g. `Unauthorized`." }),
    message: z.string().meta({ description: "The REST error message: what to change." }),
  })
  .meta({ description: "A refusal (`isError: true`): the REST route's error body." });

export type ToolError = z.infer<typeof toolErrorSchema>;
