/**
 * What live events cost the read path: settled GETs (`GET /api/gpu/H100 SXM`, keyless, served
 * from memory) against the compiled api in its own process, loaded by autocannon in another,
 * once with nothing subscribed and once with 1,000 webhook subscriptions and 100 open event
 * streams while an event is published every second (each append stores 1,000 deliveries, and
 * the feed wakes and fans the event out to the 100 streams). Rounds alternate the two, in one
 * run, on one machine.
 *
 *   pnpm --filter @tpi/api exec tsx bench/event-load-bench.ts [--seconds 10] [--connections 50] [--rounds 2]
 */
import http from "node:http";
import { parseArgs } from "node:util";
import {
  appendEvents,
  createDb,
  createTestDatabase,
  createWebhookSubscription,
  startTestPostgres,
  type Db,
} from "@tpi/db";
import { dayPeriod, eventOf, type EventFilter } from "@tpi/domain";
import { readEnv } from "../src/platform/runtime/env";
import { createLogger } from "../src/platform/observability/logger";
import { MARKETS } from "../src/markets";
import { loadGpuSample, settleGpuAndPublish } from "../src/markets/gpu/jobs/lifecycle";
import { GPU } from "../src/markets/gpu/read-model/state";
import { jobContextOf, openRuntime } from "../src/platform/runtime/runtime";
import { DEFAULT_LIVE_EVENT_SETTINGS } from "../src/platform/events/live-events";
import { EVENT_STREAM_PATH } from "../src/platform/streams/stream-route";
import { ensureApiBuilt, fullPlanKey, runLoad, startApiProcess, type LoadFigures } from "./lib";

const BENCH_ORIGIN = "http://bench.localhost";
const SUBSCRIPTIONS = 1_000;
const STREAMS = 100;
const TARGET = "/api/gpu/H100%20SXM";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const progress = (line: string) => process.stderr.write(`[event bench] ${line}\n`);

ensureApiBuilt();
const postgres = await startTestPostgres();
const database = await createTestDatabase(postgres.adminUrl);
const db = createDb(database.url, 4);
const everything: EventFilter = { types: null, markets: null, series: null, thresholds: [] };

const newKey = (name: string) => fullPlanKey(db, name);

/** Opens a stream and resolves once it is live; `close` ends it. Its own connection. */
function openStream(url: string, key: string): Promise<{ received: () => number; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}${EVENT_STREAM_PATH}`, {
      agent: false,
      headers: { authorization: `Bearer ${key}`, origin: BENCH_ORIGIN },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      let events = 0;
      let live = false;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        events += chunk.split("\nevent: ").length - 1;
        if (!live && chunk.includes(": live")) {
          live = true;
          resolve({ received: () => events, close: () => response.destroy() });
        }
      });
    });
  });
}

let day = Date.UTC(2020, 0, 1);
/** One value.settled event of a new day, appended as a publication appends it. */
async function publishOne(on: Db): Promise<void> {
  day += 86_400_000;
  const event = eventOf(
    {
      type: "value.settled",
      data: {
        market: "gpu",
        series: "H100 SXM",
        period: dayPeriod(new Date(day).toISOString().slice(0, 10)),
        values: [{ name: "value", value: 2.31, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    new Date(),
  );
  await on.$transaction((tx) => appendEvents(tx, [event]));
}

const row = (label: string, figures: LoadFigures) =>
  `${label.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${figures.p50Ms.toFixed(1)} ms  p99 ${figures.p99Ms.toFixed(1)} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}`;

try {
  progress("seeding and publishing the GPU sample");
  const runtime = await openRuntime(
    readEnv(MARKETS, { DATABASE_URL: database.url, LOG_LEVEL: "warn" }),
    createLogger("warn"),
    MARKETS,
  );
  try {
    await loadGpuSample(jobContextOf(runtime));
    await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime));
  } finally {
    await runtime.close();
  }
  const api = await startApiProcess({
    label: "api",
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      SEED_SAMPLE_ON_EMPTY: "false",
      OUTSIDE_SOURCES_ENABLED: "false",
      RATE_LIMIT_TRUSTED_ORIGINS: BENCH_ORIGIN,
    },
  });
  const streamKeys: string[] = [];
  const perKey = DEFAULT_LIVE_EVENT_SETTINGS.maxStreamsPerKey;
  for (let i = 0; i < STREAMS / perKey; i++) streamKeys.push((await newKey(`streams-${i}`)).key);
  const owner = await newKey("webhooks");
  const results: { round: number; without: LoadFigures; with: LoadFigures; delivered: number }[] =
    [];
  try {
    const load = () =>
      runLoad(`${api.url}${TARGET}`, { connections, seconds, headers: { Origin: BENCH_ORIGIN } });
    progress("warming up");
    await runLoad(`${api.url}${TARGET}`, {
      connections,
      seconds: 2,
      headers: { Origin: BENCH_ORIGIN },
    });
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round}: without subscriptions or streams`);
      const without = await load();

      progress(`round ${round}: ${SUBSCRIPTIONS} webhook subscriptions, ${STREAMS} streams`);
      await db.webhookDelivery.deleteMany({});
      await db.webhookSubscription.deleteMany({});
      for (let i = 0; i < SUBSCRIPTIONS; i++)
        await createWebhookSubscription(db, {
          accountId: owner.accountId,
          url: `https://receiver-${i}.example/hook`,
          filter: everything,
          secret: `whsec_${"a".repeat(32)}`,
          createdAt: new Date(),
        });
      const streams = await Promise.all(
        Array.from({ length: STREAMS }, (_, i) =>
          openStream(api.url, streamKeys[Math.floor(i / perKey)] ?? ""),
        ),
      );
      const publishing = setInterval(() => void publishOne(db), 1_000);
      let withStreams: LoadFigures;
      try {
        withStreams = await load();
      } finally {
        clearInterval(publishing);
      }
      const delivered = streams.reduce((sum, stream) => sum + stream.received(), 0);
      for (const stream of streams) stream.close();
      await db.webhookDelivery.deleteMany({});
      await db.webhookSubscription.deleteMany({});
      results.push({ round, without, with: withStreams, delivered });
    }
  } finally {
    await api.stop();
  }
  console.log(
    `\nGET ${decodeURIComponent(TARGET)} (keyless, settled), ${connections} connections, ${seconds} s per run\n`,
  );
  for (const result of results) {
    console.log(row(`round ${result.round}: nothing subscribed`, result.without));
    console.log(
      row(`round ${result.round}: ${SUBSCRIPTIONS} webhooks, ${STREAMS} streams`, result.with),
    );
    console.log(`  events received by the ${STREAMS} streams during the run: ${result.delivered}`);
  }
} finally {
  await db.$disconnect();
  await database.drop();
  await postgres.stop();
}
