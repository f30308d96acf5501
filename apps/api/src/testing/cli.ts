import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export type CliRun = { status: number | null; stdout: string; stderr: string };

/**
 * Runs the operators' CLI (`src/cli.ts`) as its own process against `databaseUrl`, on the test's
 * clock: `now` is passed as TPI_TEST_CLOCK, so the command sees the same "today" as the test's
 * api and the test does not depend on the day it runs.
 */
export function runCli(
  args: readonly string[],
  options: { databaseUrl: string; now: Date; env?: Record<string, string>; timeoutMs?: number },
): CliRun {
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    cwd: API_DIR,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      TPI_TEST_CLOCK: options.now.toISOString(),
    },
    encoding: "utf8",
    timeout: options.timeoutMs ?? 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
