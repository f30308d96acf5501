import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./platform/core/env";

/**
 * docs/architecture.md's folder table is the map of apps/api/src: every folder it names must
 * exist, and every folder of the tree must be named, so the map cannot drift from the code.
 */
const SOURCE = join(REPO_ROOT, "apps", "api", "src");
const DOC = join(REPO_ROOT, "docs", "architecture.md");

function foldersOf(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    out.push(`${relative(SOURCE, path).split(sep).join("/")}/`);
    foldersOf(path, out);
  }
  return out;
}

/** The first cell of each row of the table under "### Folders". */
function namedFolders(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf("### Folders"));
  const table = section.slice(0, section.indexOf("\n## "));
  return [...table.matchAll(/^\| `([^`]+)` +\|/gm)].map((match) => match[1] ?? "");
}

describe("docs/architecture.md", () => {
  const named = namedFolders(readFileSync(DOC, "utf8"));

  it("names folders that exist, once each", () => {
    const actual = new Set(foldersOf(SOURCE));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((folder) => !actual.has(folder))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it("names every folder of apps/api/src", () => {
    expect(foldersOf(SOURCE).filter((folder) => !named.includes(folder))).toEqual([]);
  });
});
