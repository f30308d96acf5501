import { Router } from "express";
import type { Db } from "@tpi/db";
import { methodNotAllowed } from "../http/errors";

const PING_TIMEOUT_MS = 2_000;

/** True when the database answers `select 1` within the timeout. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.$queryRaw`select 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /health`: liveness plus database connectivity; 503 while the database is unreachable. */
export function healthRoutes(
  db: Db,
  extraChecks: () => Record<string, string> = () => ({}),
): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    const connected = await databaseAnswers(db);
    res.setHeader("Cache-Control", "no-store");
    res.status(connected ? 200 : 503).json({
      status: connected ? "healthy" : "unhealthy",
      timestamp: new Date().toISOString(),
      database: connected ? "connected" : "disconnected",
      ...extraChecks(),
    });
  });
  router.all("/health", methodNotAllowed(["GET"]));
  return router;
}
