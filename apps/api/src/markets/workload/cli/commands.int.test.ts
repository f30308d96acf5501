import { OPENROUTER_SOURCE } from "@tpi/domain";
import { readSessionCostWeeks, storePriceSnapshots } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../../../testing/close-all";
import { runCli, runCliAsync } from "../../../testing/cli";
import { startJsonStub, type JsonStub } from "../../../testing/json-stub";
import { startTestApi, type TestApi } from "../../../testing/test-api";

/** `pnpm tpi workload sync`: one session-cost week from OpenRouter (a loopback stub), then what the index publishes. */

const NOW = new Date("2026-11-25T12:00:00.000Z");
let api: TestApi;
let stub: JsonStub;

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  stub = await startJsonStub(() => ({
    body: {
      data: [
        {
          app_name: "Cline",
          app_slug: "cline",
          median_session_cost_usd: 0.42,
          model_permaslug: "openai/gpt-5",
          turn_range: "1-turn",
        },
        {
          app_name: "Cline",
          app_slug: "cline",
          median_session_cost_usd: 1.5,
          model_permaslug: "acme/coder",
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
  }));
  await storePriceSnapshots(api.db, [
    {
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date("2026-11-20T00:00:00Z"),
      models: [
        {
          modelId: "openai/gpt-5",
          canonicalSlug: "openai/gpt-5",
          prompt: "0.000002",
          completion: "0.000008",
          inputCacheRead: null,
        },
      ],
    },
  ]);
});
afterAll(() => closeAll(stub, api));

const options = (env: Record<string, string>) => ({
  databaseUrl: api.databaseUrl,
  now: NOW,
  env: { LOG_LEVEL: "error", ...env },
});

describe("pnpm tpi workload sync", () => {
  it("needs OPENROUTER_API_KEY and says so", () => {
    const run = runCli(["workload", "sync"], options({}));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("OPENROUTER_API_KEY is not set");
  });

  it("stores the current week and says what the index now publishes", async () => {
    const run = await runCliAsync(
      ["workload", "sync"],
      options({
        OPENROUTER_API_KEY: "sk-or-v1-test",
        OPENROUTER_BASE_URL: stub.url,
        OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
      }),
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "session-cost week ending 2026-11-22 (7 days, as of 2026-11-23T02:00:00.000Z) written: 2 cell(s)",
    );
    expect(run.stdout).toContain(
      "the Workload Cost index now publishes 1 workload week(s), the latest ending 2026-11-22 with 1 priced cell(s) (excluded: 1 unknown_lab, 0 no_price, 0 duplicate_cell)",
    );
    expect((await readSessionCostWeeks(api.db)).map((w) => w.cells.length)).toEqual([2]);
  });

  it("exits 1 when the sync fails, so a script or a timer sees it", async () => {
    const failing = await startJsonStub(() => ({ status: 404, body: { error: "not found" } }));
    try {
      const run = await runCliAsync(
        ["workload", "sync"],
        options({
          OPENROUTER_API_KEY: "sk-or-v1-test",
          OPENROUTER_BASE_URL: failing.url,
          OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
        }),
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("the session-cost sync failed");
    } finally {
      await failing.close();
    }
  });
});
