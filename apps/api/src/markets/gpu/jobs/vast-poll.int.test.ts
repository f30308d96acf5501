// @module-tag zone
import { beforeEach, describe, expect, it } from "vitest";
import { closedAfterFile, databaseForFile } from "../../../testing/file-fixtures";
import { recentSourceSyncs } from "@tpi/db";
import { MARKETS } from "../..";
import { ConfigurationError } from "../../../platform/cli/command";
import { createLogger } from "../../../platform/observability/logger";
import { readEnv } from "../../../platform/runtime/env";
import { loaderContext } from "../../../testing/first-start";
import { LEDGER_PATHS, startGpuLedgerStub } from "../../../testing/gpu-ledger-stub";
import { releaseLater } from "../../../testing/loopback-stub";
import {
  QUOTE_DAY_1,
  QUOTE_DAY_3,
  gpuSettingsOf,
  printAt,
  printsOf,
  quoteSourceVariables,
  serveHandPricedDays,
  truncateGpuData,
} from "../../../testing/gpu-quote-fixtures";
import {
  VAST_FAULTS,
  VAST_SEARCH_PATH,
  VAST_STUB_KEY,
  startVastStub,
} from "../../../testing/vast-stub";
import { gpuCommands } from "../cli/commands";
import { GPU } from "../read-model/state";
import { GpuPublishedIndex } from "../read-model/published-index";
import { gpuJobs, startGpuMarket } from "./lifecycle";
import { pollVast, syncGpuLedger } from "./quote-sync";
import { VAST_LICENCE_REQUIRED } from "./settings";
import { settleGpuIndex } from "./settlement";

/**
 * Vast.ai polled beside the ledger: with a key and a data licence its offers join the prints as
 * one more provider (per-GPU prices: each bundle's price over its GPU count) for two hours after
 * the poll; with a key alone it is never asked, and the start-up says why once. The ledger
 * serves the hand-priced days of testing/gpu-quote-fixtures.ts; Vast its fixture offers (prices
 * per GPU after the rules: H100 SXM 2.00, RTX 5090 0.40, 0.45, 0.50 and 4.50, RTX PRO 6000 WS 1.70).
 */
const NOW = new Date("2026-11-22T21:40:00.000Z");
const LICENCE = "Vast.ai marketplace data, used under written licence VAST-DL-0042 (2026).";

const ledger = closedAfterFile(await startGpuLedgerStub());
const vast = closedAfterFile(await startVastStub());
const { db, url: databaseUrl } = await databaseForFile();
beforeEach(async () => {
  serveHandPricedDays(ledger);
  vast.reset();
  await truncateGpuData(db);
});

const variables = (extra: Record<string, string>) =>
  quoteSourceVariables(ledger.url, {
    VAST_BASE_URL: vast.url,
    VAST_API_KEY: VAST_STUB_KEY,
    ...extra,
  });
const at = (iso: string) => new Date(iso);

describe("Vast.ai with a key and a data licence", () => {
  it("is polled once, and its offers join the ledger's as one provider for two hours", async () => {
    const settings = gpuSettingsOf(variables({ VAST_DATA_LICENCE: LICENCE }));
    if (settings.ledger === undefined || settings.vast === undefined)
      throw new Error("both sources must be on");
    expect(settings.rules.quotes.maxSnapshotAgeHours).toEqual({ gpurentalprices: 36, vastai: 2 });
    await syncGpuLedger(db, settings.ledger.config, settings.ledger.description, {
      from: QUOTE_DAY_1,
      to: QUOTE_DAY_3,
      trigger: "manual",
      now: NOW,
    });
    const report = await pollVast(db, settings.vast.config, settings.vast.description, {
      trigger: "schedule",
      now: NOW,
    });
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("ok");
    expect(report.snapshots).toMatchObject([{ label: NOW.toISOString(), inserted: true }]);
    expect(vast.requests).toHaveLength(1);
    expect(vast.requests[0]?.headers.authorization).toBe(`Bearer ${VAST_STUB_KEY}`);
    expect(await recentSourceSyncs(db, "vastai", 5)).toEqual([
      expect.objectContaining({ trigger: "schedule", outcome: "ok", requests: 1, daysWritten: 1 }),
    ]);
    const snapshot = await db.gpuQuoteSnapshot.findFirstOrThrow({ where: { source: "vastai" } });
    expect(snapshot.citation).toBe(LICENCE); // the licence's attribution is the citation
    // Host identifiers are never stored: offers are told apart by machine.
    const stored = await db.gpuQuote.findMany({ where: { snapshotId: snapshot.id } });
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113\.7|gpu-host-17/);

    // The api's print job runs every hour: on time, not back-filled.
    for (const settleAt of [
      "2026-11-22T21:45Z",
      "2026-11-22T22:05Z",
      "2026-11-22T23:05Z",
      "2026-11-23T00:05Z",
    ])
      await settleGpuIndex(db, { now: at(settleAt), rules: settings.rules });

    // 21:00 is before the poll (21:40): the ledger alone, median of [2.30, 2.69, 3.00] = 2.69.
    expect(await printAt(db, "H100 SXM", "2026-11-22T21:00:00.000Z")).toMatchObject({
      value: 2.69,
      sources: ["gpurentalprices"],
      providerCount: 3,
    });
    // 22:00 and 23:00: vast.ai's 8-GPU bundle at 16.00 an hour is 16 / 8 = 2.00 per GPU-hour
    // (its bid offer does not count); median of [2.00, 2.30, 2.69, 3.00] = (2.30 + 2.69) / 2.
    for (const hour of ["2026-11-22T22:00:00.000Z", "2026-11-22T23:00:00.000Z"]) {
      const print = await printAt(db, "H100 SXM", hour);
      expect(print).toMatchObject({
        carried: false,
        basis: "quotes",
        sources: ["gpurentalprices", "vastai"],
        providerCount: 4,
        offerCount: 6, // the ledger's 5 and vast.ai's 1
        backfilled: false,
      });
      expect(print.value).toBeCloseTo((2.3 + 2.69) / 2, 10);
    }
    // 00:00: the poll is 2 h 20 min old, past Vast's 2 h limit: the ledger alone again.
    expect(await printAt(db, "H100 SXM", "2026-11-23T00:00:00.000Z")).toMatchObject({
      value: 2.69,
      sources: ["gpurentalprices"],
    });

    // RTX 5090: one ledger provider (spheron 0.72) has carried since day 2; vast.ai's offers
    // 0.40, 0.90 / 2 = 0.45, 0.50 and 4.50 (the 0-GPU offer dropped) have the median
    // (0.45 + 0.50) / 2 = 0.475, a second provider: median of [0.475, 0.72] = 0.5975.
    const rtx = await printAt(db, "RTX 5090", "2026-11-22T22:00:00.000Z");
    expect(rtx).toMatchObject({ carried: false, providerCount: 2, offerCount: 5 });
    expect(rtx.value).toBeCloseTo((0.475 + 0.72) / 2, 10);
    expect(await printAt(db, "RTX 5090", "2026-11-22T21:00:00.000Z")).toMatchObject({
      carried: true,
    });
    expect(await printAt(db, "RTX 5090", "2026-11-23T00:00:00.000Z")).toMatchObject({
      carried: true,
      value: rtx.value,
    });
    // RTX PRO 6000 WS: vast.ai alone (13.60 / 8 = 1.70) is one provider: no print at all.
    expect(await printsOf(db, "RTX PRO 6000 WS")).toEqual([]);

    // The api's hourly poll: not due until the last snapshot is an hour old.
    const clock = { now: at("2026-11-22T22:30Z") };
    const context = loaderContext({ db, url: databaseUrl }, () => clock.now);
    const poll = gpuJobs(
      GPU.open(new GpuPublishedIndex(db), { rules: settings.rules }),
      settings,
      context,
    ).find((job) => job.name === "Vast.ai poll");
    await poll?.run(new AbortController().signal);
    expect(vast.requests).toHaveLength(1);
    clock.now = at("2026-11-22T22:41Z");
    await poll?.run(new AbortController().signal);
    expect(vast.requests).toHaveLength(2);
    expect(await db.gpuQuoteSnapshot.count({ where: { source: "vastai" } })).toBe(2);
  }, 60_000);
});

describe("Vast.ai with a key and no data licence", () => {
  it("is never asked; the start-up says why once and the CLI refuses", async () => {
    const settings = gpuSettingsOf(variables({}));
    expect(settings.vast).toBeUndefined();
    expect(settings.vastRefusal).toBe(VAST_LICENCE_REQUIRED);
    expect(settings.rules.quotes.maxSnapshotAgeHours).toEqual({ gpurentalprices: 36 });

    const clock = { now: NOW };
    const context = loaderContext({ db, url: databaseUrl }, () => clock.now);
    const state = GPU.open(new GpuPublishedIndex(db), { rules: settings.rules });
    await startGpuMarket(state, settings, context);
    const jobs = gpuJobs(state, settings, context);
    expect(jobs.map((job) => job.name)).toEqual([
      "GPU first-start load",
      "GPU prints",
      "GPU ledger sync",
    ]);
    for (const hours of [0, 1, 2]) {
      clock.now = new Date(NOW.getTime() + hours * 3_600_000);
      for (const job of jobs) await job.run(new AbortController().signal);
    }
    const env = readEnv(MARKETS, {
      ...variables({}),
      DATABASE_URL: databaseUrl,
      TPI_TEST_CLOCK: NOW.toISOString(),
    });
    const cli = gpuCommands["gpu-sync"]?.(["--source", "vastai"], {
      env,
      log: createLogger("silent"),
      markets: MARKETS,
    });
    await expect(cli).rejects.toThrow(ConfigurationError);
    await expect(cli).rejects.toThrow(VAST_LICENCE_REQUIRED);

    expect(vast.requests.filter((r) => r.path === VAST_SEARCH_PATH)).toEqual([]);
    expect(vast.requests).toEqual([]);
    const refusals = context.lines.filter((line) => line.includes("VAST_DATA_LICENCE is not"));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/WARN/);
    expect(await db.gpuQuoteSnapshot.count({ where: { source: "vastai" } })).toBe(0);
    expect(await db.sourceSync.count({ where: { source: "vastai" } })).toBe(0);
  }, 60_000);
});

describe("Vast.ai faults met by a poll", () => {
  const licensed = () => {
    const settings = gpuSettingsOf(variables({ VAST_DATA_LICENCE: LICENCE }));
    if (settings.vast === undefined || settings.ledger === undefined)
      throw new Error("both sources must be on");
    return { ...settings, vast: settings.vast, ledger: settings.ledger };
  };
  const poll = (settings: ReturnType<typeof licensed>, apiKey?: string) =>
    pollVast(
      db,
      { ...settings.vast.config, apiKey: apiKey ?? settings.vast.config.apiKey },
      settings.vast.description,
      { trigger: "manual", now: NOW },
    );

  it("a refused key: nothing stored, one request, the log says so without the key", async () => {
    const key = "vast-wrong-key-0000000000000000000000000000";
    const report = await poll(licensed(), key);
    expect(report.ran && report.outcome).toBe("failed");
    expect(vast.requests).toHaveLength(1);
    const [logged] = await recentSourceSyncs(db, "vastai", 1);
    expect(logged).toMatchObject({ outcome: "failed", requests: 1, daysWritten: 0 });
    expect(logged?.message).toMatch(
      /the Vast\.ai API key was refused \(HTTP 404 .*Invalid user key/,
    );
    expect(JSON.stringify(report) + (logged?.message ?? "")).not.toContain(key);
    expect(await db.gpuQuoteSnapshot.count()).toBe(0);
  });

  it("429 without Retry-After: backs off, asks again, stores the answer", async () => {
    vast.queue[VAST_SEARCH_PATH] = [VAST_FAULTS.tooFrequent];
    // Paced above the stub's own minimum interval (100 ms), as 6.5 s is above Vast's 6 s.
    const settings = licensed();
    settings.vast.config.minRequestIntervalMs = 150;
    const report = await poll(settings);
    expect(report.ran && report.outcome).toBe("ok");
    expect(vast.requests).toHaveLength(2);
    expect((await recentSourceSyncs(db, "vastai", 1))[0]).toMatchObject({ requests: 2 });
    expect(await db.gpuQuoteSnapshot.count({ where: { source: "vastai" } })).toBe(1);
  });

  it.each([
    ["a proxy's HTML page", VAST_FAULTS.htmlPage, /content type 'text\/html/],
    [
      "a body cut off",
      { ...VAST_FAULTS.cutMidBody([]), body: "x".repeat(400) },
      /body not received/,
    ],
    ["malformed JSON", VAST_FAULTS.invalidJson, /not complete JSON/],
    ["no offers list", VAST_FAULTS.noOffers, /malformed offer search answer .*offers/],
  ])("%s: nothing stored, the log says why", async (_what, reply, reason) => {
    // Every attempt gets the fault (two with VAST_MAX_RETRIES 1).
    vast.queue[VAST_SEARCH_PATH] = [reply, reply];
    const report = await poll(licensed());
    expect(report.ran && report.outcome).toBe("failed");
    const [logged] = await recentSourceSyncs(db, "vastai", 1);
    expect(logged?.message).toMatch(reason);
    expect(await db.gpuQuoteSnapshot.count()).toBe(0);
    expect(await db.gpuQuote.count()).toBe(0);
  });

  it("a ledger sync in progress does not hold up a poll (each source has its own lock)", async () => {
    const settings = licensed();
    const held = releaseLater();
    ledger.queue[LEDGER_PATHS.tree] = [{ documented: true, until: held.until }];
    const ledgerRun = syncGpuLedger(db, settings.ledger.config, settings.ledger.description, {
      from: QUOTE_DAY_1,
      to: QUOTE_DAY_3,
      trigger: "manual",
      now: NOW,
    });
    while (ledger.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const polled = await poll(settings);
    held.release();
    expect(polled.ran && polled.outcome).toBe("ok");
    expect((await ledgerRun).ran).toBe(true);
  });
});
