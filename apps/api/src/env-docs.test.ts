import { MARKETS } from "./markets";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envVariables } from "./platform/runtime/env";
import { REPO_ROOT } from "./platform/core/env";

/**
 * docs/operations/configuration.md's tables are the operators' list of variables; they must name
 * exactly what the api's env schema and the website's env reader read, no more and no fewer.
 */
const CONFIGURATION_DOC = join(REPO_ROOT, "docs", "operations", "configuration.md");
const WEB_ENV_SOURCE = join(REPO_ROOT, "apps", "web", "src", "env.ts");

/** The variable names in the first column of the table under `## <heading>`, in order. */
function documentedVariables(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) throw new Error(`no '## ${heading}' section in ${CONFIGURATION_DOC}`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2} /.test(line)) break;
    if (!line.startsWith("|")) continue;
    const firstCell = line.split("|")[1] ?? "";
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(match[1] ?? "");
  }
  return names;
}

/** Both directions, so that a failure names what to add to the table or remove from it. */
function differences(documented: string[], read: readonly string[]) {
  return {
    readButNotDocumented: read.filter((name) => !documented.includes(name)).sort(),
    documentedButNotRead: documented.filter((name) => !read.includes(name)).sort(),
    documentedTwice: documented.filter((name, index) => documented.indexOf(name) !== index),
  };
}

const NO_DIFFERENCE = { readButNotDocumented: [], documentedButNotRead: [], documentedTwice: [] };

describe("docs/operations/configuration.md tables", () => {
  const markdown = readFileSync(CONFIGURATION_DOC, "utf8");

  it("the api table lists exactly the variables of the api's env schema", () => {
    expect(differences(documentedVariables(markdown, "api"), envVariables(MARKETS))).toEqual(
      NO_DIFFERENCE,
    );
  });

  it("the website table lists exactly the variables apps/web/src/env.ts reads", () => {
    const source = readFileSync(WEB_ENV_SOURCE, "utf8");
    const read = [
      ...new Set([...source.matchAll(/source\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? "")),
    ];
    expect(read.length).toBeGreaterThan(0);
    expect(differences(documentedVariables(markdown, "Website"), read)).toEqual(NO_DIFFERENCE);
  });

  it("notices a variable without a row and a row without a variable", () => {
    const table = ["## api", "", "| Variable | Default | Meaning |", "| --- | --- | --- |"];
    const rows = ["| `PORT` | `8080` | api port |", "| `NOT_READ` | unset | stale row |"];
    const documented = documentedVariables([...table, ...rows, "", "## Website"].join("\n"), "api");
    expect(documented).toEqual(["PORT", "NOT_READ"]);
    expect(differences(documented, ["PORT", "HOST"])).toEqual({
      readButNotDocumented: ["HOST"],
      documentedButNotRead: ["NOT_READ"],
      documentedTwice: [],
    });
  });
});
