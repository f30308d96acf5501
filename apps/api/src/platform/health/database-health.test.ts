import { describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { DatabaseHealth } from "./database-health";

/**
 * The outage's log lines: one ERROR when it begins, saying why, and one INFO when it ends, however
 * many requests and jobs fail meanwhile. The error shapes are those Prisma 6 with
 * @prisma/adapter-pg raises (database-errors.test.ts in @tpi/db).
 */
function prismaRaw(cause: Record<string, unknown>, code = "P2010"): Error {
  return Object.assign(
    new Error("\nInvalid `prisma.$queryRaw()` invocation:\n\nRaw query failed."),
    {
      name: "PrismaClientKnownRequestError",
      code,
      meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
    },
  );
}
const refused = () =>
  prismaRaw({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }, "P1001");
/** A COMMIT lost with its connection, as Prisma's transaction manager reports it. */
const committedTransaction = () =>
  Object.assign(
    new Error(
      "Transaction API error: Transaction already closed: A rollback cannot be executed on a committed transaction.",
    ),
    { name: "PrismaClientKnownRequestError", code: "P2028" },
  );

function tracker(probe: () => Promise<unknown>) {
  const lines: string[] = [];
  const health = new DatabaseHealth(
    createLogger("info", (line) => lines.push(line)),
    probe,
  );
  return { health, lines };
}

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !check(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("DatabaseHealth", () => {
  it("logs an outage once, with the driver's reason, and its end once", () => {
    const { health, lines } = tracker(() => Promise.reject(refused()));
    try {
      expect(health.reportFailure(refused())).toBe(true);
      expect(health.reportFailure(refused())).toBe(true);
      expect(health.reportFailure(new TypeError("a bug"))).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /ERROR database unavailable: connection refused by 127\.0\.0\.1:5432 \(ECONNREFUSED\)\. /,
      );
      health.reportSuccess();
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/INFO database available again after .* \(2 failed/);
    } finally {
      health.stop();
    }
  });

  it("an authentication failure is an outage, logged as such", () => {
    const { health, lines } = tracker(() => Promise.resolve());
    try {
      const error = prismaRaw({
        kind: "AuthenticationFailed",
        originalCode: "28P01",
        originalMessage: 'password authentication failed for user "tpi"',
        user: "tpi",
      });
      expect(health.reportFailure(error)).toBe(true);
      expect(lines).toEqual([
        expect.stringMatching(
          /ERROR database unavailable: authentication failed for user "tpi" \(28P01\)\. /,
        ),
      ]);
    } finally {
      health.stop();
    }
  });

  it("when the first failure hides its cause (a transaction's state), says what the database answers a probe", async () => {
    const { health, lines } = tracker(() => Promise.reject(refused()));
    try {
      expect(health.reportFailure(committedTransaction())).toBe(true);
      expect(health.reportFailure(refused())).toBe(true); // the same outage: no second line
      await until(() => lines.length > 0);
      expect(lines).toEqual([
        expect.stringMatching(
          /ERROR database unavailable: connection refused by 127\.0\.0\.1:5432 \(ECONNREFUSED\)\. /,
        ),
      ]);
      expect(health.state).toMatchObject({
        status: "unavailable",
        reason: "connection refused by 127.0.0.1:5432 (ECONNREFUSED)",
      });
    } finally {
      health.stop();
    }
  });

  it("when the probe answers, the outage is logged with the failure's own words, then ended", async () => {
    const { health, lines } = tracker(() => Promise.resolve());
    try {
      health.reportFailure(committedTransaction());
      await until(() => lines.length > 1);
      expect(lines).toEqual([
        expect.stringMatching(/ERROR database unavailable: Transaction API error: /),
        expect.stringMatching(/INFO database available again after/),
      ]);
      expect(health.available).toBe(true);
    } finally {
      health.stop();
    }
  });

  it("an outage that ends before the diagnosis did is still logged first", () => {
    const { health, lines } = tracker(() => new Promise(() => undefined)); // never answers
    try {
      health.reportFailure(committedTransaction());
      expect(lines).toEqual([]);
      health.reportSuccess();
      expect(lines).toEqual([
        expect.stringMatching(/ERROR database unavailable: Transaction API error: /),
        expect.stringMatching(/INFO database available again after/),
      ]);
    } finally {
      health.stop();
    }
  });
});
