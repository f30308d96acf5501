import { listItems, noticeFirst, type MethodologyText } from "../../platform/core/resources";
import type { LlmCodingState } from "./read-model/state";
import { llmCodingMethodologyDocument } from "./services/llm-coding";

/** The LLM Coding methodology in Markdown: its MCP resource, written from the live state. */
export function llmCodingMethodologyText({ counts }: LlmCodingState): MethodologyText {
  const doc = llmCodingMethodologyDocument(counts);
  const queries = doc.queries.map((q) =>
    [
      `- ${q.label}: opened \`${q.opened.endpoint}?q=${q.opened.q}\`; merged \`${q.merged.endpoint}?q=${q.merged.q}\``,
      q.commits === null ? "" : `; commits \`${q.commits.endpoint}?q=${q.commits.q}\``,
      `. ${q.reason}`,
    ].join(""),
  );
  const sources = doc.sources.map(
    (s) =>
      `- ${s.name} (${s.url}): ${s.measures} Cite: ${s.citation}${s.licence === null ? "" : ` Licence: ${s.licence.name} (${s.licence.url}).`}`,
  );
  const { notice, sources: served } = doc.dataSources;
  const servedLines = served.map(
    (s) =>
      `- ${s.source}${s.sample ? " (generated sample, not market data)" : ""}: ${s.days} UTC days from ${s.firstDay} to ${s.lastDay}; newest search ${s.latestAsOf ?? "none"}.`,
  );
  return {
    opening: [
      `Unit: ${doc.unit}. Counts are provisional until ${doc.maturationDays} whole days after their day ended, then settled.`,
    ],
    sections: [
      { heading: "Rules", lines: listItems(doc.rules) },
      { heading: "Merge rate", lines: [doc.mergeRate] },
      { heading: "GitHub searches per agent (YYYY-MM-DD is the UTC day)", lines: queries },
      { heading: "Sources", lines: sources },
      {
        heading: "Served data",
        lines: noticeFirst(
          notice,
          servedLines.length > 0 ? servedLines : ["No counts are stored yet."],
        ),
      },
    ],
  };
}
