import { createDb, createTestDatabase } from "@tpi/db";
import { openRouterCitation } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningServer } from "./platform/server";
import { startInProcessServer } from "./testing/in-process-server";
import { runCliAsync } from "./testing/cli";
import { STUB_AS_OF, STUB_KEY, startOpenRouterStub } from "./testing/openrouter-stub";
import { closedAfterFile } from "./testing/file-fixtures";

/**
 * End to end with OpenRouter's Data API stood in by a loopback stub: the api's first start on an
 * empty database with a key, a start whose key is refused, and the operator's sync + settle.
 */
const NOW = new Date("2026-11-22T12:00:00.000Z");
const YESTERDAY = "2026-11-21";

const stub = closedAfterFile(await startOpenRouterStub({ latestDay: YESTERDAY }));

async function startWithKey(apiKey: string) {
  const { url: databaseUrl, drop } = await createTestDatabase(inject("pgAdminUrl"));
  const lines: string[] = [];
  const running = await startInProcessServer({
    databaseUrl,
    now: NOW,
    lines,
    variables: {
      // The GPU sample is not what this test is about; the token sample must not load with a key.
      SEED_SAMPLE_ON_EMPTY: "false",
      OPENROUTER_API_KEY: apiKey,
      OPENROUTER_BASE_URL: stub.url,
      OPENROUTER_STARTUP_DAYS: "5",
      OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
      OPENROUTER_MAX_RETRIES: "0",
    },
  });
  return { running, lines, drop };
}

describe("first start with OPENROUTER_API_KEY on an empty database", () => {
  let running: RunningServer;
  let lines: string[];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    stub.reset();
    ({ running, lines, drop } = await startWithKey(STUB_KEY));
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await drop?.();
  });

  it("syncs the recent days from OpenRouter instead of the sample, settles them and serves them", async () => {
    const db = running.runtime.database.db;
    expect(await db.observation.count({ where: { source: { not: "openrouter" } } })).toBe(0);
    const settled = (await db.settledDay.findMany({ orderBy: { date: "asc" } })).map((d) =>
      d.date.toISOString().slice(0, 10),
    );
    // Five days to yesterday; yesterday is not settleable yet (36 hours after its end).
    expect(settled).toEqual(["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    const res = await fetch(`${running.url}/api/otpi`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      date: string;
      data: { lab: string; indexPerMtok: number }[];
    };
    expect(body.date).toBe("2026-11-20");
    expect(body.data.map((r) => r.lab)).toEqual(["anthropic", "openai", "google", "deepseek"]);
    expect(await (await fetch(`${running.url}/health`)).json()).toMatchObject({
      status: "healthy",
      data: { token: "complete" },
    });
    const days = await db.sourceDay.findMany({ orderBy: { date: "asc" } });
    // Days within 48 hours of the snapshot are priced by it; the older start-up days are back-filled.
    expect(days.map((d) => d.priceBasis)).toEqual([
      "backfilled",
      "backfilled",
      "backfilled",
      "snapshot",
      "snapshot",
    ]);
    expect(lines.join("\n")).toMatch(/the sample is not loaded while a key is set/);
    expect(lines.join("\n")).not.toContain(STUB_KEY);
  });

  // The constituents' split, coverage and provenance fields are built by the api's details service.
  it("constituents show the estimated split, the coverage and the citation with OpenRouter's as_of", async () => {
    const res = await fetch(`${running.url}/api/otpi/constituents?date=2026-11-20&lab=anthropic`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      coverage: { source: string; otherTokens: number; listedShare: number | null } | null;
      provenance: { source: string; sample: boolean; citation: string | null };
      data: { modelId: string; split: string; inputShare: number | null; source: string }[];
    };
    const sonnet = body.data.find((c) => c.modelId === "anthropic/claude-4-sonnet-20250522");
    expect(sonnet).toMatchObject({ split: "estimated", inputShare: 0.75, source: "openrouter" });
    expect(body.coverage).toMatchObject({ source: "openrouter", otherTokens: 500_000_000_000 });
    expect(body.coverage?.listedShare).toBeGreaterThan(0);
    expect(body.provenance).toMatchObject({
      source: "openrouter",
      sample: false,
      citation: openRouterCitation(new Date(STUB_AS_OF).toISOString()),
    });
  });
});

describe("first start whose key OpenRouter refuses", () => {
  it("logs the reason, loads no sample and keeps serving", async () => {
    stub.reset();
    const { running, lines, drop } = await startWithKey("sk-or-v1-refused0000");
    try {
      // Serving, but not calling a data set without its token index healthy.
      const health = await fetch(`${running.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        status: "degraded",
        data: { token: "incomplete", gpu: "complete" },
      });
      expect((await fetch(`${running.url}/api/otpi`)).status).toBe(404);
      expect(await running.runtime.database.db.observation.count()).toBe(0);
      const log = lines.join("\n");
      expect(log).toMatch(
        /start-up sync from OpenRouter wrote no day: .*OPENROUTER_API_KEY was refused/,
      );
      expect(log).toMatch(/no sample is loaded while OPENROUTER_API_KEY is set/);
      expect(log).not.toContain("refused0000");
    } finally {
      await running.close();
      await drop();
    }
  }, 120_000);
});

describe("operator: tpi openrouter sync, then tpi settle", () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await createTestDatabase(inject("pgAdminUrl")));
  });
  afterAll(() => drop());

  const withKey = {
    OPENROUTER_API_KEY: STUB_KEY,
    OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
    OPENROUTER_MAX_RETRIES: "0",
  };
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCliAsync(args, { databaseUrl, now: NOW, env: { OPENROUTER_BASE_URL: stub.url, ...env } });

  it("with SETTLEMENT_LAG_HOURS=0, a sync of yesterday followed by settle publishes yesterday", async () => {
    stub.reset();
    const synced = await cli(["openrouter", "sync", "--date", YESTERDAY], withKey);
    expect(synced.stderr).not.toContain(STUB_KEY);
    expect(synced.status).toBe(0);
    expect(synced.stdout).toMatch(
      /2026-11-21 {2}written: 12 new, 0 updated, 0 unchanged, 0 removed; snapshot price/,
    );
    expect(synced.stdout).toContain(
      "Source: OpenRouter (openrouter.ai/rankings), as of 2026-11-22T02:00:00.000Z.",
    );

    const settled = await cli(["settle"], { SETTLEMENT_LAG_HOURS: "0" });
    expect(settled.status).toBe(0);
    expect(settled.stdout).toMatch(/settled 1 day\(s\) from 2026-11-21 to 2026-11-21/);
    const db = createDb(databaseUrl, 1);
    try {
      const values = await db.indexValue.count({ where: { date: new Date(YESTERDAY) } });
      expect(values).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);

  it("without OPENROUTER_API_KEY: a clear message and exit 2", async () => {
    const result = await cli(["openrouter", "sync"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/OPENROUTER_API_KEY is not set/);
  }, 60_000);

  it("refuses a day not yet ended (exit 2) and exits 1 when a day could not be written", async () => {
    const today = await cli(["openrouter", "sync", "--date", "2026-11-22"], withKey);
    expect(today.status).toBe(2);
    expect(today.stderr).toMatch(/2026-11-22 has not ended yet/);

    stub.reset();
    stub.missingDays.add("2026-11-20");
    const partial = await cli(
      ["openrouter", "sync", "--from", "2026-11-20", "--to", YESTERDAY],
      withKey,
    );
    expect(partial.status).toBe(1);
    expect(partial.stdout).toMatch(/2026-11-20 {2}not written: .*partial answer/);
    expect(partial.stderr).toMatch(/1 day\(s\) not written/);
  }, 120_000);
});
