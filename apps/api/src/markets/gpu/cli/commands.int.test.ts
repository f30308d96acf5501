import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { countGpuTrades } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../testing/cli";
import { closedAfterFile, tempDirForFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";

const NOW = new Date("2026-01-10T12:00:00.000Z");
const HEADER = "gpu_name,executed_at,price_usd_per_gpu_hour,gpu_hours,provider";

const api = closedAfterFile(await startTestApi({ now: NOW }));
const dir = tempDirForFile("tpi-gpu-import-");

const tpi = (...args: string[]) =>
  runCli(args, { databaseUrl: api.databaseUrl, now: NOW, env: { LOG_LEVEL: "error" } });

describe("pnpm tpi gpu-import", () => {
  it("rejects a file with one invalid record, naming its line, and writes nothing", () => {
    const path = join(dir, "bad.csv");
    writeFileSync(
      path,
      `${HEADER}\nH100 SXM,2026-01-05 10:00:00,2.1,8,p1\nH100 SXM,2026-01-05 10:05:00,abc,8,p1\n`,
    );
    const run = tpi("gpu-import", path);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("bad.csv:3: price_usd_per_gpu_hour 'abc'");
    expect(run.stderr).toContain("nothing was imported");
  });

  it("imports a valid JSON Lines file and publishes its prints", async () => {
    expect(await countGpuTrades(api.db)).toBe(0);
    const path = join(dir, "good.jsonl");
    writeFileSync(
      path,
      [
        {
          gpu_name: "H200",
          executed_at: "2026-01-05T10:10:00Z",
          price_usd_per_gpu_hour: 3.2,
          gpu_hours: 8,
          provider: "p1",
        },
        {
          gpu_name: "H200",
          executed_at: "2026-01-05T10:20:00Z",
          price_usd_per_gpu_hour: 3.4,
          gpu_hours: 8,
          provider: "p2",
        },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n"),
    );
    const run = tpi("gpu-import", path);
    expect(run.stderr + run.stdout).toContain("2 new trade(s), 0 already stored");
    expect(run.status).toBe(0);
    expect(await countGpuTrades(api.db)).toBe(2);
    expect(run.stdout).toMatch(/published [\d,]+ hourly GPU print\(s\)/);
    expect(tpi("gpu-import", path).stderr).toContain("0 new trade(s), 2 already stored");
  });
});
