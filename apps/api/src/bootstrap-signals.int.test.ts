import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * `npm start` runs tooling/scripts/bootstrap.mjs, which runs each step (install, then
 * start-all.mjs) as a child. A supervisor's SIGTERM reaches the bootstrap: the step must get it
 * too, and the bootstrap must wait for it and exit with its code, or the api, the website and
 * PostgreSQL are left running without a parent.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const FORWARDER = pathToFileURL(
  join(HERE, "..", "..", "..", "tooling", "scripts", "run-forwarding-signals.mjs"),
).href;

/** A step that reports the signal it got, takes a moment to stop (as the api drains), and exits with `code`. */
const STEP = (code: number) => `
  process.on("SIGTERM", () => {
    console.log("step got SIGTERM");
    setTimeout(() => process.exit(${code}), 300);
  });
  console.log("step ready " + process.pid);
  setInterval(() => {}, 1000);
`;

function bootstrapLike(stepCode: number) {
  const script = `
    import { runForwardingSignals } from ${JSON.stringify(FORWARDER)};
    process.exit(await runForwardingSignals(process.execPath, ["-e", ${JSON.stringify(STEP(stepCode))}]));
  `;
  const parent = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  parent.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  parent.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) =>
    parent.once("exit", (code) => resolve(code)),
  );
  return { parent, exited, output: () => output };
}

async function stepPid(output: () => string): Promise<number> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const match = /step ready (\d+)/.exec(output());
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the step did not start: ${output()}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the bootstrap's steps and stop signals", () => {
  it("hands SIGTERM to the running step, waits for it, and exits with its code", async () => {
    for (const code of [0, 3]) {
      const run = bootstrapLike(code);
      const pid = await stepPid(run.output);
      run.parent.kill("SIGTERM");
      expect(await run.exited, run.output()).toBe(code);
      expect(run.output()).toContain("step got SIGTERM");
      expect(alive(pid)).toBe(false);
    }
  }, 60_000);
});
