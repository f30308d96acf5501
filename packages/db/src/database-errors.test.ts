import { describe, expect, it } from "vitest";
import { describeDatabaseError, isDatabaseUnavailable } from "./database-errors";

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

describe("describeDatabaseError", () => {
  it("gives the driver's reason without Prisma's call-site preamble", () => {
    expect(
      describeDatabaseError(postgres("57014", "canceling statement due to statement timeout")),
    ).toBe("canceling statement due to statement timeout");
    expect(describeDatabaseError(new Error("Connection terminated unexpectedly"))).toBe(
      "Connection terminated unexpectedly",
    );
  });
});
