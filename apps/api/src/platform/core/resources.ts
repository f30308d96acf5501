import type { AppDeps } from "./deps";

/** A document MCP clients can read besides the tools (a market's methodology, say). */
export type McpResource = {
  name: string;
  /** `tpi://…` */
  uri: string;
  title: string;
  description: string;
  mimeType: "application/json" | "text/markdown";
  /** The document as served now (it may state the published data's sources). */
  read(deps: AppDeps): string;
};

/** A section of a Markdown document: its heading, and its lines (paragraphs, `- ` list items). */
export type MarkdownSection = { heading: string; lines: readonly string[] };

/** What a market's methodology document says now: the method's version, its opening lines, its sections. */
export type MethodologyText = {
  version: string;
  opening: readonly string[];
  sections: readonly MarkdownSection[];
};

/**
 * A market's methodology as an MCP resource in Markdown, at `tpi://methodology/<market>`: headed
 * by its title and the method's version, then its opening lines and sections as `read` states
 * them from what is served now.
 */
export function methodologyResource(spec: {
  market: string;
  /** The document's title: "Memory index methodology". */
  title: string;
  description: string;
  read(deps: AppDeps): MethodologyText;
}): McpResource {
  return {
    name: `${spec.market}-methodology`,
    uri: `tpi://methodology/${spec.market}`,
    title: spec.title,
    description: spec.description,
    mimeType: "text/markdown",
    read(deps) {
      const { version, opening, sections } = spec.read(deps);
      return [
        `# ${spec.title}, version ${version}`,
        ...opening,
        ...sections.map(({ heading, lines }) => `## ${heading}\n\n${lines.join("\n")}`),
      ].join("\n\n");
    },
  };
}

/** Lines as a Markdown list, one `- ` item each. */
export const listItems = (lines: readonly string[]): string[] => lines.map((line) => `- ${line}`);

/** A sources section's lines: the data's notice first (while the sample is served), then `lines`. */
export const noticeFirst = (notice: string | null, lines: readonly string[]): string[] =>
  notice === null ? [...lines] : [notice, ...lines];
