import { MEMORY_METHODOLOGY_VERSION, MEMORY_UNIT } from "@tpi/domain";
import {
  listItems,
  methodologyResource,
  noticeFirst,
  type McpResource,
  type MethodologyText,
} from "../../platform/core/resources";
import type { PublishedMemory } from "./read-model/published-memory";
import { MEMORY } from "./read-model/state";
import { memoryMethodologyDocument } from "./services/memory";

/** The Memory methodology as an MCP resource, in Markdown, with its sources. */
export const MEMORY_RESOURCES: readonly McpResource[] = [
  methodologyResource({
    market: "memory",
    title: "Memory index methodology",
    description:
      "How the Memory index settles DRAM, NAND flash and module prices once per NYSE trading day at 4 PM New York: the trading calendar, the session average, change and weekly high/low, revisions, the import format and the sources checked.",
    read: (deps) => memoryMethodologyText(MEMORY.of(deps).index),
  }),
];

function memoryMethodologyText(index: PublishedMemory): MethodologyText {
  const document = memoryMethodologyDocument(index);
  const { notice, sources } = document.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}: as of ${source.asOf ?? "unknown"}${source.licence === null ? "" : `, ${source.licence.name}`}${source.citation === null ? "" : `. ${source.citation}`}`,
  );
  const sourcesText = noticeFirst(notice, sourceLines).join("\n");
  return {
    version: MEMORY_METHODOLOGY_VERSION,
    opening: [`Unit: ${MEMORY_UNIT}.`],
    sections: [
      { heading: "Method", lines: listItems(document.rules) },
      {
        heading: "Import file",
        lines: document.importColumns.map(({ column, meaning }) => `- \`${column}\`: ${meaning}`),
      },
      { heading: "Public series checked", lines: listItems(document.publicSeries) },
      { heading: "Sources", lines: [sourcesText || "Nothing imported yet."] },
    ],
  };
}
