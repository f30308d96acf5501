import { TRPCError, initTRPC, type AnyTRPCProcedure, type AnyTRPCRouter } from "@trpc/server";
import { z } from "zod";

/**
 * The signed-in readers the market page tests use, as the api's `viewer` procedure answers them
 * (`null` for an unknown session): one per plan a market's tests need, and an ended trial.
 */
export const FULL_VIEWER = {
  email: "ada@example.com",
  name: "Ada",
  plan: "full",
  trialEndsAt: null,
  planActive: true,
  tokenAccess: "full",
  gpuAccess: "full",
} as const;

export const TRIAL_VIEWER = {
  ...FULL_VIEWER,
  plan: "trial",
  trialEndsAt: "2026-12-20T10:00:00.000Z",
} as const;

export const PREMIUM_VIEWER = {
  email: "bob@example.com",
  name: "Bob",
  plan: "premium",
  trialEndsAt: null,
  planActive: true,
  tokenAccess: "full",
  gpuAccess: "premium",
} as const;

export const ENDED_TRIAL_VIEWER = {
  email: "bob@example.com",
  name: "Bob",
  plan: "trial",
  trialEndsAt: "2026-11-20T10:00:00.000Z",
  planActive: false,
  tokenAccess: null,
  gpuAccess: null,
} as const;

/** The tRPC builder of the routers standing in for the api in the market page tests. */
export const t = initTRPC.create();

/**
 * The api's `viewer` procedure answering each of `viewers`' sessions with its reader; each input
 * is pushed to `recorded` (as `{ viewer: input }`) when a test reads what the website asked.
 */
export function viewerProcedure(viewers: Readonly<Record<string, unknown>>, recorded?: unknown[]) {
  return t.procedure
    .input(z.object({ sessionToken: z.string().optional() }).strict())
    .query(({ input }) => {
      recorded?.push({ viewer: input });
      return (viewers[input.sessionToken ?? ""] ?? null) as never;
    });
}

/**
 * A plan procedure's input in the api's shape: the reader's session (none for a visitor) and the
 * procedure's own fields, nothing else.
 */
export function planInput<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ sessionToken: z.string().optional(), ...shape }).strict();
}

/** A dated plan procedure's optional first and last day (`2026-11-01`), as the api takes them. */
export const DATE_RANGE_INPUT = {
  startDate: z.string().optional(),
  endDate: z.string().optional(),
};

/** The api's refusal of a caller without a key or a live plan (its 401), in its words. */
const KEYLESS_REFUSAL = "API key required. Use Authorization: Bearer YOUR_API_KEY";

/** A plan procedure's input as `planInput(shape)` parses it: the session and the fields. */
type PlanInputOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>> & {
  sessionToken?: string | undefined;
};

/**
 * Whom a plan procedure answers, as its REST route answers the caller's key: the reader whose
 * plan reads the values (`reads`); its 403 in the api's words for a reader whose plan the route
 * does not serve (`forbidden`); its 401 for anyone else (no session, an ended trial: a caller
 * without a key).
 */
export type PlanAccess<Reader extends string> = {
  reads: Reader;
  forbidden?: Partial<Record<Reader, string>>;
};

/**
 * A market's page-test fixture: its signed-in readers by name (`{ trial: TRIAL_VIEWER }`), each
 * with its session (`memory-trial-session-0123456789`); the router standing in for the api, its
 * `viewer` procedure answering those sessions (`null` for any other) beside the market's
 * procedures; and its plan procedures, which record what they were asked and answer a caller as
 * the api does.
 */
export function marketFixture<Reader extends string>(
  market: string,
  readers: Readonly<Record<Reader, unknown>>,
) {
  const names = Object.keys(readers) as Reader[];
  const sessions = Object.fromEntries(
    names.map((name) => [name, `${market}-${name}-session-0123456789`]),
  ) as Record<Reader, string>;
  const viewers = Object.fromEntries(names.map((name) => [sessions[name], readers[name]]));
  /** What the plan procedures were asked, oldest first: `{ planIndex: input }` per call. */
  const inputs: Record<string, unknown>[] = [];
  const checkCaller = (sessionToken: string | undefined, access: PlanAccess<Reader>): void => {
    if (sessionToken === sessions[access.reads]) return;
    const refused = names.find((name) => sessions[name] === sessionToken);
    const message = refused === undefined ? undefined : access.forbidden?.[refused];
    if (message !== undefined) throw new TRPCError({ code: "FORBIDDEN", message });
    throw new TRPCError({ code: "UNAUTHORIZED", message: KEYLESS_REFUSAL });
  };
  return {
    sessions,
    keylessRefusal: KEYLESS_REFUSAL,
    /**
     * What the market's page tests are given: its name, its readers' sessions and the api's 401
     * words, the router (its `viewer` beside the market's `routers`), what its plan procedures
     * were asked (cleared before each test) and the values it serves.
     */
    testApi: <Values extends Record<string, unknown>>(
      routers: Record<string, AnyTRPCRouter | AnyTRPCProcedure>,
      values: Values,
    ) => ({
      market,
      sessions,
      keylessRefusal: KEYLESS_REFUSAL,
      router: t.router({ viewer: viewerProcedure(viewers), ...routers }),
      inputs,
      ...values,
    }),
    /**
     * A plan procedure (`procedure`, as the router names it) in the api's shape: its input, the
     * session and `shape`'s fields, recorded as `{ [procedure]: input }`; its caller answered as
     * the REST route answers the caller's key (`access`); then `answer` for the reader it serves.
     */
    planQuery: <Shape extends z.ZodRawShape, Answer>(
      procedure: string,
      shape: Shape,
      access: PlanAccess<Reader>,
      answer: (input: PlanInputOf<Shape>) => Answer,
    ) =>
      t.procedure.input(planInput(shape)).query(({ input }) => {
        // What `planInput(shape)` parsed: tRPC leaves its type open while `Shape` is.
        const asked = input as PlanInputOf<Shape>;
        inputs.push({ [procedure]: asked });
        checkCaller(asked.sessionToken, access);
        return answer(asked);
      }),
  };
}
