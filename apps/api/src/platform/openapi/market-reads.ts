import { ok, type DomainError, type Result } from "@tpi/domain";
import type { z } from "zod";
import type { AppDeps } from "../core/deps";
import type { MarketKey } from "../core/market";
import type {
  ExampleDays,
  Freshness,
  Output,
  ProseRule,
  QuerySchema,
  ResponseDoc,
  RouteDocs,
  RouteExample,
  RouteTool,
  Security,
  SettledInput,
  TypedRoute,
} from "../core/route";
import type { Caller } from "../auth/api-key-authenticator";
import { defineRoute } from "../http/route";
import { RELEASE_NOT_FOUND_TEXT } from "../http/release-parameter";
import { documentRoute, type DocumentRouteSpec } from "./document-route";
import { BAD_REQUEST_RESPONSE, UNAUTHORIZED_RESPONSE, errorResponse } from "./responses";

/**
 * What every read of one market shares: its published state, when its answers change, its
 * OpenAPI tag and who may read it. A market states these once (`marketReads`); each of its
 * routes then states only its path, tool, input, answers, docs and how it answers from the state.
 */
export type MarketReadsSpec<State> = {
  state: MarketKey<State>;
  freshness: Freshness;
  tag: string;
  /** /docs: what a caller with and without a key may read (a route may say more). */
  access: string;
  /** A refusal by plan every read makes (after the key is checked). */
  authorizeCaller?: (caller: Caller) => Result<unknown, DomainError>;
  /** Answers every read may give besides 400 and 401 (the refusal's 403). */
  responses?: Record<number, ResponseDoc>;
};

/** One keyed read: a settled GET answered from the market's state. */
export type MarketReadSpec<
  QuerySchemaT extends QuerySchema | undefined,
  ParamsSchemaT extends z.ZodObject | undefined,
  State,
  Answer,
> = {
  path: string;
  operationId: string;
  tool?: RouteTool;
  /** Who may call: key holders by default. */
  security?: Security;
  query?: QuerySchemaT;
  params?: ParamsSchemaT;
  authorizeCaller?: (caller: Caller) => Result<unknown, DomainError>;
  rulesInProse?: readonly ProseRule[];
  /** The 200 answer and the others the route may give besides 400 and 401 (which every read has). */
  responses: Record<number, ResponseDoc>;
  /** Its examples are sent with a key when the read requires one, without one otherwise. */
  docs: Omit<RouteDocs, "tags" | "access" | "examples"> & {
    access?: string;
    examples: (days: ExampleDays) => Omit<RouteExample, "withKey">[];
  };
  /** When the answer changes, where it is not the market's freshness. */
  freshness?: Freshness;
  /** The answer from the market's state (`deps` for what else it reads: a release's rows). */
  answer: (
    state: State,
    input: SettledInput<Output<QuerySchemaT>, Output<ParamsSchemaT>>,
    deps: AppDeps,
  ) => Result<Answer, DomainError> | Promise<Result<Answer, DomainError>>;
};

/**
 * A history read: a read whose query takes `release` (`withReleaseParameter`), answered from the
 * market's state without it and from the rows that release holds with it.
 */
export type MarketHistorySpec<
  QuerySchemaT extends QuerySchema,
  ParamsSchemaT extends z.ZodObject | undefined,
  State,
  Answer,
> = MarketReadSpec<QuerySchemaT, ParamsSchemaT, State, Answer> & {
  /**
   * The answer as of `release`, the query's release number (`query` is the parsed query, as a
   * market's as-of function takes it; `input` the whole input): a 404 when that release is not
   * kept, which the route documents with RELEASE_NOT_FOUND_TEXT unless it states its own 404.
   */
  asOfRelease: (
    deps: AppDeps,
    release: number,
    query: Output<QuerySchemaT>,
    input: SettledInput<Output<QuerySchemaT>, Output<ParamsSchemaT>>,
  ) => Promise<Result<Answer, DomainError>>;
};

/**
 * A market's read builders: `read` for its keyed settled GETs, `history` for those that also
 * answer as of a release, `document` for its public documents.
 */
export function marketReads<State>(market: MarketReadsSpec<State>) {
  const read = <
    QuerySchemaT extends QuerySchema | undefined = undefined,
    ParamsSchemaT extends z.ZodObject | undefined = undefined,
    Answer = unknown,
  >(
    spec: MarketReadSpec<QuerySchemaT, ParamsSchemaT, State, Answer>,
  ): TypedRoute<Answer> => {
    const { answer, docs, responses, freshness, security = "required", ...route } = spec;
    return defineRoute<QuerySchemaT, ParamsSchemaT, undefined, Answer>({
      method: "get",
      ...(market.authorizeCaller === undefined ? {} : { authorizeCaller: market.authorizeCaller }),
      ...route,
      security,
      limiter: "public",
      responses: {
        400: BAD_REQUEST_RESPONSE,
        401: UNAUTHORIZED_RESPONSE,
        ...market.responses,
        ...responses,
      },
      docs: {
        ...docs,
        tags: [market.tag],
        access: docs.access ?? market.access,
        examples: (days) =>
          docs.examples(days).map((example) => ({
            ...example,
            withKey: security === "required",
          })),
      },
      settled: {
        freshness: freshness ?? market.freshness,
        answer: (deps) => (input) => answer(market.state.of(deps), input, deps),
      },
    });
  };
  return {
    read,
    history<
      QuerySchemaT extends QuerySchema,
      ParamsSchemaT extends z.ZodObject | undefined = undefined,
      Answer = unknown,
    >(spec: MarketHistorySpec<QuerySchemaT, ParamsSchemaT, State, Answer>): TypedRoute<Answer> {
      const { asOfRelease, answer, responses, ...route } = spec;
      return read<QuerySchemaT, ParamsSchemaT, Answer>({
        ...route,
        responses: { 404: errorResponse(RELEASE_NOT_FOUND_TEXT), ...responses },
        answer: (state, input, deps) => {
          const { release } = input.query as { release?: number };
          return release === undefined
            ? answer(state, input, deps)
            : asOfRelease(deps, release, input.query, input);
        },
      });
    },
    /** A public document of the market (its methodology), answered from its state. */
    document<Body>(
      spec: Omit<DocumentRouteSpec<Body>, "docs" | "freshness" | "answer"> & {
        docs: Omit<DocumentRouteSpec<Body>["docs"], "tags">;
        answer: (state: State) => Body;
      },
    ): TypedRoute<Body> {
      const { answer, docs, ...document } = spec;
      return documentRoute({
        ...document,
        docs: { ...docs, tags: [market.tag] },
        freshness: market.freshness,
        answer: (deps) => ok(answer(market.state.of(deps))),
      });
    },
  };
}
