import { ok } from "@tpi/domain";
import type { z } from "zod";
import type { RouteTool, TypedRoute } from "../core/route";
import { noQuerySchema } from "../http/input";
import { STATIC_FRESHNESS, defineRoute } from "../http/route";
import { BAD_REQUEST_RESPONSE } from "./responses";

/**
 * A catalogue route: a keyless GET without parameters whose body never changes while the process
 * runs (static: an hour of caching), such as a market's list of labs, GPUs or products.
 */
export type CatalogRouteSpec<Body> = {
  path: string;
  operationId: string;
  /** Offered as a data tool; a catalogue's results carry no market provenance. */
  tool?: Omit<RouteTool, "catalog">;
  /** The 200 answer: what it is ("GPU catalog") and its schema. */
  answer: { description: string; schema: z.ZodType };
  body: Body;
  docs: { summary: string; description?: string; tags: readonly string[]; exampleLabel: string };
};

export function catalogRoute<Body>(spec: CatalogRouteSpec<Body>): TypedRoute<Body> {
  return defineRoute({
    method: "get",
    path: spec.path,
    operationId: spec.operationId,
    ...(spec.tool === undefined ? {} : { tool: { ...spec.tool, catalog: true as const } }),
    security: "none",
    limiter: "public",
    query: noQuerySchema,
    responses: { 200: spec.answer, 400: BAD_REQUEST_RESPONSE },
    docs: {
      summary: spec.docs.summary,
      ...(spec.docs.description === undefined ? {} : { description: spec.docs.description }),
      tags: spec.docs.tags,
      examples: () => [{ label: spec.docs.exampleLabel, pathAndQuery: spec.path }],
    },
    settled: { freshness: STATIC_FRESHNESS, answer: () => () => ok(spec.body) },
  });
}
