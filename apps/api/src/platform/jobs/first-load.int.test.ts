import { describe, expect, it } from "vitest";
import { dataLoadsOf, planDataLoad } from "@tpi/db";
import { closedAfterFile } from "../../testing/file-fixtures";
import { startTestApi } from "../../testing/test-api";
import { loaderContext } from "../../testing/first-start";
import { runFirstLoad, type FirstLoadSpec } from "./first-load";

/**
 * The platform's part of a first-start load, with a loader the test controls: the lock that keeps
 * a second process out (and tells /health the load is running), the row an attempt ends with, and
 * a failed load's pause before a serving instance tries it again. The markets' loaders are tested
 * beside them (markets/<market>/jobs/first-start.int.test.ts).
 */
const NOW = new Date("2026-11-22T12:00:00.000Z");

const api = closedAfterFile(await startTestApi({ now: NOW }));

const context = (now = NOW) => loaderContext({ db: api.db, url: api.databaseUrl }, () => now);

function loader(load: FirstLoadSpec["load"]): FirstLoadSpec {
  return { label: "test load", range: (recorded) => recorded, load };
}

describe("runFirstLoad", () => {
  it("holds the load while it runs: a second attempt is busy and /health says loading", async () => {
    const load = await planDataLoad(api.db, {
      market: "token",
      source: "test-running",
      firstDay: "2026-11-01",
      lastDay: "2026-11-21",
      now: NOW,
    });
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runFirstLoad(
      context(),
      load,
      loader(async (_range, { heartbeat }) => {
        heartbeat("halfway");
        started();
        await new Promise<void>((resolve) => (finish = resolve));
        return { complete: true, message: "all days" };
      }),
    );
    await running;
    expect(
      await runFirstLoad(
        context(),
        load,
        loader(async () => ({ complete: true, message: "never" })),
      ),
    ).toEqual({ ran: false, why: "busy" });
    expect((await api.get("/health")).body).toMatchObject({
      status: "loading",
      data: { token: "loading", gpu: "complete" },
    });
    finish();
    expect(await first).toEqual({ ran: true, status: "complete", message: "all days" });
    expect((await api.get("/health")).body).toMatchObject({ status: "healthy" });
    expect(
      (await dataLoadsOf(api.db, "token")).find((recorded) => recorded.source === "test-running"),
    ).toMatchObject({ status: "complete", attempts: 1, message: "all days" });
  });

  it("an error ends the attempt failed and is raised; a serving instance's check waits an hour, a start does not", async () => {
    const load = await planDataLoad(api.db, {
      market: "gpu",
      source: "test-failing",
      firstDay: "2026-11-01",
      lastDay: "2026-11-21",
      now: NOW,
    });
    await expect(
      runFirstLoad(
        context(),
        load,
        loader(async () => {
          throw new Error("the database went away");
        }),
      ),
    ).rejects.toThrow("the database went away");
    expect((await dataLoadsOf(api.db, "gpu"))[0]).toMatchObject({
      status: "failed",
      message: "stopped by an error: the database went away",
    });
    expect((await api.get("/health")).body).toMatchObject({
      status: "degraded",
      data: { gpu: "incomplete" },
    });
    const done = loader(async () => ({ complete: true, message: "done" }));
    expect(await runFirstLoad(context(), load, done, { scheduled: true })).toEqual({
      ran: false,
      why: "not-due",
    });
    expect(await runFirstLoad(context(), load, done)).toMatchObject({ status: "complete" });
    expect(await runFirstLoad(context(), load, done)).toEqual({ ran: false, why: "complete" });
  });
});
