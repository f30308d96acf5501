import type { DomainError, MethodologyRules, Result, WinsorBounds } from "@tpi/domain";
import { isDatabaseUnavailable, type Db } from "@tpi/db";
import { TRPCError, initTRPC } from "@trpc/server";
import { ERROR_STATUS } from "../http/error-status";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import type { Route } from "../http/route";
import type { GpuPublishedIndex } from "../read-models/gpu-published-index";
import type { PublishedIndex } from "../read-models/published-index";

/** What every procedure may read; built per request by app.ts. */
export type TrpcContext = {
  /** Read by the procedures that answer from stored detail (constituents, synced days). */
  db: Db;
  index: PublishedIndex;
  gpuIndex: GpuPublishedIndex;
  clock: () => Date;
  rules: MethodologyRules;
  /** The REST route list, described for the website's /docs page (app.ts passes it; none in callers that serve no reference). */
  routes?: readonly Route[];
  /** The GPU winsorizing bounds in force, which the GPU methodology states; the defaults when absent. */
  winsor?: WinsorBounds;
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
    const { stack: _stack, ...data } = shape.data;
    if (!isDatabaseUnavailable(error.cause)) return { ...shape, data };
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

export function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({
    code: ERROR_STATUS[error.code].trpc,
    message: error.message,
    cause: error,
  });
}
