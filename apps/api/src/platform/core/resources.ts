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

/**
 * What a market's methodology document says now besides its heading (the title and the method's
 * version): its opening lines ("Unit: <unit>." when absent) and its sections.
 */
export type MethodologyText = {
  opening?: readonly string[];
  sections: readonly MarkdownSection[];
};

/** Lines as a Markdown list, one `- ` item each. */
export const listItems = (lines: readonly string[]): string[] => lines.map((line) => `- ${line}`);

/** A sources section's lines: the data's notice first (while the sample is served), then `lines`. */
export const noticeFirst = (notice: string | null, lines: readonly string[]): string[] =>
  notice === null ? [...lines] : [notice, ...lines];
