import { spawn, spawnSync } from "node:child_process";
import { apiProcess } from "./api-process";

export type CliRun = { status: number | null; stdout: string; stderr: string };

/**
 * Runs the operators' CLI as its own process (compiled, as `npm run tpi` runs it: `apiProcess`)
 * against `databaseUrl`, on the test's clock: `now` is passed as TPI_TEST_CLOCK, so the command
 * sees the same "today" as the test's api and the test does not depend on the day it runs.
 */
export type CliOptions = {
  databaseUrl: string;
  now: Date;
  env?: Record<string, string>;
  timeoutMs?: number;
};

function cliEnv(options: CliOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: "warn",
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    TPI_TEST_CLOCK: options.now.toISOString(),
  };
}

export function runCli(args: readonly string[], options: CliOptions): CliRun {
  const cli = apiProcess("cli", args);
  const result = spawnSync(cli.command, cli.args, {
    cwd: cli.cwd,
    env: cliEnv(options),
    encoding: "utf8",
    timeout: options.timeoutMs ?? 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The same without blocking the test's event loop: for commands that call a server the test
 * itself runs (a loopback stub), which `runCli` would starve.
 */
export function runCliAsync(args: readonly string[], options: CliOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const cli = apiProcess("cli", args);
    const child = spawn(cli.command, cli.args, {
      cwd: cli.cwd,
      env: cliEnv(options),
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}
