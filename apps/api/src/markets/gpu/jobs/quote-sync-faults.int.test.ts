// @module-tag zone
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedAfterFile, databaseForFile } from "../../../testing/file-fixtures";
import { recentSourceSyncs } from "@tpi/db";
import {
  LEDGER_FAULTS,
  LEDGER_PATHS,
  ledgerSnapshot,
  startGpuLedgerStub,
} from "../../../testing/gpu-ledger-stub";
import { releaseLater } from "../../../testing/loopback-stub";
import {
  HAND_PRICED_DAYS,
  QUOTE_DAY_1,
  QUOTE_DAY_2,
  QUOTE_DAY_3,
  ledgerSettingsOf,
  printAt,
  printsOf,
  serveHandPricedDays,
  truncateGpuData,
} from "../../../testing/gpu-quote-fixtures";
import { syncGpuLedger } from "./quote-sync";
import { settleGpuIndex } from "./settlement";

/**
 * Source faults met by a whole ledger sync, not only by its connector: each leaves every stored
 * snapshot whole (a snapshot that failed stores no row), the sync log says what happened, and
 * what could be stored is. The three hand-priced days of testing/gpu-quote-fixtures.ts are served.
 */
const NOW = new Date("2026-11-22T21:40:00.000Z");

let settings: ReturnType<typeof ledgerSettingsOf>;

const stub = closedAfterFile(await startGpuLedgerStub());
const { db } = await databaseForFile();
beforeAll(async () => {
  settings = ledgerSettingsOf(stub.url);
});
beforeEach(async () => {
  serveHandPricedDays(stub);
  await truncateGpuData(db);
});

const sync = () =>
  syncGpuLedger(db, settings.ledger.config, settings.ledger.description, {
    from: QUOTE_DAY_1,
    to: QUOTE_DAY_3,
    trigger: "manual",
    now: NOW,
  });
const requestsTo = (path: string) => stub.requests.filter((r) => r.path === path);

/** The labels of the stored snapshots, and a check that each holds exactly its quotes. */
async function storedLabels(): Promise<string[]> {
  const snapshots = await db.gpuQuoteSnapshot.findMany({ orderBy: { id: "asc" } });
  for (const snapshot of snapshots)
    expect(await db.gpuQuote.count({ where: { snapshotId: snapshot.id } })).toBe(
      snapshot.quoteCount,
    );
  expect(await db.gpuQuote.count()).toBe(snapshots.reduce((n, s) => n + s.quoteCount, 0));
  return snapshots.map((s) => s.label);
}

async function lastSyncLog() {
  const [row] = await recentSourceSyncs(db, "gpurentalprices", 1);
  if (row === undefined) throw new Error("no sync logged");
  return row;
}

describe("ledger faults met by a sync", () => {
  it("401 on the listing: stops at once, stores nothing, and the log says the dataset was refused", async () => {
    stub.queue[LEDGER_PATHS.tree] = [LEDGER_FAULTS.repoNotFound];
    const report = await sync();
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("failed");
    expect(stub.requests.map((r) => r.path)).toEqual([LEDGER_PATHS.tree]); // no retry, no file
    expect(await storedLabels()).toEqual([]);
    expect(await lastSyncLog()).toMatchObject({
      outcome: "failed",
      requests: 1,
      daysWritten: 0,
      daysFailed: 1,
      message: expect.stringMatching(
        /0 snapshot\(s\) stored.*1 failed \(first: the list of days: Hugging Face refused .*HTTP 401: RepoNotFound/,
      ),
    });
  });

  it("429 with Retry-After on a day: waits as asked, then stores it (ok)", async () => {
    stub.queue[LEDGER_PATHS.day(QUOTE_DAY_2)] = [
      { ...LEDGER_FAULTS.rateLimited(60), headers: { "retry-after": "1" } },
    ];
    const started = performance.now();
    const report = await sync();
    const elapsedMs = performance.now() - started;
    expect(report.ran && report.outcome).toBe("ok");
    expect(requestsTo(LEDGER_PATHS.day(QUOTE_DAY_2))).toHaveLength(2); // refused, then retried
    // The retry waits the 1 s asked, so the sync takes at least that; without the wait it takes
    // a few hundred ms at most. Measured at the client, not as the gap between the two arrivals at
    // the stub: a loaded machine only lengthens the run, while it can take one arrival late and the
    // next on time.
    expect(elapsedMs).toBeGreaterThanOrEqual(1000);
    expect(await storedLabels()).toEqual([QUOTE_DAY_1, QUOTE_DAY_2, QUOTE_DAY_3]);
    expect(await lastSyncLog()).toMatchObject({ outcome: "ok", requests: 6, daysWritten: 3 });
  }, 20_000);

  it.each([
    [
      "a body cut off mid-stream (every attempt)",
      () => [
        LEDGER_FAULTS.cutMidBody(HAND_PRICED_DAYS[QUOTE_DAY_2] as never),
        LEDGER_FAULTS.cutMidBody(HAND_PRICED_DAYS[QUOTE_DAY_2] as never),
      ],
      /2026-11-21: GET .*2026-11-21\.json failed after 2 attempt\(s\): body not received/,
    ],
    [
      "malformed JSON",
      () => [LEDGER_FAULTS.invalidJson],
      /2026-11-21: GET .* a body that is not complete JSON/,
    ],
    [
      "a price that is text (the documented shape broken)",
      () => {
        const day = structuredClone(HAND_PRICED_DAYS[QUOTE_DAY_2]) as { offers: object[] };
        day.offers[1] = { ...day.offers[1], usd_hr: "3.10" };
        return [{ body: JSON.stringify(day) }];
      },
      /2026-11-21: malformed snapshot .*: offers\.1\.usd_hr: Invalid input: expected number/,
    ],
  ])(
    "%s on one day: that day stores nothing, the others are stored, the log names it",
    async (_what, replies, reason) => {
      stub.queue[LEDGER_PATHS.day(QUOTE_DAY_2)] = replies();
      const report = await sync();
      if (!report.ran) throw new Error(report.reason);
      expect(report.outcome).toBe("partial");
      expect(report.failed.map((f) => f.label)).toEqual([QUOTE_DAY_2]);
      expect(await storedLabels()).toEqual([QUOTE_DAY_1, QUOTE_DAY_3]);
      const logged = await lastSyncLog();
      expect(logged).toMatchObject({ outcome: "partial", daysWritten: 2, daysFailed: 1 });
      expect(logged.message).toMatch(/2 snapshot\(s\) stored, 1 already stored/);
      expect(logged.message).toMatch(reason);

      // The next sync asks for the failed day only (and latest.json), and stores it whole.
      stub.requests.length = 0;
      const next = await sync();
      expect(next.ran && next.outcome).toBe("ok");
      expect(stub.requests.map((r) => r.path)).toEqual([
        LEDGER_PATHS.tree,
        LEDGER_PATHS.day(QUOTE_DAY_2),
        LEDGER_PATHS.latest,
      ]);
      expect(await storedLabels()).toEqual([QUOTE_DAY_1, QUOTE_DAY_3, QUOTE_DAY_2]);
    },
  );

  it("a listed day whose file is gone (404): the others are stored, the day is named missing", async () => {
    stub.queue[LEDGER_PATHS.day(QUOTE_DAY_2)] = [LEDGER_FAULTS.entryNotFound];
    const report = await sync();
    if (!report.ran) throw new Error(report.reason);
    expect(report.missing).toEqual([QUOTE_DAY_2]);
    expect(report.failed).toEqual([]);
    expect(await storedLabels()).toEqual([QUOTE_DAY_1, QUOTE_DAY_3]);
    expect((await lastSyncLog()).message).toMatch(
      /2 snapshot\(s\) stored, 1 already stored, 5 request\(s\), 1 day\(s\) the source does not hold \(2026-11-21\)/,
    );
  });

  it("rows repeated within a day's file are counted once, and dropped as duplicates", async () => {
    const day1 = structuredClone(HAND_PRICED_DAYS[QUOTE_DAY_1]) as { offers: object[] };
    day1.offers.push(day1.offers[0] as object, day1.offers[0] as object); // lambda's H100 twice more
    stub.days.set(QUOTE_DAY_1, day1 as never);
    const report = await sync();
    if (!report.ran) throw new Error(report.reason);
    expect(report.snapshots[0]?.dropped).toContainEqual({
      reason: "duplicate",
      count: 2,
      examples: ["lambda h100-sxm (on-demand) at 2.49 USD"],
    });
    await settleGpuIndex(db, { now: NOW, rules: settings.rules });
    // Still median of [2.10, 2.49, 3.00] from four offers: the repeats add no vote.
    expect(await printAt(db, "H100 SXM", "2026-11-20T07:00:00.000Z")).toMatchObject({
      value: 2.49,
      providerCount: 3,
      offerCount: 4,
    });
  });

  it("a provider that disappears: prints use the remaining ones, and a file past its age limit is not read", async () => {
    // Day 2 without runpod; day 3 never published (latest.json still serves day 2).
    const day2 = ledgerSnapshot({
      date: QUOTE_DAY_2,
      offers: [
        { provider: "lambda", gpuName: "H100 SXM", usd_hr: 2.59 },
        { provider: "aws", gpuName: "H100 SXM", usd_hr: 3.0 },
      ],
    });
    stub.days = new Map([
      [QUOTE_DAY_1, HAND_PRICED_DAYS[QUOTE_DAY_1] as never],
      [QUOTE_DAY_2, day2],
    ]);
    stub.latestDay = QUOTE_DAY_2;
    const report = await sync();
    if (!report.ran) throw new Error(report.reason);
    expect(report.missing).toEqual([]); // today's file may still come: not reported missing
    await settleGpuIndex(db, { now: NOW, rules: settings.rules });
    // From day 2's file on, two providers: median of [2.59, 3.00] = (2.59 + 3.00) / 2.
    expect(await printAt(db, "H100 SXM", "2026-11-21T07:00:00.000Z")).toMatchObject({
      value: (2.59 + 3.0) / 2,
      providerCount: 2,
      carried: false,
    });
    // Day 2's file (06:21:55) is read for 36 hours: the 18:00 print of day 3 still reads it...
    expect(await printAt(db, "H100 SXM", "2026-11-22T18:00:00.000Z")).toMatchObject({
      value: (2.59 + 3.0) / 2,
      providerCount: 2,
      carried: false,
      basis: "quotes",
    });
    // ...the 19:00 print does not, and neither does it fall back to day 1's runpod price.
    const afterLimit = (await printsOf(db, "H100 SXM")).filter(
      (p) => p.hour >= "2026-11-22T19:00:00.000Z",
    );
    expect(afterLimit.map((p) => [p.hour, p.value, p.carried, p.providerCount])).toEqual([
      ["2026-11-22T19:00:00.000Z", (2.59 + 3.0) / 2, true, 0],
      ["2026-11-22T20:00:00.000Z", (2.59 + 3.0) / 2, true, 0],
      ["2026-11-22T21:00:00.000Z", (2.59 + 3.0) / 2, true, 0],
    ]);
  });

  it("a second sync of the ledger while one runs is skipped, not failed", async () => {
    const held = releaseLater();
    stub.queue[LEDGER_PATHS.tree] = [{ documented: true, until: held.until }];
    const first = sync();
    while (requestsTo(LEDGER_PATHS.tree).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await sync();
    held.release();
    expect(second).toEqual({
      ran: false,
      source: "gpurentalprices",
      reason: "another instance is syncing gpurentalprices right now; this sync was skipped",
    });
    expect((await first).ran && (await first)).toMatchObject({ outcome: "ok" });
    expect(requestsTo(LEDGER_PATHS.tree)).toHaveLength(1);
    expect(await db.sourceSync.count()).toBe(1); // the skipped sync logs no run
    expect(await storedLabels()).toEqual([QUOTE_DAY_1, QUOTE_DAY_2, QUOTE_DAY_3]);
  });
});
