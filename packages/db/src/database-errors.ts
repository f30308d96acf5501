/**
 * The one place that decides whether an error means "the database cannot be reached or did not
 * answer in time" (as opposed to a bug or a constraint violation). Such failures are answered
 * 503 with Retry-After by the api, counted towards an outage instead of logged per request, and
 * retried by the scheduled jobs on their next run.
 */

/** Prisma error codes for an unreachable, timed-out or overloaded server. */
const PRISMA_UNAVAILABLE_CODES = new Set([
  "P1001", // can't reach database server
  "P1002", // database server reached but timed out
  "P1008", // operations timed out
  "P1017", // server has closed the connection
  "P2024", // timed out fetching a new connection from the pool
  "P2028", // transaction API error (a transaction could not start or expired in time)
  "P2037", // too many database connections opened
]);

/** Driver adapter error kinds (node-postgres through @prisma/adapter-pg) for the same. */
const ADAPTER_UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), operator intervention (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57014 statement timeout), 53300 too
 * many connections, 25P03 idle-in-transaction timeout.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|53300|25P03)$/;

/** Node socket error codes on the way to the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** node-postgres and pg-pool raise these as plain Errors (no code). */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

type ErrorLike = {
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  kind?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
  cause?: unknown;
};

function matchesOne(error: ErrorLike): boolean {
  const code = typeof error.code === "string" ? error.code : undefined;
  const errorCode = typeof error.errorCode === "string" ? error.errorCode : undefined;
  if (code !== undefined && (PRISMA_UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code)))
    return true;
  if (code !== undefined && UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (errorCode !== undefined && PRISMA_UNAVAILABLE_CODES.has(errorCode)) return true;
  if (typeof error.kind === "string" && ADAPTER_UNAVAILABLE_KINDS.has(error.kind)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return DRIVER_MESSAGES.some((known) => message.startsWith(known));
}

/** True when `error` (or its cause, or the driver error Prisma wraps) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const candidate = current as ErrorLike;
    if (matchesOne(candidate)) return true;
    const wrapped = candidate.meta?.driverAdapterError?.cause;
    if (typeof wrapped === "object" && wrapped !== null && matchesOne(wrapped as ErrorLike))
      return true;
    current = candidate.cause;
  }
  return false;
}

/** A one-line reason for logs: the driver's message, or the last line of Prisma's (after its call-site preamble). */
export function describeDatabaseError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const wrapped = (error as ErrorLike).meta?.driverAdapterError?.cause as
    | { message?: unknown }
    | undefined;
  if (typeof wrapped?.message === "string") return wrapped.message;
  const lines = error.message.split("\n").filter((line) => line.trim().length > 0);
  return (lines.at(-1) ?? error.name).trim().slice(0, 300);
}
