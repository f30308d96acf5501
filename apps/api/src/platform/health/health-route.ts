import type { Db } from "@tpi/db";
import type { DatabaseHealth, DatabaseState } from "./database-health";
import { defineRoute } from "../http/route";
import { DEFAULT_RATE_LIMIT_SETTINGS, type RateLimitSettings } from "../rate-limit/limiters";
import { z } from "zod";
import { instantSchema } from "../http/input";

const PING_TIMEOUT_MS = 2_000;

/** The body of GET /health. */
export const healthResponseSchema = z
  .object({
    status: z.enum(["healthy", "unhealthy"]),
    timestamp: instantSchema,
    database: z.enum(["connected", "disconnected"]),
  })
  .catchall(z.string())
  .meta({ id: "Health" });

/**
 * True when the database answers `select 1` within the timeout. The outage tracker hears of the
 * answer, or of a connection failure, like it hears of requests'.
 */
export async function databaseAnswers(db: Db, health?: DatabaseHealth): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    const answered = await Promise.race([db.$queryRaw`select 1`.then(() => true), timeout]);
    if (answered) health?.reportSuccess();
    return answered;
  } catch (error) {
    health?.reportFailure(error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `/health`'s report on an ongoing database outage: since when (absent while the database answers). */
function databaseOutage(state: DatabaseState): Record<string, string> {
  return state.status === "unavailable"
    ? { databaseUnavailableSince: state.since.toISOString() }
    : {};
}

/** `/health`'s report on the shared rate-limit store, from a PING sent now. */
async function redisHealth(settings: RateLimitSettings): Promise<Record<string, string>> {
  return { redis: settings.redis ? await settings.redis.probe() : "not configured" };
}

/** `GET /health`: liveness plus database connectivity; 503 while the database is unreachable. */
export const healthRoute = defineRoute({
  method: "get",
  path: "/health",
  operationId: "health",
  security: "none",
  limiter: "none",
  responses: {
    200: { description: "Healthy", schema: healthResponseSchema },
    503: { description: "The database is unreachable", schema: healthResponseSchema },
  },
  docs: {
    summary: "Liveness and database connectivity",
    tags: ["Reference"],
    examples: () => [{ label: "Health check", pathAndQuery: "/health" }],
  },
  handler:
    (deps) =>
    async ({ res }) => {
      const [connected, redis] = await Promise.all([
        databaseAnswers(deps.db, deps.databaseHealth),
        redisHealth(deps.rateLimits ?? DEFAULT_RATE_LIMIT_SETTINGS),
      ]);
      res.setHeader("Cache-Control", "no-store");
      res.status(connected ? 200 : 503).json({
        status: connected ? "healthy" : "unhealthy",
        timestamp: new Date().toISOString(),
        database: connected ? "connected" : "disconnected",
        ...databaseOutage(deps.databaseHealth.state),
        ...redis,
      });
    },
});
