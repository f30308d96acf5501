import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./platform/core/env";
import { apiProcess } from "./testing/api-process";

/**
 * docs/operations/command-line.md quotes `pnpm tpi help` as the list of operator commands; it must be the
 * CLI's own output, so that a command added, removed or renamed shows up as a failing test.
 */
const COMMAND_LINE_DOC = join(REPO_ROOT, "docs", "operations", "command-line.md");

/** The first fenced block after the paragraph that ends with "`pnpm tpi help`:". */
function documentedUsage(markdown: string): string {
  const marker = "`pnpm tpi help`:";
  const at = markdown.indexOf(marker);
  if (at === -1) throw new Error(`no '${marker}' in ${COMMAND_LINE_DOC}`);
  const block = /```\n([\s\S]*?)```/.exec(markdown.slice(at));
  if (!block) throw new Error(`no fenced block after '${marker}' in ${COMMAND_LINE_DOC}`);
  return block[1] ?? "";
}

describe("docs/operations/command-line.md", () => {
  it("quotes exactly what `pnpm tpi help` prints", () => {
    // `help` prints before the environment or the database is touched.
    const cli = apiProcess("cli", ["help"]);
    const help = spawnSync(cli.command, cli.args, {
      cwd: cli.cwd,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(help.status).toBe(0);
    expect(documentedUsage(readFileSync(COMMAND_LINE_DOC, "utf8"))).toBe(help.stdout);
  });
});
