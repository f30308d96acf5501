import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  gpuMethodologySections,
} from "@tpi/domain";
import type { McpResource } from "../../platform/core/resources";
import { GPU, type GpuState } from "./read-model/state";

/** The GPU methodology as an MCP resource, in Markdown, with the bounds and sources in force. */
export const GPU_RESOURCES: readonly McpResource[] = [
  {
    name: "gpu-methodology",
    uri: "tpi://methodology/gpu",
    title: "GPU compute price index methodology",
    description:
      "The GPU index methodology in force, section by section, with the winsorizing bounds, the data sources (whether the trades are the generated sample) and version history.",
    mimeType: "text/markdown",
    read: (deps) => gpuMethodologyMarkdown(GPU.of(deps)),
  },
];

function gpuMethodologyMarkdown({ rules, index }: GpuState): string {
  const sections = gpuMethodologySections(rules).map(
    (section) => `## ${section.heading}\n\n${section.text}`,
  );
  const history = GPU_METHODOLOGY_HISTORY.map(
    (entry) => `- ${entry.version} (from ${entry.effectiveFrom}): ${entry.summary}`,
  );
  const { notice, sources } = index.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}${source.sample ? " (generated sample, not market data)" : ""}: trades on ${source.days} UTC days from ${source.firstDay} to ${source.lastDay}; newest trade ${source.latestAsOf ?? "unknown"}.`,
  );
  return [
    `# GPU compute price index methodology, version ${GPU_METHODOLOGY_VERSION}`,
    `Unit: ${GPU_INDEX_UNIT}.`,
    ...sections,
    `## Data sources\n\n${[...(notice === null ? [] : [notice]), ...(sourceLines.length > 0 ? sourceLines : ["No trades are stored yet."])].join("\n")}`,
    `## Version history\n\n${history.join("\n")}`,
  ].join("\n\n");
}
