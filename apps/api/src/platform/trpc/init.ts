import { DomainError, RateLimitedError, type Result } from "@tpi/domain";
import { isDatabaseUnavailable } from "@tpi/db";
import { TRPCError, initTRPC } from "@trpc/server";
import { ERROR_STATUS } from "../http/error-status";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { currentRequestId } from "../observability/logger";
import type { Route } from "../core/route";
import type { WebAccounts } from "../accounts/web-accounts";
import type { AppDeps } from "../core/deps";

/** What every procedure may read; built per request by app.ts. */
export type TrpcContext = {
  /** What the REST routes read: the markets' state, the clock, the database. */
  deps: AppDeps;
  /** The REST route list, described for the website's /docs page. */
  routes: readonly Route[];
  /** The website's accounts (account.*); absent where no internal token is configured. */
  accounts?: WebAccounts;
  /**
   * The website's signed visitor address (the `x-tpi-visitor` header), as received: the account
   * procedures verify it (accounts/visitor-address.ts) before any limit counts under it.
   */
  visitorHeader?: string;
};

/**
 * The one tRPC instance of the api. Error bodies never carry a stack trace (they name absolute
 * paths of the server), whatever NODE_ENV says: tRPC adds one outside production mode. A database
 * that cannot be reached is SERVICE_UNAVAILABLE (503, with Retry-After: see app.ts) with the same
 * message as the REST routes' 503.
 */
export const t = initTRPC.context<TrpcContext>().create({
  isDev: false,
  errorFormatter: ({ shape, error }) => {
    const { stack: _stack, ...rest } = shape.data;
    // The REST body's words: `message`, plus the `error` label and, for a 429, the wait.
    const cause = error.cause;
    // The request id of the REST error bodies (and of the access log): a website error names the
    // api log line it came from.
    const requestId = currentRequestId();
    const data = {
      ...rest,
      ...(cause instanceof DomainError ? { error: cause.label } : {}),
      ...(cause instanceof RateLimitedError ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
      ...(requestId === undefined ? {} : { requestId }),
    };
    if (!isDatabaseUnavailable(cause)) return { ...shape, data };
    return {
      ...shape,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      data: { ...data, code: "SERVICE_UNAVAILABLE" as const, httpStatus: 503 },
    };
  },
});

/** A service result as a procedure's answer: domain errors map through the one status table. */
export function unwrap<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw toTrpcError(result.error);
  return result.value;
}

/** A part of a page without published data yet is null, so the page says so; other errors stay errors. */
export function orNull<T>(result: Result<T, DomainError>): T | null {
  if (result.ok) return result.value;
  if (result.error.code === "no_data") return null;
  throw toTrpcError(result.error);
}

export function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({
    code: ERROR_STATUS[error.code].trpc,
    message: error.message,
    cause: error,
  });
}
