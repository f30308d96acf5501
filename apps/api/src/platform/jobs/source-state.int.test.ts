import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile } from "../../testing/file-fixtures";
import { storedMarketEvents } from "../../testing/market-events";
import { withCommitsRefused } from "../../testing/refused-commit";
import { recordSourceDegraded } from "./source-state";
import { runSourceSync, type SourceSyncOutcome } from "./source-sync";

const { db } = await databaseForFile();

const KEY = { market: "fixture", source: "fixture-feed" };

/** One logged run of the fixture source that ends with `outcome`; its log entry's finish time. */
async function run(outcome: SourceSyncOutcome): Promise<string> {
  const report = await runSourceSync(
    db,
    {
      ...KEY,
      trigger: "manual",
      now: new Date(),
      firstDay: "2026-11-28",
      lastDay: "2026-11-28",
      maxRunMs: 60_000,
      busyWith: "syncing the fixture",
    },
    async (logged) => {
      await logged.finish(outcome, `the run ended ${outcome}`);
      return { ran: true as const, syncId: logged.syncId };
    },
  );
  if (!report.ran) throw new Error("the fixture's lock is never held by another run");
  const entry = await db.sourceSync.findUniqueOrThrow({ where: { id: report.syncId } });
  if (entry.finishedAt === null) throw new Error("a finished run has its finish time");
  return entry.finishedAt.toISOString();
}

const sourceEvents = () => storedMarketEvents(db);

beforeEach(async () => {
  await db.$executeRawUnsafe("truncate source_sync, source_degradation, webhook_event cascade");
});

describe("a source's state told by its syncs", () => {
  it("degrades at the first failed run, once, and recovers at the next run that served, with the same since", async () => {
    expect(await run("ok")).toBeDefined();
    const firstFailure = await run("failed");
    await run("failed");
    await run("interrupted");
    const recovery = await run("partial");
    await run("ok");
    const events = await sourceEvents();
    const since = firstFailure.replace(/[-:.]/g, "");
    expect(events).toEqual([
      {
        id: `source-degraded~fixture~fixture-feed~${since}`,
        type: "source.degraded",
        version: 1,
        timestamp: firstFailure,
        data: {
          market: "fixture",
          series: null,
          source: "fixture-feed",
          reason: "sync_failed",
          since: firstFailure,
          message: "the run ended failed",
        },
      },
      {
        id: `source-recovered~fixture~fixture-feed~${since}`,
        type: "source.recovered",
        version: 1,
        timestamp: recovery,
        data: {
          market: "fixture",
          series: null,
          source: "fixture-feed",
          reason: "sync_failed",
          since: firstFailure,
          message: "the run ended partial",
        },
      },
    ]);
  });

  it("tells a fall back to the sample as its own degradation, ended by the same recovery", async () => {
    const failed = await run("failed");
    const fellBack = new Date(Date.parse(failed) + 1_000);
    await db.$transaction((tx) =>
      recordSourceDegraded(tx, KEY, {
        reason: "sample_fallback",
        at: fellBack,
        message: "the sample was loaded instead",
      }),
    );
    await run("ok");
    const events = await sourceEvents();
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ["source.degraded", expect.objectContaining({ reason: "sync_failed", since: failed })],
      [
        "source.degraded",
        expect.objectContaining({ reason: "sample_fallback", since: fellBack.toISOString() }),
      ],
      ["source.recovered", expect.objectContaining({ reason: "sync_failed", since: failed })],
      [
        "source.recovered",
        expect.objectContaining({ reason: "sample_fallback", since: fellBack.toISOString() }),
      ],
    ]);
  });

  it("writes the event with the run's log entry: a log entry that cannot be closed tells nothing", async () => {
    await withCommitsRefused(db, "source_degradation", () =>
      expect(run("failed")).rejects.toThrow(/refused/),
    );
    expect(await sourceEvents()).toEqual([]);
    // The run is left as a dead process would leave it: the next run closes it as interrupted.
    expect((await db.sourceSync.findFirstOrThrow()).outcome).toBe("running");
  });
});
