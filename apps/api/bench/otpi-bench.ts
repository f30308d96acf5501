/**
 * Benchmark of the hot read path (not a timed test): starts the api on a fresh database with the
 * sample data, then measures requests/s and latency of GET /api/otpi next to a bare Express route
 * returning a constant JSON body, in the same run and process, and reports the ratio.
 *
 *   pnpm bench                       (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=... pnpm bench      (a PostgreSQL server; a scratch database is created on it)
 *   BENCH_SECONDS=10 pnpm bench      (longer runs)
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import express from "express";
import { DEFAULT_METHODOLOGY_RULES, addDays, utcDayOf } from "@tpi/domain";
import {
  createAccount,
  createDb,
  createTestDatabase,
  insertApiKey,
  startTestPostgres,
} from "@tpi/db";
import { generateApiKey } from "../src/auth/api-key-secret";
import { readEnv } from "../src/env";
import { createLogger } from "../src/logger";
import { seedTokenSample } from "../src/jobs/sample-seed";
import { settleDueDays } from "../src/jobs/settlement";
import { startServer } from "../src/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * Every benchmark request comes from one IP, so the public limiter (60/min) would answer 429
 * after the first second; the load generator is configured as a trusted origin instead, which
 * still runs the limiter middleware (its skip check) on every request.
 */
const BENCH_ORIGIN = "http://bench.localhost";

type Figures = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { Origin: BENCH_ORIGIN, ...headers },
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const postgres = await startTestPostgres();
const database = await createTestDatabase(postgres.adminUrl);
try {
  // 1. Settlement speed: seed 18+ months of sample data, then time settling all of it.
  const now = new Date();
  const db = createDb(database.url);
  const seeded = await seedTokenSample(db, { now });
  const settleStarted = performance.now();
  const settled = await settleDueDays(db, { now, rules: DEFAULT_METHODOLOGY_RULES });
  const settleMs = performance.now() - settleStarted;

  const account = await createAccount(db, { name: "bench", plan: "full", trialEndsAt: null });
  const secret = generateApiKey();
  await insertApiKey(db, {
    accountId: account.id,
    name: "bench",
    displayPrefix: secret.displayPrefix,
    keyHash: secret.keyHash,
  });
  await db.$disconnect();

  // 2. The api, as `pnpm start` runs it, on that database.
  const running = await startServer(
    readEnv({
      DATABASE_URL: database.url,
      PORT: "0",
      HOST: "127.0.0.1",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "warn",
      RATE_LIMIT_TRUSTED_ORIGINS: BENCH_ORIGIN,
    }),
    createLogger("warn"),
  );

  // 3. The baseline: a bare Express route with a constant JSON body, same process.
  const bare = express();
  const constant = { success: true, access: "public-1mo", date: "2026-01-01", count: 0, data: [] };
  bare.get("/constant", (_req, res) => {
    res.json(constant);
  });
  const bareServer = await new Promise<Server>((resolve) => {
    const s = bare.listen(0, "127.0.0.1", () => resolve(s));
  });
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/constant`;

  const latest = (await (await fetch(`${running.url}/api/otpi`)).json()) as { date: string };
  const yearEnd = latest.date;
  const yearStart = addDays(yearEnd, -364);
  const keyed = { Authorization: `Bearer ${secret.key}` };

  const figures: Figures[] = [];
  figures.push(await measure("bare Express, constant JSON (baseline)", bareUrl));
  figures.push(await measure("GET /api/otpi (default, keyless)", `${running.url}/api/otpi`));
  figures.push(
    await measure(
      "GET /api/otpi?date=&lab= (single day, keyless)",
      `${running.url}/api/otpi?date=${latest.date}&lab=anthropic`,
    ),
  );
  figures.push(
    await measure(
      "GET /api/otpi one-year range, keyed (11 labs)",
      `${running.url}/api/otpi?startDate=${yearStart}&endDate=${yearEnd}`,
      keyed,
    ),
  );

  const baseline = figures[0]?.requestsPerSecond ?? 1;
  console.log(
    `\nSettlement: ${settled.settledDays.length} days x 11 labs (${seeded.inserted.toLocaleString("en-US")} observations, through ${utcDayOf(now)}) settled in ${settleMs.toFixed(0)} ms (target < 5000 ms)`,
  );
  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${SECONDS} s per target, Node ${process.version}\n`,
  );
  console.log(
    `${"target".padEnd(52)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"x bare".padStart(7)}  errors`,
  );
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(52)} ${f.requestsPerSecond.toFixed(0).padStart(9)} ${f.p50.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${(f.requestsPerSecond / baseline).toFixed(2).padStart(7)}  ${f.errors + f.non2xx}`,
    );
  }
  const ratio = (figures[1]?.requestsPerSecond ?? 0) / baseline;
  console.log(`\nDefault request at ${ratio.toFixed(2)}x the bare route (target >= 0.70x).`);

  bareServer.close();
  await running.close();
} finally {
  await database.drop();
  await postgres.stop();
}
