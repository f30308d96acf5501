import type { Db } from "@tpi/db";
import type { DatabaseHealth, DatabaseState } from "./health/database-health";
import { defineRoute } from "./http/route";
import { DEFAULT_RATE_LIMIT_SETTINGS, type RateLimitSettings } from "./core/deps";
import { z } from "zod";
import { instantSchema } from "./http/input";
import {
  marketDataStateSchema,
  marketDataStates,
  type MarketDataState,
} from "./publication/market-data-state";

export { marketDataStateSchema, marketDataStates, type MarketDataState };

const PING_TIMEOUT_MS = 2_000;

/** The body of GET /health. */
export const healthResponseSchema = z
  .object({
    status: z
      .enum(["healthy", "loading", "degraded", "unhealthy"])
      .describe(
        "`healthy`: the database answers and every market's data set is complete. `loading`: a market's first-start load is running (in this instance or another). `degraded`: a market's first-start load stopped unfinished (a source failed, or its process was stopped or died) and none is running: that market serves what is stored, possibly nothing, until a start or a serving instance's hourly check completes it. `unhealthy` (503): the database does not answer.",
      ),
    timestamp: instantSchema,
    database: z.enum(["connected", "disconnected"]),
    data: z
      .record(z.string(), marketDataStateSchema)
      .optional()
      .describe(
        "Each market's data set, by market name (absent while the database does not answer): `complete`, `loading` or `incomplete`.",
      ),
  })
  .catchall(z.string())
  .meta({ id: "Health" });

/** The overall status from the database's answer and the markets' data sets. */
export function healthStatus(
  connected: boolean,
  data: Readonly<Record<string, MarketDataState>> | undefined,
): z.output<typeof healthResponseSchema>["status"] {
  if (!connected) return "unhealthy";
  const states = Object.values(data ?? {});
  if (states.includes("incomplete")) return "degraded";
  if (states.includes("loading")) return "loading";
  return "healthy";
}

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

/**
 * `GET /health`: liveness, database connectivity and each market's data set. 503 only while the
 * database is unreachable: a data set still loading or left incomplete answers 200 with `loading`
 * or `degraded`. The data is the shared database's, the same for every instance, so failing
 * readiness for it would take every instance out of a load balancer together (the GPU market and
 * the accounts with it); the website also reads 503 as "without database". Monitoring alerts on
 * `status`; `data` says which market.
 */
export const healthRoute = defineRoute({
  method: "get",
  path: "/health",
  operationId: "health",
  security: "none",
  limiter: "none",
  responses: {
    200: {
      description:
        "The database answers; `status` says whether every market's data set is complete (`healthy`), being loaded (`loading`) or left unfinished (`degraded`)",
      schema: healthResponseSchema,
    },
    503: { description: "The database is unreachable", schema: healthResponseSchema },
  },
  docs: {
    summary: "Liveness, database connectivity and the data sets' state",
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
      const data = connected
        ? await marketDataStates(
            deps.db,
            deps.marketList.map((market) => market.name),
          ).catch((error: unknown) => {
            deps.databaseHealth.reportFailure(error);
            return undefined;
          })
        : undefined;
      const answered = connected && data !== undefined;
      res.setHeader("Cache-Control", "no-store");
      res.status(answered ? 200 : 503).json({
        status: healthStatus(answered, data),
        timestamp: new Date().toISOString(),
        database: answered ? "connected" : "disconnected",
        ...(data === undefined ? {} : { data }),
        ...databaseOutage(deps.databaseHealth.state),
        ...redis,
      });
    },
});
