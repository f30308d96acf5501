import { MEMORY_METHODOLOGY_VERSION, MEMORY_UNIT } from "@tpi/domain";
import type { McpResource } from "../../platform/core/resources";
import type { PublishedMemory } from "./read-model/published-memory";
import { MEMORY } from "./read-model/state";
import { memoryMethodologyDocument } from "./services/memory";

/** The Memory methodology as an MCP resource, in Markdown, with its sources. */
export const MEMORY_RESOURCES: readonly McpResource[] = [
  {
    name: "memory-methodology",
    uri: "tpi://methodology/memory",
    title: "Memory index methodology",
    description:
      "How the Memory index settles DRAM, NAND flash and module prices once per NYSE trading day at 4 PM New York: the trading calendar, the session average, change and weekly high/low, revisions, the import format and the sources checked.",
    mimeType: "text/markdown",
    read: (deps) => memoryMethodologyMarkdown(MEMORY.of(deps).index),
  },
];

export function memoryMethodologyMarkdown(index: PublishedMemory): string {
  const document = memoryMethodologyDocument(index);
  const { notice, sources } = document.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}: as of ${source.asOf ?? "unknown"}${source.licence === null ? "" : `, ${source.licence.name}`}${source.citation === null ? "" : `. ${source.citation}`}`,
  );
  return [
    `# Memory index methodology, version ${MEMORY_METHODOLOGY_VERSION}`,
    `Unit: ${MEMORY_UNIT}.`,
    `## Method\n\n${document.rules.map((rule) => `- ${rule}`).join("\n")}`,
    `## Import file\n\n${document.importColumns.map(({ column, meaning }) => `- \`${column}\`: ${meaning}`).join("\n")}`,
    `## Public series checked\n\n${document.publicSeries.map((line) => `- ${line}`).join("\n")}`,
    `## Sources\n\n${[...(notice === null ? [] : [notice]), ...sourceLines].join("\n") || "Nothing imported yet."}`,
  ].join("\n\n");
}
