import { DomainError } from "@tpi/domain";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { WebAccounts } from "../accounts/web-accounts";
import { t, toTrpcError } from "./init";

// Bounds on what the website can send: far above any real value, low enough to never cost much.
export const token = z.string().min(1).max(512);
export const session = { sessionToken: token };
export const change = { sessionToken: token, csrfToken: z.string().max(512) };

/**
 * The procedures of the website's accounts (`account.*`): the account service, and domain
 * refusals mapped to tRPC errors once, here.
 */
export const accountProcedure = t.procedure.use(async ({ ctx, next }) => {
  const accounts: WebAccounts | undefined = ctx.accounts;
  if (accounts === undefined)
    throw new TRPCError({ code: "NOT_FOUND", message: "Accounts are not served here." });
  const result = await next({
    ctx: { accounts, visitor: () => accounts.visitor(ctx.visitorHeader) },
  });
  if (!result.ok && result.error.cause instanceof DomainError)
    throw toTrpcError(result.error.cause);
  return result;
});
