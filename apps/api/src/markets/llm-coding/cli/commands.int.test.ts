import { readCodingCounts } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../../../testing/close-all";
import { runCli, runCliAsync } from "../../../testing/cli";
import { startJsonStub, type JsonStub } from "../../../testing/json-stub";
import { startTestApi, type TestApi } from "../../../testing/test-api";

/**
 * `pnpm tpi llm-coding sync` and `llm-coding status` as their own process against a GitHub
 * search stub (12 of everything, 6 merged): what they did, said in lines an operator reads.
 */

const NOW = new Date("2026-11-26T06:00:00.000Z");
let api: TestApi;
let stub: JsonStub;

beforeAll(async () => {
  stub = await startJsonStub((request) => ({
    body: {
      total_count: (request.query.get("q") ?? "").includes("is:merged") ? 6 : 12,
      incomplete_results: false,
      items: [],
    },
  }));
  api = await startTestApi({ now: NOW });
});
afterAll(() => closeAll(api, stub));

const env = (enabled: boolean) => ({
  LOG_LEVEL: "error",
  GITHUB_SEARCH_ENABLED: String(enabled),
  GITHUB_API_URL: stub.url,
  GITHUB_MIN_REQUEST_INTERVAL_MS: "0",
});

describe("pnpm tpi llm-coding sync", () => {
  it("refuses a subcommand it does not have, naming the two it has", () => {
    const run = runCli(["llm-coding", "resync"], {
      databaseUrl: api.databaseUrl,
      now: NOW,
      env: env(true),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("llm-coding takes 'sync' or 'status'; got 'resync'");
    expect(stub.requests).toHaveLength(0);
  });

  it("refuses while GitHub search is off, asking nothing", () => {
    const run = runCli(["llm-coding", "sync"], {
      databaseUrl: api.databaseUrl,
      now: NOW,
      env: env(false),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("GITHUB_SEARCH_ENABLED is false");
    expect(stub.requests).toHaveLength(0);
  });

  it("counts the days asked for and says what it wrote", async () => {
    const run = await runCliAsync(
      ["llm-coding", "sync", "--from", "2026-11-23", "--to", "2026-11-24"],
      { databaseUrl: api.databaseUrl, now: NOW, env: env(true) },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("2026-11-23  written: 11 new, 0 updated, 0 unchanged, 0 revised");
    expect(run.stdout).toMatch(/sync #\d+ ok: 2 of 2 day\(s\) written, 22 request\(s\)/);
    expect(run.stdout).toContain("served now: 26 LLM coding product-days");
    expect(stub.requests).toHaveLength(22);
    expect(await readCodingCounts(api.db, { from: "2026-11-23", to: "2026-11-24" })).toHaveLength(
      22,
    );
    const status = runCli(["llm-coding", "status"], {
      databaseUrl: api.databaseUrl,
      now: NOW,
      env: env(true),
    });
    expect(status.status).toBe(0);
    expect(status.stdout).toContain("github-search: 2 day(s) from 2026-11-23 to 2026-11-24");
  });

  it("refuses a day that has not ended", () => {
    const run = runCli(["llm-coding", "sync", "--from", "2026-11-25", "--to", "2026-11-26"], {
      databaseUrl: api.databaseUrl,
      now: NOW,
      env: env(true),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("the UTC day has not ended");
  });
});
