import {
  finishSourceSync,
  planDataLoad,
  startSourceSync,
  tryLockDataLoad,
  type DataLoadLock,
} from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { closeAll } from "../../testing/close-all";
import { runCli } from "../../testing/cli";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { MARKET_DATA_STATUSES } from "../publication/market-status";

/**
 * `pnpm tpi status` as its own process: every market of the list, its data's status from the
 * state /health reports (a load running elsewhere: loading; one left unfinished: stale), and the
 * latest runs of every source the market declares, read from the sync log.
 */
const NOW = new Date("2026-11-26T06:00:00.000Z");
const STARTED = new Date("2026-11-25T03:00:00.000Z");
const FINISHED = new Date("2026-11-25T03:05:00.000Z");
const [LOADING_MARKET, STALE_MARKET] = ["memory", "neocloud"];

let api: TestApi;
let held: DataLoadLock | undefined;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  for (const market of MARKETS)
    for (const source of market.syncSources) {
      const id = await startSourceSync(api.db, {
        source,
        trigger: "schedule",
        firstDay: "2026-11-24",
        lastDay: "2026-11-24",
        startedAt: STARTED,
      });
      await finishSourceSync(api.db, id, {
        finishedAt: FINISHED,
        asOf: null,
        priceSnapshotId: null,
        requests: 1,
        daysWritten: 1,
        daysFailed: 0,
        outcome: "ok",
        message: `${source} test run`,
      });
    }
  // A run still going on: no end yet.
  const firstSource = MARKETS.flatMap((market) => market.syncSources)[0] ?? "";
  await startSourceSync(api.db, {
    source: firstSource,
    trigger: "manual",
    firstDay: "2026-11-25",
    lastDay: "2026-11-25",
    startedAt: FINISHED,
  });
  const plan = (market: string) =>
    planDataLoad(api.db, {
      market,
      source: "status-test",
      firstDay: "2026-11-01",
      lastDay: "2026-11-24",
      now: NOW,
    });
  // One market's first load runs in another process (this test holds its lock); another's was
  // left unfinished with nobody loading it.
  const loading = await plan(LOADING_MARKET ?? "");
  held = (await tryLockDataLoad(api.databaseUrl, loading.id)) ?? undefined;
  await plan(STALE_MARKET ?? "");
});
afterAll(async () => {
  await held?.release();
  await closeAll(api);
});

describe("pnpm tpi status", () => {
  it("lists every market's data status, what is loaded and its sources' latest runs", () => {
    const run = runCli(["status"], { databaseUrl: api.databaseUrl, now: NOW });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    const statuses = new Map(
      lines
        .map((line) => /^(\S+): (\w+); (.+); as of (\S+)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1], match[2]]),
    );
    expect([...statuses.keys()]).toEqual(MARKETS.map((market) => market.name));
    for (const status of statuses.values()) expect(MARKET_DATA_STATUSES).toContain(status);
    expect(statuses.get(LOADING_MARKET)).toBe("loading");
    expect(statuses.get(STALE_MARKET)).toBe("stale");

    for (const market of MARKETS) {
      expect(market.syncSources.length, market.name).toBeGreaterThan(0);
      for (const source of market.syncSources)
        expect(run.stdout).toMatch(
          new RegExp(
            `^  ${source} run #\\d+ schedule started ${STARTED.toISOString()}, finished ${FINISHED.toISOString()}: ok, 1 day\\(s\\) written \\(${source} test run\\)$`,
            "m",
          ),
        );
    }
    const firstSource = MARKETS.flatMap((market) => market.syncSources)[0] ?? "";
    expect(run.stdout).toMatch(
      new RegExp(
        `^  ${firstSource} run #\\d+ manual started ${FINISHED.toISOString()}, still running: running`,
        "m",
      ),
    );
  });

  it("takes no options", () => {
    const run = runCli(["status", "--market", "token"], {
      databaseUrl: api.databaseUrl,
      now: NOW,
    });
    expect(run.status).toBe(2);
  });
});
