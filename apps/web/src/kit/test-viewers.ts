import { initTRPC } from "@trpc/server";
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

const t = initTRPC.create();

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
