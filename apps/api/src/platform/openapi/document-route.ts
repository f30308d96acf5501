import { ok, type DomainError, type Result } from "@tpi/domain";
import type { z } from "zod";
import type { AppDeps } from "../core/deps";
import type { Freshness, RouteTool, TypedRoute } from "../core/route";
import { noQuerySchema } from "../http/input";
import { STATIC_FRESHNESS, defineRoute } from "../http/route";
import { BAD_REQUEST_RESPONSE } from "./responses";

/**
 * A document route: a keyless GET without parameters whose answer depends on the published
 * values only (a methodology with its sources), or on nothing (a catalogue). Every market has
 * some; the platform writes their route once.
 */
export type DocumentRouteSpec<Body> = {
  path: string;
  operationId: string;
  tool?: RouteTool;
  /** The 200 answer: what it is ("The GPU methodology") and its schema. */
  response: { description: string; schema: z.ZodType };
  docs: { summary: string; description?: string; tags: readonly string[]; exampleLabel: string };
  /** When the answer changes: its market's published set's freshness. */
  freshness: Freshness;
  answer: (deps: AppDeps) => Result<Body, DomainError>;
};

export function documentRoute<Body>(spec: DocumentRouteSpec<Body>): TypedRoute<Body> {
  return defineRoute({
    method: "get",
    path: spec.path,
    operationId: spec.operationId,
    ...(spec.tool === undefined ? {} : { tool: spec.tool }),
    security: "none",
    limiter: "public",
    query: noQuerySchema,
    responses: { 200: spec.response, 400: BAD_REQUEST_RESPONSE },
    docs: {
      summary: spec.docs.summary,
      ...(spec.docs.description === undefined ? {} : { description: spec.docs.description }),
      tags: spec.docs.tags,
      examples: () => [{ label: spec.docs.exampleLabel, pathAndQuery: spec.path }],
    },
    // A catalogue or a methodology reads no published value, or says which sources are loaded.
    servedWhileLoading: true,
    settled: { freshness: spec.freshness, answer: (deps) => () => spec.answer(deps) },
  });
}

/**
 * A catalogue: a document that never changes while the process runs (static: an hour of
 * caching), such as a market's list of labs, GPUs or products. As a tool, its results carry no
 * market provenance.
 */
export function catalogRoute<Body>(
  spec: Omit<DocumentRouteSpec<Body>, "tool" | "freshness" | "answer"> & {
    tool?: Omit<RouteTool, "catalog">;
    body: Body;
  },
): TypedRoute<Body> {
  const { tool, body, ...document } = spec;
  return documentRoute({
    ...document,
    ...(tool === undefined ? {} : { tool: { ...tool, catalog: true as const } }),
    freshness: STATIC_FRESHNESS,
    answer: () => ok(body),
  });
}
