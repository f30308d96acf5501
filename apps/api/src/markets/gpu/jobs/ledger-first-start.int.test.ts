// @module-tag zone
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAll } from "../../../testing/close-all";
import { GPU_SAMPLE_SOURCE, dataLoadsOf } from "@tpi/db";
import { createLogger } from "../../../platform/observability/logger";
import { loaderContext, type LoaderContext } from "../../../testing/first-start";
import {
  LEDGER_PATHS,
  startGpuLedgerStub,
  type GpuLedgerStub,
} from "../../../testing/gpu-ledger-stub";
import {
  QUOTE_DAYS,
  QUOTE_DAY_1,
  QUOTE_DAY_3,
  ledgerSettingsOf,
  printsOf,
  serveHandPricedDays,
  truncateGpuData,
} from "../../../testing/gpu-quote-fixtures";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import { GPU } from "../read-model/state";
import { GpuPublishedIndex } from "../read-model/published-index";
import { gpuJobs, loadGpuData, startGpuMarket } from "./lifecycle";

/**
 * The GPU market's first start on an empty database with the ledger on (the default): filled
 * from the ledger's last GPU_LEDGER_BACKFILL_DAYS days (three here, the hand-priced days of
 * testing/gpu-quote-fixtures.ts), the sample only when the ledger does not answer, and a
 * back-fill stopped halfway completed by the next start.
 */
const NOW = new Date("2026-11-22T21:40:00.000Z");
/** An offline start must fall back to the sample within seconds (one retry, a 5 s timeout). */
const OFFLINE_FALLBACK_LIMIT_MS = 15_000;

type Health = { status: string; data?: Record<string, string> };

let api: TestApi;
let stub: GpuLedgerStub;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  stub = await startGpuLedgerStub();
});
afterAll(() => closeAll(stub, api));
beforeEach(async () => {
  serveHandPricedDays(stub);
  await truncateGpuData(api.db);
});

const database = () => ({ db: api.db, url: api.databaseUrl });
const settingsOf = (ledgerUrl: string) =>
  ledgerSettingsOf(ledgerUrl, { GPU_LEDGER_BACKFILL_DAYS: "3" });
const health = async () => (await api.get("/health")).body as Health;
const snapshotLabels = async () =>
  (await api.db.gpuQuoteSnapshot.findMany({ orderBy: { id: "asc" } })).map((s) => s.label);

/** A loopback URL nothing listens on: connections are refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A loader context whose log lines also keep the time they were written (performance.now()). */
function timedContext(clock: () => Date = () => NOW): LoaderContext & {
  timed: { at: number; line: string }[];
} {
  const context = loaderContext(database(), clock);
  const timed: { at: number; line: string }[] = [];
  context.log = createLogger("debug", (line) => {
    context.lines.push(line);
    timed.push({ at: performance.now(), line });
  });
  return Object.assign(context, { timed });
}

describe("the GPU first start with the ledger on", () => {
  it("fills an empty database from the ledger: no sample, prints from quotes, /health complete", async () => {
    const settings = settingsOf(stub.url);
    const context = timedContext();
    await startGpuMarket(
      GPU.open(new GpuPublishedIndex(api.db), { rules: settings.rules }),
      settings,
      context,
    );
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([
      expect.objectContaining({
        source: "gpurentalprices",
        status: "complete",
        firstDay: QUOTE_DAY_1,
        lastDay: QUOTE_DAY_3,
        attempts: 1,
      }),
    ]);
    expect(await snapshotLabels()).toEqual([...QUOTE_DAYS]);
    expect(await api.db.gpuTrade.count()).toBe(0);
    const prints = await printsOf(api.db, "H100 SXM");
    expect(prints).toHaveLength(63); // 2026-11-20 07:00 to 2026-11-22 21:00
    expect(prints.every((p) => p.basis === "quotes")).toBe(true);
    expect(context.lines.join("\n")).not.toMatch(/SAMPLE|warn/i);
    expect(await health()).toMatchObject({ status: "healthy", data: { gpu: "complete" } });
  }, 60_000);

  it("ledger unreachable: the sample within seconds, said once; the hourly retries warn once more at most", async () => {
    const url = await closedPortUrl();
    // The documented patience (four attempts, backoff from 2 s): the first start must cut it short.
    const patient = ledgerSettingsOf(url, {
      GPU_LEDGER_BACKFILL_DAYS: "3",
      GPU_LEDGER_TIMEOUT_MS: "30000",
      GPU_LEDGER_MAX_RETRIES: "3",
      GPU_LEDGER_RETRY_BASE_MS: "2000",
      GPU_LEDGER_MIN_REQUEST_INTERVAL_MS: "1000",
    });
    const clock = { now: NOW };
    const context = timedContext(() => clock.now);
    await api.db.$executeRawUnsafe("truncate webhook_event, source_degradation cascade");
    const started = performance.now();
    const outcome = await loadGpuData(patient, context);
    expect(outcome).toMatchObject({ ran: true, status: "complete" });
    const warnings = context.timed.filter(({ line }) => /WARN/.test(line));
    expect(warnings.map(({ line }) => line)).toEqual([
      expect.stringMatching(
        /gpurentalprices did not answer \(.*\): loading the SAMPLE GPU trades instead/,
      ),
    ]);
    expect((warnings[0]?.at ?? Infinity) - started).toBeLessThan(OFFLINE_FALLBACK_LIMIT_MS);
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([
      expect.objectContaining({
        source: "gpurentalprices",
        status: "superseded",
        message: expect.stringMatching(/^superseded: the ledger did not answer at the first start/),
      }),
      expect.objectContaining({ source: GPU_SAMPLE_SOURCE, status: "complete" }),
    ]);
    expect(await api.db.gpuTrade.count()).toBeGreaterThan(0);
    expect(await health()).toMatchObject({ status: "healthy", data: { gpu: "complete" } });
    // Subscribers are told twice: the ledger's sync failed, and the data fell back to the sample.
    const sourceEvents = async () =>
      (await api.db.webhookEvent.findMany({ orderBy: { position: "asc" } }))
        .filter((row) => row.type.startsWith("source."))
        .map((row) => [row.type, row.payload]);
    const told = [
      [
        "source.degraded",
        expect.objectContaining({
          data: expect.objectContaining({ source: "gpurentalprices", reason: "sync_failed" }),
        }),
      ],
      [
        "source.degraded",
        expect.objectContaining({
          data: expect.objectContaining({
            market: "gpu",
            source: "gpurentalprices",
            reason: "sample_fallback",
            since: NOW.toISOString(),
          }),
        }),
      ],
    ];
    expect(await sourceEvents()).toEqual(told);

    // A serving instance: the first-start check finds nothing to do; the ledger's scheduled
    // sync keeps trying, warning at its first failure only.
    const offline = settingsOf(url);
    const jobs = gpuJobs(
      GPU.open(new GpuPublishedIndex(api.db), { rules: offline.rules }),
      offline,
      context,
    );
    const job = (name: string) => jobs.find((j) => j.name === name);
    const lines = context.timed.length;
    await job("GPU first-start load")?.run(new AbortController().signal);
    for (const hours of [1, 2, 3]) {
      clock.now = new Date(NOW.getTime() + hours * 3_600_000);
      await job("GPU ledger sync")?.run(new AbortController().signal);
    }
    const later = context.timed.slice(lines).map(({ line }) => line);
    expect(later.filter((line) => /WARN/.test(line))).toEqual([
      expect.stringMatching(/gpurentalprices did not answer usably/),
    ]);
    expect(later.filter((line) => /still failing/.test(line))).toHaveLength(2);
    // A degradation going on is not told again.
    expect(await sourceEvents()).toEqual(told);
  }, 180_000);

  it("stopped mid back-fill: keeps whole days, the next start completes it without duplicates", async () => {
    const settings = settingsOf(stub.url);
    const stop = new AbortController();
    const stopping = loaderContext(database(), () => NOW, {
      onProgress: (label, done) => {
        if (label === "gpurentalprices days" && done >= 1) stop.abort();
      },
    });
    const stopped = await loadGpuData(settings, stopping, { signal: stop.signal });
    expect(stopped).toMatchObject({ ran: true, status: "interrupted" });
    expect(await snapshotLabels()).toEqual([QUOTE_DAY_1]);
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([
      expect.objectContaining({ source: "gpurentalprices", status: "interrupted" }),
    ]);
    expect((await health()).data).toMatchObject({ gpu: "incomplete" });
    const [run] = await api.db.sourceSync.findMany({ orderBy: { id: "desc" }, take: 1 });
    expect(run).toMatchObject({ trigger: "startup", outcome: "interrupted" });

    const resumed = loaderContext(database(), () => NOW);
    expect(await loadGpuData(settings, resumed)).toMatchObject({ ran: true, status: "complete" });
    expect(await snapshotLabels()).toEqual([...QUOTE_DAYS]);
    // Each day's file was fetched once over both starts.
    for (const day of QUOTE_DAYS)
      expect(stub.requests.filter((r) => r.path === LEDGER_PATHS.day(day))).toHaveLength(1);
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([
      expect.objectContaining({ status: "complete", attempts: 2 }),
    ]);
    expect((await health()).data).toMatchObject({ gpu: "complete" });
    // A later start has nothing to load.
    expect(
      await loadGpuData(
        settings,
        loaderContext(database(), () => NOW),
      ),
    ).toBeNull();
  }, 60_000);
});
