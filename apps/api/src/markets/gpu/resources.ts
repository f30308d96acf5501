import { GPU_METHODOLOGY_HISTORY, gpuMethodologySections } from "@tpi/domain";
import { noticeFirst, type MethodologyText } from "../../platform/core/resources";
import type { GpuState } from "./read-model/state";

/** The GPU methodology in Markdown: its MCP resource, written from the live state. */
export function gpuMethodologyText({ rules, index }: GpuState): MethodologyText {
  const { notice, sources } = index.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}${source.sample ? " (generated sample, not market data)" : ""}: trades on ${source.days} UTC days from ${source.firstDay} to ${source.lastDay}; newest trade ${source.latestAsOf ?? "unknown"}.`,
  );
  return {
    sections: [
      ...gpuMethodologySections(rules).map(({ heading, text }) => ({ heading, lines: [text] })),
      {
        heading: "Data sources",
        lines: noticeFirst(
          notice,
          sourceLines.length > 0 ? sourceLines : ["No trades are stored yet."],
        ),
      },
      {
        heading: "Version history",
        lines: GPU_METHODOLOGY_HISTORY.map(
          (entry) => `- ${entry.version} (from ${entry.effectiveFrom}): ${entry.summary}`,
        ),
      },
    ],
  };
}
