import { MARKETS } from "../../markets";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../core/env";
import { dataToolsOf, type DataTool } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);
const MCP_RESOURCES = MARKETS.flatMap((market) => market.resources);

/**
 * docs/mcp.md lists the tools and resources a client gets; the lists must be the server's own,
 * so that a tool added, renamed, re-described or given other access shows up as a failing test.
 */
const MCP_DOC = join(REPO_ROOT, "docs", "mcp.md");

const ACCESS: Record<DataTool["route"]["security"], string> = {
  none: "anyone",
  optional: "keyless: the free tier; a key: everything",
  required: "API key",
};

function argumentsOf(tool: DataTool): string {
  const names = Object.entries(tool.input.shape).map(([name, schema]) =>
    (schema as { isOptional(): boolean }).isOptional() ? `${name}?` : name,
  );
  return names.length === 0 ? "none" : names.map((name) => `\`${name}\``).join(", ");
}

/** The lines of the first Markdown table after `marker`. */
function tableAfter(markdown: string, marker: string): string[] {
  const at = markdown.indexOf(marker);
  if (at === -1) throw new Error(`no '${marker}' in ${MCP_DOC}`);
  const lines = markdown.slice(at).split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith("|"));
  return lines.slice(start + 2, end).map((line) => line.replace(/ +\|/g, " |").trim());
}

describe("docs/mcp.md", () => {
  const markdown = readFileSync(MCP_DOC, "utf8");

  it("lists exactly the server's tools, with their arguments, access, REST route and title", () => {
    expect(tableAfter(markdown, "<!-- tools -->")).toEqual(
      DATA_TOOLS.map(
        (tool) =>
          `| \`${tool.name}\` | ${argumentsOf(tool)} | ${ACCESS[tool.route.security]} | \`GET ${tool.route.path}\` | ${tool.title} |`,
      ),
    );
  });

  it("lists exactly the server's resources", () => {
    expect(tableAfter(markdown, "<!-- resources -->")).toEqual(
      MCP_RESOURCES.map((r) => `| \`${r.uri}\` | ${r.mimeType} | ${r.title} |`),
    );
  });
});
