import { listItems, noticeFirst, type MethodologyText } from "../../platform/core/resources";
import type { MemoryState } from "./read-model/state";
import { memoryMethodologyDocument } from "./services/memory";

/** The Memory methodology in Markdown: its MCP resource, written from the live state. */
export function memoryMethodologyText({ index }: MemoryState): MethodologyText {
  const document = memoryMethodologyDocument(index);
  const { notice, sources } = document.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}: as of ${source.asOf ?? "unknown"}${source.licence === null ? "" : `, ${source.licence.name}`}${source.citation === null ? "" : `. ${source.citation}`}`,
  );
  const sourcesText = noticeFirst(notice, sourceLines).join("\n");
  return {
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
