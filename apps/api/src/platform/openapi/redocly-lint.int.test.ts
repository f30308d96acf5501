import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../testing/test-api";

/**
 * Redocly CLI lints the document the api serves (GET /openapi.json) with the recommended rules
 * (apps/api/redocly.yaml): any error or warning fails the test, so the document stays clean for
 * the tools that read it.
 */
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const REDOCLY = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const CONFIG = join(API_DIR, "redocly.yaml");

type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
};

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi({ now: new Date("2026-03-10T12:30:00Z") });
  dir = await mkdtemp(join(tmpdir(), "tpi-openapi-"));
});
afterAll(async () => {
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("redocly lint finds no error and no warning in the served document", async () => {
  const res = await api.get("/openapi.json");
  expect(res.status).toBe(200);
  const file = join(dir, "openapi.json");
  await writeFile(file, res.text);
  // Exit code 1 means problems: read them from the report either way.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [REDOCLY, "lint", file, "--config", CONFIG, "--format", "json"],
    {
      cwd: API_DIR,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    if (!error.stdout) throw new Error(`redocly did not run: ${error.stderr ?? error.message}`);
    return { stdout: error.stdout };
  });
  const report = JSON.parse(stdout) as {
    totals: { errors: number; warnings: number };
    problems: Problem[];
  };
  const problems = report.problems.map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`,
  );
  expect(problems).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});
