import {
  listItems,
  methodologyResource,
  noticeFirst,
  type McpResource,
  type MethodologyText,
} from "../../platform/core/resources";
import { LLM_CODING } from "./read-model/state";
import { llmCodingMethodologyDocument } from "./services/llm-coding";

/** The LLM Coding methodology as an MCP resource, in Markdown, with the sources of the served values. */
export const LLM_CODING_RESOURCES: readonly McpResource[] = [
  methodologyResource({
    market: "llm-coding",
    title: "LLM Coding methodology",
    description:
      "How the LLM Coding products are counted: the GitHub searches per agent, the maturation rule, the merge-rate definition, the sources with their citations, and whether the served values are the generated sample.",
    read: (deps) => llmCodingMethodologyText(LLM_CODING.of(deps).counts),
  }),
];

function llmCodingMethodologyText(
  counts: Parameters<typeof llmCodingMethodologyDocument>[0],
): MethodologyText {
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
    version: doc.version,
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
