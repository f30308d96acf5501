import { MARKETS } from "./markets";
import { createTestDatabase } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { readEnv } from "./platform/runtime/env";
import { createLogger } from "./platform/observability/logger";
import { startServer, type RunningServer } from "./platform/server";
import { runCli } from "./testing/cli";
import { startInProcessServer } from "./testing/in-process-server";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const INTERNAL_TOKEN = "server-test-internal-token";

let running: RunningServer;
let databaseUrl: string;
let drop: () => Promise<void>;
let startupMs = 0;
const logLines: string[] = [];
beforeAll(async () => {
  ({ url: databaseUrl, drop } = await createTestDatabase(inject("pgAdminUrl")));
  const started = Date.now();
  running = await startInProcessServer({
    databaseUrl,
    now: NOW,
    lines: logLines,
    variables: { LOG_LEVEL: "silent", INTERNAL_API_TOKEN: INTERNAL_TOKEN },
  });
  startupMs = Date.now() - started;
}, 120_000);
afterAll(async () => {
  await running?.close();
  await drop?.();
});

/** The CLI on the same clock as the server, so "today" is the same day for both. */
const cli = (...args: string[]) => runCli(args, { databaseUrl, now: NOW });

describe("start-up in production", () => {
  it("refuses the log mail transport unless MAIL_LOG_LINKS is set, before opening anything", async () => {
    const lines: string[] = [];
    const env = readEnv(MARKETS, {
      GPU_LEDGER_ENABLED: "false",
      NODE_ENV: "production",
      // Never reached: the refusal comes first (a database here would fail with other words).
      DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none",
      DATABASE_CONNECT_TIMEOUT_MS: "100",
      PORT: "0",
      HOST: "127.0.0.1",
    });
    await expect(
      startServer(
        env,
        createLogger("info", (line) => lines.push(line)),
        MARKETS,
      ),
    ).rejects.toThrow(/MAIL_TRANSPORT=log in production/);
  });
});

describe("first start on an empty database", () => {
  it("loads the sample, settles every settleable day and answers /api/otpi at once", async () => {
    const res = await fetch(`${running.url}/api/otpi`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { date: string; count: number; data: { lab: string }[] };
    expect(body.date).toBe("2026-11-20");
    expect(body.data.map((r) => r.lab)).toEqual(["anthropic", "openai", "google", "deepseek"]);
    const settled = await running.runtime.database.db.settledDay.count();
    expect(settled).toBeGreaterThanOrEqual(548); // 18 months of days
    // Without OPENROUTER_API_KEY the operator is told the numbers are a sample, and how to get real ones.
    expect(logLines.join("\n")).toMatch(/serving sample data .*set OPENROUTER_API_KEY/);
    console.log(`startup with sample seeding and settlement of ${settled} days: ${startupMs} ms`);
  });
});

describe("operator CLI", () => {
  it("migrate says the schema is up to date", () => {
    const result = cli("migrate");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/database schema up to date: \d+ migration\(s\) already applied/);
  });

  it("seed --sample twice changes nothing the second time", () => {
    const result = cli("seed", "--sample");
    expect(result.status).toBe(0);
    expect(result.stderr + result.stdout).toMatch(/0 were new/);
  });

  it("settle reports what it did", () => {
    const result = cli("settle", "--through", "2026-11-20");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/nothing to settle|settled \d+ day/);
  });

  it("keys create prints a key once; the key grants full access", async () => {
    const result = cli("keys", "create", "--name", "ci key");
    expect(result.status).toBe(0);
    const key = result.stdout.trim().split("\n").at(-1) ?? "";
    expect(key).toMatch(/^tpi_sk_[A-Za-z0-9]{40}$/);
    const stored = await running.runtime.database.db.apiKey.findMany();
    expect(JSON.stringify(stored)).not.toContain(key);
    const res = await fetch(`${running.url}/api/otpi?lab=qwen`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access: string }).access).toBe("full");
  });

  it("fails clearly with a non-zero exit on bad input", () => {
    const badDate = cli("settle", "--through", "2026-02-30");
    expect(badDate.status).toBe(2);
    expect(badDate.stderr).toMatch(/--through must be a real calendar date in YYYY-MM-DD format/);
    const unknown = cli("frobnicate");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const noName = cli("keys", "create");
    expect(noName.status).toBe(2);
    expect(noName.stderr).toMatch(/--name is required/);
  });
});

describe("GET /metrics of the running server", () => {
  it("shows the database pool, the database as up and Node's process metrics", async () => {
    // The release of the day before is cut at start and holds job connections while it reads
    // every market's history (minutes on a loaded machine): the pool is read until nothing waits
    // for a connection, rather than until the cut is done.
    const metrics = async () => {
      const res = await fetch(`${running.url}/metrics`, {
        headers: { Authorization: `Bearer ${INTERNAL_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      return res.text();
    };
    const body = await vi.waitFor(
      async () => {
        const text = await metrics();
        expect(text).toMatch(/^tpi_database_pool_connections\{state="waiting"\} 0$/m);
        return text;
      },
      { timeout: 120_000, interval: 200 },
    );
    expect(body).toMatch(/^tpi_database_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(body).toMatch(/^tpi_database_up 1$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  }, 150_000);
});
