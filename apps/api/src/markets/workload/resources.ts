import { WORKLOAD_METHODOLOGY_VERSION, WORKLOAD_UNIT } from "@tpi/domain";
import type { McpResource } from "../../platform/core/resources";
import { WORKLOAD } from "./read-model/state";
import { workloadMethodologyDocument } from "./services/workload";
import type { PublishedWorkload } from "./read-model/published-workload";

/** The Workload Cost methodology as an MCP resource, in Markdown, with its sources and citation. */
export const WORKLOAD_RESOURCES: readonly McpResource[] = [
  {
    name: "workload-methodology",
    uri: "tpi://methodology/workload",
    title: "Workload Cost index methodology",
    description:
      "How the Workload Cost index turns OpenRouter's weekly median cost per coding-agent session into cents per session, implied tokens, a like-for-like index and its price, intensity and mix effects; sources, exclusions and the citation.",
    mimeType: "text/markdown",
    read: (deps) => workloadMethodologyMarkdown(WORKLOAD.of(deps).index),
  },
];

export function workloadMethodologyMarkdown(index: PublishedWorkload): string {
  const document = workloadMethodologyDocument(index);
  const sources = document.sources.map(
    (source) => `- ${source.source}: ${source.what}. ${source.citation} (${source.licence})`,
  );
  const exclusions = Object.entries(document.exclusions).map(
    ([reason, text]) => `- ${reason}: ${text}`,
  );
  const { notice } = document.dataSources;
  return [
    `# Workload Cost index methodology, version ${WORKLOAD_METHODOLOGY_VERSION}`,
    `Unit: ${WORKLOAD_UNIT}.`,
    `## Method\n\n${document.rules.map((rule) => `- ${rule}`).join("\n")}`,
    `## Exclusions\n\n${exclusions.join("\n")}`,
    `## Sources\n\n${[...(notice === null ? [] : [notice]), ...sources].join("\n")}`,
    `## Published\n\n${document.weeks} week(s)${document.latestWeek === null ? "" : `, the latest ending ${document.latestWeek}`}.`,
  ].join("\n\n");
}
