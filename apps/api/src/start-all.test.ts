import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./platform/core/env";

/**
 * `npm start` (tooling/scripts/start-all.mjs) runs everything in production mode unless
 * NODE_ENV says otherwise. The script's package manager is replaced by a command that prints the
 * mode the website's build would get and fails, so nothing is built or started.
 */
function givenToChildren(env: Record<string, string>): { mode: string; mailLinks: string } {
  const {
    NODE_ENV: _mode,
    MAIL_LOG_LINKS: _links,
    MAIL_TRANSPORT: _transport,
    TPI_PUBLIC_SITE_URL: _site,
    ...inherited
  } = process.env;
  const print = [
    "node",
    "-e",
    "console.log('mode=' + process.env.NODE_ENV + ' links=' + process.env.MAIL_LOG_LINKS); process.exit(3)",
    "--",
  ];
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "tooling/scripts/start-all.mjs")], {
    env: { ...inherited, ...env, TPI_PNPM: JSON.stringify(print) },
    encoding: "utf8",
  });
  expect(run.status).toBe(3);
  const [, mode = "", mailLinks = ""] = /mode=(\S+) links=(\S+)/.exec(run.stdout) ?? [];
  return { mode, mailLinks };
}

describe("npm start", () => {
  it("defaults to production mode and keeps a NODE_ENV that is set", () => {
    expect(givenToChildren({}).mode).toBe("production");
    expect(givenToChildren({ NODE_ENV: "development" }).mode).toBe("development");
  });

  it("logs mail links only for a site on this machine alone, unless told otherwise", () => {
    expect(givenToChildren({}).mailLinks).toBe("true");
    expect(givenToChildren({ MAIL_LOG_LINKS: "false" }).mailLinks).toBe("false");
    // A published site, or one with a mail transport chosen, decides for itself.
    expect(givenToChildren({ TPI_PUBLIC_SITE_URL: "https://tpi.example.org" }).mailLinks).toBe(
      "undefined",
    );
    expect(givenToChildren({ MAIL_TRANSPORT: "smtp" }).mailLinks).toBe("undefined");
  });
});
