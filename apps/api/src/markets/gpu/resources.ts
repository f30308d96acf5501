import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  gpuMethodologySections,
} from "@tpi/domain";
import {
  methodologyResource,
  noticeFirst,
  type McpResource,
  type MethodologyText,
} from "../../platform/core/resources";
import { GPU, type GpuState } from "./read-model/state";

/** The GPU methodology as an MCP resource, in Markdown, with the bounds and sources in force. */
export const GPU_RESOURCES: readonly McpResource[] = [
  methodologyResource({
    market: "gpu",
    title: "GPU compute price index methodology",
    description:
      "The GPU index methodology in force, section by section, with the winsorizing bounds, the data sources (whether the trades are the generated sample) and version history.",
    read: (deps) => gpuMethodologyText(GPU.of(deps)),
  }),
];

function gpuMethodologyText({ rules, index }: GpuState): MethodologyText {
  const { notice, sources } = index.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}${source.sample ? " (generated sample, not market data)" : ""}: trades on ${source.days} UTC days from ${source.firstDay} to ${source.lastDay}; newest trade ${source.latestAsOf ?? "unknown"}.`,
  );
  return {
    version: GPU_METHODOLOGY_VERSION,
    opening: [`Unit: ${GPU_INDEX_UNIT}.`],
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
