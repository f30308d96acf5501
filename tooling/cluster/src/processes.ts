import { spawn, type ChildProcess } from "node:child_process";
import { API_DIR } from "./paths";

export type Command = { command: string; args: string[]; cwd: string };

/**
 * How production starts an api process, and the operators' CLI: the compiled build in
 * apps/api/dist (turbo builds it before this test), exactly what `npm start` and the systemd unit run.
 */
export function apiCommand(): Command {
  return {
    command: process.execPath,
    args: ["--enable-source-maps", "dist/main.js"],
    cwd: API_DIR,
  };
}

export function cliCommand(args: readonly string[]): Command {
  return {
    command: process.execPath,
    args: ["--enable-source-maps", "dist/cli.js", ...args],
    cwd: API_DIR,
  };
}

/** Every api process keeps its whole output: the test reads what each one settled. */
export class ApiInstance {
  private child: ChildProcess | undefined;
  /** Output of every process this instance ran, in order (restarts append). */
  private log = "";
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get output(): string {
    return this.log;
  }

  /** The running process's id (webhook claims name it), undefined before the first start. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** Spawns the process; `waitHealthy` tells when it serves. */
  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const { command, args, cwd } = apiCommand();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.starts += 1;
    this.log += `\n--- ${this.name} start ${this.starts}\n`;
    const keep = (chunk: Buffer) => (this.log += chunk.toString());
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.child = child;
  }

  /**
   * Resolves once /health answers 200 with status `healthy`: the database answers and every
   * market's data set is complete. A 200 `loading` is not enough: on a first start the instance
   * listens while the first load runs, and until it ends the lab routes have nothing to serve.
   * Fails at once if the process exits first.
   */
  async waitHealthy(timeoutMs: number): Promise<void> {
    const child = this.child;
    if (child === undefined) throw new Error(`${this.name} was never started`);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited before serving:\n${this.tail()}`);
      try {
        const response = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) {
          const body = (await response.json()) as { status?: unknown };
          if (body.status === "healthy") return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not answer /health within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** Sends `signal` and resolves with how the process ended. */
  async stop(
    signal: NodeJS.Signals,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (child === undefined || !this.running)
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, exitSignal) => resolve({ code, signal: exitSignal })),
    );
    child.kill(signal);
    // Bounded: a process that ignores SIGTERM for this long is killed, and the test says so.
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const result = await exited;
    clearTimeout(timer);
    return result;
  }

  tail(characters = 4_000): string {
    return this.log.slice(-characters);
  }
}

export type CliRun = { status: number | null; stdout: string; stderr: string };

/** Runs `tpi <args>` as its own process, as an operator would. */
export function runCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  const { command, args: fullArgs, cwd } = cliCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, {
      cwd,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      timeout: 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}
