import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./platform/runtime/env";

/**
 * `npm start` (tooling/scripts/start-all.mjs) runs everything in production mode unless
 * NODE_ENV says otherwise. The script's package manager is replaced by a command that prints the
 * mode the website's build would get and fails, so nothing is built or started.
 */
function modeGivenToChildren(nodeEnv: string | undefined): string {
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const printMode = [
    "node",
    "-e",
    "console.log('mode=' + process.env.NODE_ENV); process.exit(3)",
    "--",
  ];
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "tooling/scripts/start-all.mjs")], {
    env: {
      ...inherited,
      ...(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv }),
      TPI_PNPM: JSON.stringify(printMode),
    },
    encoding: "utf8",
  });
  expect(run.status).toBe(3);
  return /mode=(\S+)/.exec(run.stdout)?.[1] ?? "";
}

describe("npm start", () => {
  it("defaults to production mode and keeps a NODE_ENV that is set", () => {
    expect(modeGivenToChildren(undefined)).toBe("production");
    expect(modeGivenToChildren("development")).toBe("development");
  });
});
