import { readSessionCostWeeks } from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, closedAfterFile } from "../../../testing/file-fixtures";
import { MARKETS } from "../..";
import { readEnv } from "../../../platform/runtime/env";
import { loaderContext } from "../../../testing/first-start";
import { startJsonStub } from "../../../testing/json-stub";
import { WORKLOAD } from "../read-model/state";
import { PublishedWorkload } from "../read-model/published-workload";
import { answerWorkload } from "../services/workload";
import { startWorkloadMarket, workloadMarketJobs } from "./lifecycle";
import { workloadSettingsFrom } from "./settings";

/**
 * The Workload Cost market's start-up and jobs: start never asks OpenRouter (it loads what is
 * stored, the sample while nothing is and SEED_SAMPLE_ON_EMPTY allows it), and the daily job
 * reloads the index as soon as it wrote a week, which replaces the sample.
 */

const NOW = new Date("2026-11-25T12:00:00Z");

const stub = closedAfterFile(
  await startJsonStub(() => ({
    body: {
      data: [
        {
          app_name: "Cline",
          app_slug: "cline",
          median_session_cost_usd: 0.42,
          model_permaslug: "openai/gpt-5",
          turn_range: "1-turn",
        },
      ],
      meta: {
        as_of: "2026-11-23T02:00:00.000Z",
        version: "v1",
        window_days: 7,
        window_end_date: "2026-11-22",
      },
    },
  })),
);
const { db, url } = await databaseForFile();
beforeEach(async () => {
  stub.requests.length = 0;
  await db.$executeRawUnsafe("truncate session_cost_cell, source_sync");
});

const settingsWith = (variables: Record<string, string>) =>
  workloadSettingsFrom(readEnv(MARKETS, variables));

describe("startWorkloadMarket", () => {
  it("reads the OpenRouter key and sync hour of the shared OPENROUTER_* variables", () => {
    expect(settingsWith({}).openRouter).toBeUndefined();
    const settings = settingsWith({
      OPENROUTER_API_KEY: "sk-or-v1-x",
      OPENROUTER_BASE_URL: "http://127.0.0.1:9",
      OPENROUTER_SYNC_HOUR_UTC: "5",
    });
    expect(settings).toMatchObject({
      openRouter: { apiKey: "sk-or-v1-x", baseUrl: "http://127.0.0.1:9" },
      syncHourUtc: 5,
    });
  });

  it("asks nothing of an unreachable OpenRouter at start, and shows the sample only when allowed", async () => {
    // Port 9 (discard) on loopback: nothing answers there.
    const settings = settingsWith({
      OPENROUTER_API_KEY: "sk-or-v1-x",
      OPENROUTER_BASE_URL: "http://127.0.0.1:9",
    });
    const clock = () => NOW;
    const allowed = WORKLOAD.open(new PublishedWorkload(db, clock));
    const started = Date.now();
    await startWorkloadMarket(allowed, settings, loaderContext({ db, url }, clock));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(allowed.index.isSample).toBe(true);
    expect(allowed.provenance().dataSources.sample).toBe(true);
    expect(allowed.index.weeks.length).toBeGreaterThan(0);

    const off = WORKLOAD.open(new PublishedWorkload(db, clock));
    await startWorkloadMarket(
      off,
      settings,
      loaderContext({ db, url }, clock, { seedSampleOnEmpty: false }),
    );
    expect(off.index.isSample).toBe(false);
    expect(off.index.weeks).toEqual([]);
    // Nothing published yet: any family is "not yet", an empty answer rather than a 404.
    const answer = answerWorkload({ family: "claude-sonnet", cells: "latest" }, off.index);
    expect(answer.ok && answer.value.data).toEqual([]);
  });

  it("replaces the sample with the first real week as soon as the daily job writes it", async () => {
    const clock = () => NOW;
    const settings = settingsWith({
      OPENROUTER_API_KEY: "sk-or-v1-x",
      OPENROUTER_BASE_URL: stub.url,
    });
    const state = WORKLOAD.open(new PublishedWorkload(db, clock));
    const context = loaderContext({ db, url }, clock);
    await startWorkloadMarket(state, settings, context);
    expect(state.index.isSample).toBe(true);
    const fast = {
      ...settings,
      openRouter: settings.openRouter && { ...settings.openRouter, minRequestIntervalMs: 0 },
    };
    const [job] = workloadMarketJobs(state, fast, context);
    await job?.run(new AbortController().signal);
    expect(stub.requests).toHaveLength(1);
    expect((await readSessionCostWeeks(db)).map((w) => w.window.windowEndDate)).toEqual([
      "2026-11-22",
    ]);
    expect(state.index.isSample).toBe(false);
    expect(state.index.weeks.map((w) => w.window.windowEndDate)).toEqual(["2026-11-22"]);
  });
});
