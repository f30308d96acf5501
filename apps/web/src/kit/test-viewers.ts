import { TRPCError, initTRPC, type AnyTRPCRouter } from "@trpc/server";
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

/** The api's `viewer` procedure answering each of `viewers`' sessions with its reader. */
export function viewerProcedure(viewers: Readonly<Record<string, unknown>>) {
  return t.procedure
    .input(z.object({ sessionToken: z.string().optional() }).strict())
    .query(({ input }) => (viewers[input.sessionToken ?? ""] ?? null) as never);
}

/**
 * A router standing in for the api in a market's page tests: its `viewer` procedure answering
 * `viewers`' sessions (`null` for any other), and the market's procedures (`memory`, ...).
 */
export function marketTestRouter<Routers extends Record<string, AnyTRPCRouter>>(
  viewers: Readonly<Record<string, unknown>>,
  routers: Routers,
) {
  return t.router({ viewer: viewerProcedure(viewers), ...routers });
}

/** A market's test session of one of its readers (`memory-trial-session-0123456789`). */
export function testSession(market: string, reader: string): string {
  return `${market}-${reader}-session-0123456789`;
}

/** The api's refusal of a caller without a key or a live plan (its 401), in its words. */
export const KEYLESS_REFUSAL = "API key required. Use Authorization: Bearer YOUR_API_KEY";

/**
 * What the api answers a plan procedure's caller, as the REST route answers the caller's key:
 * nothing for the session whose plan reads the values (`reads`), its 403 in the api's words for
 * a session whose plan the route does not serve (`forbidden`, by session), and its 401 for anyone
 * else (no session, an ended trial: a caller without a key).
 */
export function checkPlanCaller(
  sessionToken: string | undefined,
  access: { reads: string; forbidden?: Readonly<Record<string, string>> },
): void {
  if (sessionToken === access.reads) return;
  const forbidden = sessionToken === undefined ? undefined : access.forbidden?.[sessionToken];
  if (forbidden !== undefined) throw new TRPCError({ code: "FORBIDDEN", message: forbidden });
  throw new TRPCError({ code: "UNAUTHORIZED", message: KEYLESS_REFUSAL });
}
