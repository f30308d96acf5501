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

/** How a catalogue's texts name its entries: "lab" and "labs", "GPU" and "GPUs". */
export type CatalogNoun = { one: string; many: string };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A path's last segment as an operation's name: `/api/gpu-types` is "GpuTypes". */
const operationNameOf = (path: string) =>
  (path.split("/").at(-1) ?? "").split("-").map(capitalized).join("");

/**
 * A catalogue with its free-tier part, for a market whose free tier is a set of its entries: `GET
 * <path>` lists every entry and is the tool; `GET <path>-free` lists those a keyless caller may
 * read. Both are references named after the path (`/api/gpu-types`: `listGpuTypes`,
 * `listFreeGpuTypes`), their texts written once here from the noun of the entries (the tool's
 * title is the catalogue's name).
 */
export function freeTierCatalogRoutes<All, Free>(spec: {
  path: string;
  noun: CatalogNoun;
  tool: Omit<RouteTool, "catalog" | "title">;
  all: { schema: z.ZodType; body: All };
  free: { schema: z.ZodType; body: Free };
}): { all: TypedRoute<All>; free: TypedRoute<Free> } {
  const { one, many } = spec.noun;
  const catalogName = `${capitalized(one)} catalog`;
  const { name: toolName, ...toolRest } = spec.tool;
  const operationName = operationNameOf(spec.path);
  return {
    all: catalogRoute({
      path: spec.path,
      operationId: `list${operationName}`,
      // The tool's fields in the order every tool states them.
      tool: { name: toolName, title: catalogName, ...toolRest },
      response: { description: catalogName, schema: spec.all.schema },
      body: spec.all.body,
      docs: { summary: `Every tracked ${one}`, tags: ["Reference"], exampleLabel: `All ${many}` },
    }),
    free: catalogRoute({
      path: `${spec.path}-free`,
      operationId: `listFree${operationName}`,
      response: { description: `Free-tier ${many}`, schema: spec.free.schema },
      body: spec.free.body,
      docs: {
        summary: `${capitalized(many)} on the free tier`,
        tags: ["Reference"],
        exampleLabel: `Free-tier ${many}`,
      },
    }),
  };
}
