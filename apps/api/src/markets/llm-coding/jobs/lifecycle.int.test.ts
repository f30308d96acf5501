import { recentSourceSyncs, startSourceSync } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../../../testing/file-fixtures";
import { z } from "zod";
import { loaderContext } from "../../../testing/first-start";
import { LLM_CODING } from "../read-model/state";
import { LlmCodingPublishedCounts } from "../read-model/published-counts";
import { dailySyncDue, lastSyncRun } from "../../../platform/ingest/daily-sync";
import { GITHUB_SEARCH_SOURCE } from "./github-sync";
import { llmCodingJobs, startLlmCodingMarket } from "./lifecycle";
import { LLM_CODING_ENV, llmCodingSettingsFrom } from "./settings";

/**
 * Start-up asks no outside host: with GitHub pointed at an address nothing answers, start
 * returns at once and serves the sample (with SEED_SAMPLE_ON_EMPTY); the sync is a scheduled
 * job, present only while GitHub search is on, and app rankings only with an OpenRouter key.
 */

const NOW = new Date("2026-11-26T06:00:00.000Z");
const { db, url } = await databaseForFile(2);

const settingsOf = (env: Record<string, string>) =>
  llmCodingSettingsFrom(
    z.object(LLM_CODING_ENV).parse({
      // A port nothing listens on: any request would fail, none may be waited for at start.
      GITHUB_API_URL: "http://127.0.0.1:9",
      ...env,
    }),
  );

describe("LLM Coding start-up and jobs", () => {
  it("starts without asking GitHub and serves the sample while nothing is stored", async () => {
    const state = LLM_CODING.open(new LlmCodingPublishedCounts(db, () => NOW));
    const context = loaderContext({ db, url }, () => NOW);
    const started = performance.now();
    await startLlmCodingMarket(state, settingsOf({}), context);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(state.counts.dataSources).toMatchObject({
      sample: true,
      sources: [{ source: "sample", lastDay: "2026-11-25" }],
    });
    expect(context.lines.join("\n")).toContain("serving the generated SAMPLE");
  });

  it("serves nothing without SEED_SAMPLE_ON_EMPTY", async () => {
    const state = LLM_CODING.open(new LlmCodingPublishedCounts(db, () => NOW));
    const context = { ...loaderContext({ db, url }, () => NOW), seedSampleOnEmpty: false };
    await startLlmCodingMarket(state, settingsOf({}), context);
    expect(state.counts.dataSources.sources).toEqual([]);
    expect(state.counts.rowCount).toBe(0);
  });

  it("schedules the GitHub sync only while GitHub search is on, app rankings only with a key", () => {
    const state = LLM_CODING.open(new LlmCodingPublishedCounts(db, () => NOW));
    const context = loaderContext({ db, url }, () => NOW);
    const names = (env: Record<string, string>) =>
      llmCodingJobs(state, settingsOf(env), context).map((job) => job.name);
    expect(names({})).toEqual(["github-search-sync"]);
    expect(names({ GITHUB_SEARCH_ENABLED: "false" })).toEqual([]);
    const withKey = llmCodingSettingsFrom({
      ...z.object(LLM_CODING_ENV).parse({}),
      ...({
        OPENROUTER_API_KEY: "sk-or-test",
        OPENROUTER_BASE_URL: "http://127.0.0.1:9",
        OPENROUTER_TIMEOUT_MS: 1000,
        OPENROUTER_MAX_RETRIES: 0,
        OPENROUTER_RETRY_BASE_MS: 0,
        OPENROUTER_MIN_REQUEST_INTERVAL_MS: 0,
        OPENROUTER_DAILY_REQUEST_BUDGET: 500,
        OPENROUTER_SYNC_HOUR_UTC: 5,
      } as object),
    });
    expect(withKey.syncHourUtc).toBe(5);
    expect(llmCodingJobs(state, withKey, context).map((job) => job.name)).toEqual([
      "github-search-sync",
      "openrouter-app-rankings-sync",
    ]);
  });

  it("closes a sync a killed process left running, so the next scheduled sync is due again", async () => {
    await startSourceSync(db, {
      source: GITHUB_SEARCH_SOURCE,
      trigger: "schedule",
      firstDay: "2026-10-27",
      lastDay: "2026-11-25",
      startedAt: new Date("2026-11-26T05:00:00.000Z"),
    });
    expect(dailySyncDue(NOW, 3, await lastSyncRun(db, GITHUB_SEARCH_SOURCE))).toBe(false);
    const state = LLM_CODING.open(new LlmCodingPublishedCounts(db, () => NOW));
    const context = loaderContext({ db, url }, () => NOW);
    await startLlmCodingMarket(state, settingsOf({}), context);
    const [last] = await recentSourceSyncs(db, GITHUB_SEARCH_SOURCE, 1);
    expect(last?.outcome).toBe("interrupted");
    expect(context.lines.join("\n")).toContain("closed as interrupted");
    const lastRun = await lastSyncRun(db, GITHUB_SEARCH_SOURCE);
    expect(dailySyncDue(new Date(NOW.getTime() + 3_600_000), 3, lastRun)).toBe(true);
  });
});
