import {
  DomainError,
  accessForPlan,
  gpuPlanAccessOf,
  trialHasEnded,
  type AccountPlan,
  type Result,
} from "@tpi/domain";
import { z } from "zod";
import { accountCaller, ANONYMOUS, type Caller } from "../auth/api-key-authenticator";
import type { TypedRoute } from "../core/route";
import { runRoute } from "../http/run-route";
import { type TrpcContext, t, unwrap } from "./init";
import { routeInputOf, routeRequestOf } from "./route-procedure";

/**
 * Website procedures for a signed-in reader: the website's server passes the session token from
 * its httpOnly cookie (never a key: the browser holds none), the api resolves the account's plan
 * here and answers through the same pipeline (`runRoute`) as a REST call with a key of that plan.
 * A trial account gets what a trial key gets; an ended trial, a missing, expired or revoked
 * session, or an api without accounts get what a keyless caller gets, so a page never fails over
 * a stale cookie: it shows the visitor's view.
 */

/** Bounds on what the website can send: far above a real session token. */
const sessionTokenInput = z.string().min(1).max(512).optional();

type SessionAccount = {
  id: string;
  email: string | null;
  name: string;
  plan: AccountPlan;
  trialEndsAt: Date | null;
};

/** The live session's account, or undefined (no token, no live session, no accounts here). */
async function sessionAccount(
  ctx: TrpcContext,
  sessionToken: string | undefined,
): Promise<SessionAccount | undefined> {
  if (sessionToken === undefined || ctx.accounts === undefined) return undefined;
  try {
    const { account } = await ctx.accounts.sessions.me({ sessionToken });
    return {
      id: account.id,
      email: account.email,
      name: account.name,
      plan: account.plan,
      trialEndsAt: account.trialEndsAt === null ? null : new Date(account.trialEndsAt),
    };
  } catch (error) {
    // Only "no live session" reads as keyless; anything else (the database down) stays an error.
    if (error instanceof DomainError && error.code === "session_required") return undefined;
    throw error;
  }
}

/** The caller a session token stands for: a key of the account's plan, or the keyless caller. */
export async function sessionCaller(
  ctx: TrpcContext,
  sessionToken: string | undefined,
): Promise<Caller> {
  const account = await sessionAccount(ctx, sessionToken);
  return account === undefined ? ANONYMOUS : accountCaller(account, ctx.deps.clock());
}

/** The route's answer for the reader holding this session (keyless without one). */
export async function sessionAnswer<Answer>(
  route: TypedRoute<Answer>,
  ctx: TrpcContext,
  sessionToken: string | undefined,
  input: Readonly<Record<string, string | undefined>>,
): Promise<Result<Answer, DomainError>> {
  const caller = await sessionCaller(ctx, sessionToken);
  return runRoute(route, routeRequestOf(route, input), caller, ctx.deps);
}

/**
 * A procedure answering exactly what `GET route` answers a key of the session's plan (a keyless
 * caller without a live plan) for the same parameters: the route's parameters plus
 * `sessionToken`. Refusals carry the REST words.
 */
export function sessionRouteProcedure<Answer>(route: TypedRoute<Answer>) {
  const routeInput = routeInputOf(route);
  const routeShape = (routeInput instanceof z.ZodOptional ? routeInput.unwrap() : routeInput)
    .shape as Record<string, z.ZodType>;
  // Typed as the strings a URL carries: the route's own schemas check them in `runRoute`.
  const input = z
    .object({ ...routeShape, sessionToken: sessionTokenInput })
    .strict() as unknown as z.ZodType<{ sessionToken?: string } & Partial<Record<string, string>>>;
  return t.procedure
    .input(input)
    .query(async ({ ctx, input: { sessionToken, ...rest } }) =>
      unwrap(await sessionAnswer(route, ctx, sessionToken, rest)),
    );
}

/**
 * Who reads the website with this session token, for the page's "Signed in as … (Full plan)"
 * line and its ranges: the account's address and plan, whether the plan still grants data, and
 * the `access` the token and GPU routes answer such a caller with. Null without a live session.
 */
export const viewerProcedure = t.procedure
  .input(z.object({ sessionToken: sessionTokenInput }).strict())
  .query(async ({ ctx, input }) => {
    const account = await sessionAccount(ctx, input.sessionToken);
    if (account === undefined) return null;
    const ended = trialHasEnded(account.plan, account.trialEndsAt, ctx.deps.clock());
    return {
      email: account.email,
      name: account.name,
      plan: account.plan,
      trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
      /** An ended trial grants nothing: the pages show the visitor's view. */
      planActive: !ended,
      tokenAccess: ended ? null : accessForPlan(account.plan),
      gpuAccess: ended ? null : gpuPlanAccessOf(account.plan),
    };
  });
