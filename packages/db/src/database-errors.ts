/**
 * The one place that decides whether an error means "the database cannot be reached or did not
 * answer in time" (as opposed to a bug or a constraint violation). Such failures are answered
 * 503 with Retry-After by the api, counted towards an outage instead of logged per request, and
 * retried by the scheduled jobs on their next run.
 */

/**
 * Prisma error codes for an unreachable, timed-out or overloaded server, or one that refuses our
 * credentials or database (the database cannot be used until an operator or the server fixes it).
 */
const PRISMA_UNAVAILABLE_CODES = new Set([
  "P1000", // authentication failed
  "P1001", // can't reach database server
  "P1002", // database server reached but timed out
  "P1003", // database does not exist
  "P1008", // operations timed out
  "P1010", // access denied
  "P1011", // error opening a TLS connection
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
  "AuthenticationFailed",
  "DatabaseAccessDenied",
  "DatabaseDoesNotExist",
  "TlsConnectionError",
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), class 28 (invalid authorization: 28P01
 * password authentication failed, 28000 no pg_hba.conf entry), 3D000 database does not exist,
 * operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
 * 57014 statement timeout), 53300 too many connections, 25P03 idle-in-transaction timeout.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|28...|3D000|57P0[123]|57014|53300|25P03)$/;

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

/** A host, address or port as the driver reported it (a string or a number), for a message. */
function printable(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  return value === undefined || value === null ? String(value) : "?";
}

type ErrorLike = {
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  kind?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
  cause?: unknown;
  // Node's socket errors
  address?: unknown;
  hostname?: unknown;
  port?: unknown;
  // @prisma/adapter-pg's error kinds
  host?: unknown;
  user?: unknown;
  db?: unknown;
  reason?: unknown;
  originalCode?: unknown;
  originalMessage?: unknown;
  severity?: unknown;
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

/**
 * Why the database is unavailable, in one line an operator can act on: connection refused,
 * host not found, timed out, reset, authentication failed, the server's own words with its
 * SQLSTATE (57P01 "terminating connection due to administrator command"). Read from the driver's
 * error, however Prisma wrapped it. Undefined for an error that does not say: Prisma's
 * transaction errors (P2028) report the transaction's state ("Transaction already closed: A
 * rollback cannot be executed on a committed transaction" when the COMMIT failed on a lost
 * connection) and hide the failure that caused it.
 */
export function databaseFailureReason(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const candidate = current as ErrorLike;
    const wrapped = candidate.meta?.driverAdapterError?.cause;
    const reason =
      (typeof wrapped === "object" && wrapped !== null
        ? reasonOf(wrapped as ErrorLike)
        : undefined) ?? reasonOf(candidate);
    if (reason !== undefined) return reason;
    if (isTransactionStateError(candidate)) return undefined;
    current = candidate.cause;
  }
  return undefined;
}

/** A one-line reason for logs: databaseFailureReason's, or else the error's own last line. */
export function describeDatabaseError(error: unknown): string {
  const reason = databaseFailureReason(error);
  if (reason !== undefined) return reason;
  if (!(error instanceof Error)) return String(error);
  return lastLine(error.message) ?? error.name;
}

/** Prisma's P2028 other than "could not start in time": the state of a transaction, not a cause. */
function isTransactionStateError(error: ErrorLike): boolean {
  const code = error.code ?? error.errorCode;
  return code === "P2028" && !String(error.message).includes("Unable to start a transaction");
}

/** pg and pg-pool's own errors (no code), explained. */
const DRIVER_MESSAGE_REASONS: readonly (readonly [string, string])[] = [
  ["Connection terminated due to connection timeout", "connecting timed out"],
  ["Connection terminated", "the connection was closed by the server or the network"],
  ["Query read timeout", "no reply from the server within the query timeout"],
  ["timeout exceeded when trying to connect", "timed out waiting for a connection"],
  ["Client has encountered a connection error and is not queryable", "the connection was lost"],
  ["Cannot use a pool after calling end on the pool", "the connection pool is closed"],
];

function reasonOf(error: ErrorLike): string | undefined {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const code = text(error.code);
  const message = text(error.message) ?? "";
  switch (text(error.kind)) {
    case "DatabaseNotReachable":
      // @prisma/adapter-pg reports ECONNREFUSED (address and port) and ENOTFOUND (host only) so.
      return error.port === undefined || error.port === null
        ? `database host ${printable(error.host)} not found (ENOTFOUND)`
        : `connection refused by ${printable(error.host)}:${printable(error.port)} (ECONNREFUSED)`;
    case "ConnectionClosed":
      return "connection reset (ECONNRESET)";
    case "SocketTimeout":
      return "connection timed out (ETIMEDOUT)";
    case "AuthenticationFailed":
      return `authentication failed for user "${String(error.user)}" (${text(error.originalCode) ?? "28P01"})`;
    case "DatabaseAccessDenied":
      return `access denied (${text(error.originalCode) ?? "28000"}): ${text(error.originalMessage) ?? String(error.db)}`;
    case "DatabaseDoesNotExist":
      return `database "${String(error.db)}" does not exist (${text(error.originalCode) ?? "3D000"})`;
    case "TooManyConnections":
      return `too many connections (53300): ${String(error.cause)}`;
    case "TlsConnectionError":
      return `TLS connection failed: ${String(error.reason)}`;
    case "postgres":
      return `${message} (${code ?? "SQLSTATE unknown"})`;
  }
  if (code !== undefined && SOCKET_CODES.has(code)) return socketReason(code, error);
  // node-postgres's server error (a SQLSTATE and a severity) without the adapter.
  if (code !== undefined && typeof error.severity === "string") return `${message} (${code})`;
  const known = DRIVER_MESSAGE_REASONS.find(([start]) => message.startsWith(start));
  if (known !== undefined) return `${known[1]} (${message})`;
  const prismaCode = code ?? text(error.errorCode);
  if (
    prismaCode !== undefined &&
    PRISMA_UNAVAILABLE_CODES.has(prismaCode) &&
    !isTransactionStateError(error)
  )
    return lastLine(message);
  return undefined;
}

function socketReason(code: string, error: ErrorLike): string {
  const where =
    error.address === undefined ? "" : ` by ${printable(error.address)}:${printable(error.port)}`;
  switch (code) {
    case "ECONNREFUSED":
      return `connection refused${where} (ECONNREFUSED)`;
    case "ETIMEDOUT":
      return `connection timed out (ETIMEDOUT)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `database host ${String(error.hostname)} not found (${code})`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `database host unreachable (${code})`;
    default:
      return `connection reset (${code})`;
  }
}

/** The last non-blank line (Prisma puts its call site first), at most 300 characters. */
function lastLine(message: string): string | undefined {
  const lines = message.split("\n").filter((line) => line.trim().length > 0);
  return lines.at(-1)?.trim().slice(0, 300);
}
