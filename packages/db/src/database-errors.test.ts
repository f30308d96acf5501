import { describe, expect, it } from "vitest";
import {
  databaseFailureReason,
  describeDatabaseError,
  isDatabaseUnavailable,
} from "./database-errors";

/** The shapes Prisma 6 with @prisma/adapter-pg raises (recorded against a real server and a cut proxy). */
function prismaRaw(cause: Record<string, unknown>, code = "P2010"): Error {
  return Object.assign(
    new Error("\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed."),
    {
      name: "PrismaClientKnownRequestError",
      code,
      meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
    },
  );
}
const postgres = (code: string, message: string) =>
  prismaRaw({ kind: "postgres", code, originalCode: code, message, severity: "ERROR" });

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "connection refused",
      prismaRaw({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 1 }, "P1001"),
    ],
    ["connection reset", prismaRaw({ kind: "ConnectionClosed" })],
    [
      "too many clients",
      prismaRaw({ kind: "TooManyConnections", cause: "sorry, too many clients already" }),
    ],
    ["too many clients (SQLSTATE)", postgres("53300", "sorry, too many clients already")],
    ["statement timeout", postgres("57014", "canceling statement due to statement timeout")],
    [
      "terminated by the administrator",
      postgres("57P01", "terminating connection due to administrator command"),
    ],
    ["server starting up", postgres("57P03", "the database system is starting up")],
    ["connection failure", postgres("08006", "connection failure")],
    [
      "password authentication failed",
      prismaRaw({
        kind: "AuthenticationFailed",
        originalCode: "28P01",
        originalMessage: 'password authentication failed for user "tpi"',
        user: "tpi",
      }),
    ],
    [
      "authentication failed (Prisma, interactive transaction)",
      Object.assign(new Error("Authentication failed against the database server"), {
        code: "P1000",
      }),
    ],
    [
      "no pg_hba.conf entry",
      prismaRaw({
        kind: "DatabaseAccessDenied",
        originalCode: "28000",
        originalMessage: 'no pg_hba.conf entry for host "10.0.0.1", user "tpi", database "tpi"',
      }),
    ],
    ["database dropped", prismaRaw({ kind: "DatabaseDoesNotExist", db: "tpi" })],
    [
      "idle in transaction timeout",
      postgres("25P03", "terminating connection due to idle-in-transaction timeout"),
    ],
    [
      "pool timeout (Prisma)",
      Object.assign(new Error("Timed out fetching a new connection"), { code: "P2024" }),
    ],
    ["connect timeout (pg)", new Error("Connection terminated due to connection timeout")],
    ["terminated (pg)", new Error("Connection terminated unexpectedly")],
    ["no reply (pg query_timeout)", new Error("Query read timeout")],
    ["pool connect timeout (pg-pool)", new Error("timeout exceeded when trying to connect")],
    [
      "socket error",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    ["wrapped as a cause", new Error("lookup failed", { cause: new Error("Query read timeout") })],
  ])("%s: unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", postgres("23505", "duplicate key value violates unique constraint")],
    ["syntax error", postgres("42601", "syntax error at or near")],
    ["record not found", Object.assign(new Error("No record was found"), { code: "P2025" })],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "boom"],
    ["nothing", undefined],
  ])("%s: not unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/** A COMMIT that failed on a lost connection, as Prisma's transaction manager then reports it. */
const committedTransactionError = Object.assign(
  new Error(
    "Transaction API error: Transaction already closed: A rollback cannot be executed on a committed transaction.",
  ),
  { name: "PrismaClientKnownRequestError", code: "P2028" },
);

describe("databaseFailureReason", () => {
  it.each([
    [
      "connection refused",
      prismaRaw({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }, "P1001"),
      "connection refused by 127.0.0.1:5432 (ECONNREFUSED)",
    ],
    [
      "host not found",
      prismaRaw({ kind: "DatabaseNotReachable", host: "db.invalid", port: undefined }, "P1001"),
      "database host db.invalid not found (ENOTFOUND)",
    ],
    ["reset", prismaRaw({ kind: "ConnectionClosed" }), "connection reset (ECONNRESET)"],
    ["socket timeout", prismaRaw({ kind: "SocketTimeout" }), "connection timed out (ETIMEDOUT)"],
    [
      "password authentication failed",
      prismaRaw({
        kind: "AuthenticationFailed",
        originalCode: "28P01",
        originalMessage: 'password authentication failed for user "tpi"',
        user: "tpi",
      }),
      'authentication failed for user "tpi" (28P01)',
    ],
    [
      "terminated by the administrator",
      postgres("57P01", "terminating connection due to administrator command"),
      "terminating connection due to administrator command (57P01)",
    ],
    [
      "statement timeout",
      postgres("57014", "canceling statement due to statement timeout"),
      "canceling statement due to statement timeout (57014)",
    ],
    [
      "a socket error of node-postgres",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
        address: "127.0.0.1",
        port: 5432,
      }),
      "connection refused by 127.0.0.1:5432 (ECONNREFUSED)",
    ],
    [
      "connect timeout (pg)",
      new Error("Connection terminated due to connection timeout", {
        cause: new Error("Connection terminated unexpectedly"),
      }),
      "connecting timed out (Connection terminated due to connection timeout)",
    ],
    [
      "terminated (pg)",
      new Error("Connection terminated unexpectedly"),
      "the connection was closed by the server or the network (Connection terminated unexpectedly)",
    ],
    [
      "no reply (pg query_timeout)",
      new Error("Query read timeout"),
      "no reply from the server within the query timeout (Query read timeout)",
    ],
    [
      "pool timeout (Prisma)",
      Object.assign(new Error("\nInvalid call:\n\nTimed out fetching a new connection"), {
        code: "P2024",
      }),
      "Timed out fetching a new connection",
    ],
  ])("%s", (_label, error, reason) => {
    expect(databaseFailureReason(error)).toBe(reason);
    expect(describeDatabaseError(error)).toBe(reason);
  });

  it("is undefined for a transaction's state, which hides the failure behind it", () => {
    expect(isDatabaseUnavailable(committedTransactionError)).toBe(true);
    expect(databaseFailureReason(committedTransactionError)).toBeUndefined();
    // For a log line all the same: its own words.
    expect(describeDatabaseError(committedTransactionError)).toMatch(/^Transaction API error/);
  });

  it("says why a transaction could not start in time", () => {
    const error = Object.assign(
      new Error("Transaction API error: Unable to start a transaction in the given time."),
      { code: "P2028" },
    );
    expect(databaseFailureReason(error)).toBe(
      "Transaction API error: Unable to start a transaction in the given time.",
    );
  });
});
