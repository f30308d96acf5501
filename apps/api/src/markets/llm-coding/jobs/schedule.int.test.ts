import { readAppRankingWindows, readCodingCounts } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { openRouterTestConfig } from "../../../testing/openrouter-stub";
import { databaseForFile, closedAfterFile } from "../../../testing/file-fixtures";
import { startJsonStub, type StubRequest } from "../../../testing/json-stub";
import { codingWorkloadJobs } from "./schedule";
import { llmCodingSettingsFrom, LLM_CODING_ENV } from "./settings";
import { z } from "zod";

/**
 * The scheduled jobs against one loopback stub answering GitHub search and app rankings in their
 * documented shapes: the first runs back-fill, a second check the same day does
 * nothing, and without an OpenRouter key only GitHub is scheduled.
 */

const answer = (request: StubRequest) => {
  if (request.path.startsWith("/search/"))
    return { body: { total_count: 12, incomplete_results: false, items: [] } };
  if (request.path === "/api/v1/datasets/app-rankings") {
    const day = request.query.get("start_date");
    return {
      body: {
        data: [{ app_id: 1, app_name: "Cline", rank: 1, total_requests: 9, total_tokens: "123" }],
        meta: {
          as_of: "2026-11-20T02:00:00Z",
          start_date: day,
          end_date: request.query.get("end_date"),
        },
      },
    };
  }
  return {
    body: {
      data: [
        {
          app_name: "Claude Code",
          app_slug: "claude-code",
          median_session_cost_usd: 1.5,
          model_permaslug: "anthropic/claude-4.5-sonnet",
          turn_range: "10-49-turns",
        },
      ],
      meta: {
        as_of: "2026-11-17T02:00:00Z",
        version: "v1",
        window_days: 30,
        window_end_date: "2026-11-16",
      },
    },
  };
};

const settings = () =>
  llmCodingSettingsFrom(
    z.object(LLM_CODING_ENV).parse({
      GITHUB_API_URL: stub.url,
      GITHUB_MIN_REQUEST_INTERVAL_MS: "0",
      GITHUB_BACKFILL_DAYS: "2",
      GITHUB_RECHECK_DAYS: "1",
      APP_RANKINGS_BACKFILL_DAYS: "3",
    }),
  );
const openRouter = () => openRouterTestConfig(stub.url, { maxRetries: 0, maxRetryAfterMs: 1_000 });
const log = { info: () => undefined, warn: () => undefined };

const stub = closedAfterFile(await startJsonStub(answer));
const { db } = await databaseForFile();
describe("codingWorkloadJobs", () => {
  it("schedules only GitHub without an OpenRouter key", () => {
    const jobs = codingWorkloadJobs({
      db,
      settings: settings(),
      openRouter: undefined,
      syncHourUtc: 3,
      clock: () => new Date(),
      log,
    });
    expect(jobs.map((j) => j.name)).toEqual(["github-search-sync"]);
  });

  it("back-fills at the first run and does nothing at the next check of the same day", async () => {
    const now = new Date("2026-11-20T05:00:00Z");
    const jobs = codingWorkloadJobs({
      db,
      settings: settings(),
      openRouter: openRouter(),
      syncHourUtc: 3,
      clock: () => now,
      log,
    });
    const stopping = new AbortController().signal;
    for (const job of jobs) await job.run(stopping);
    const days = new Set(
      (await readCodingCounts(db, { from: "2026-11-01", to: "2026-11-30" })).map((c) => c.day),
    );
    expect([...days]).toEqual(["2026-11-18", "2026-11-19"]);
    const windows = await readAppRankingWindows(db, {
      category: "coding",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(windows.map((w) => w.windowStart)).toEqual(["2026-11-17", "2026-11-18", "2026-11-19"]);
    const requests = stub.requests.length;
    expect(requests).toBe(22 + 3);
    for (const job of jobs) await job.run(stopping);
    expect(stub.requests.length).toBe(requests);
  });
});
