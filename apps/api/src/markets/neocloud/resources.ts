import { NEOCLOUD_METHODOLOGY_VERSION } from "@tpi/domain";
import type { McpResource } from "../../platform/core/resources";
import type { PublishedNeocloudSites } from "./read-model/published-sites";
import { NEOCLOUD } from "./read-model/state";
import { neocloudMethodologyDocument } from "./services/neocloud";

/** The Neo-Cloud Sites methodology as an MCP resource, in Markdown, with its sources and citations. */
export const NEOCLOUD_RESOURCES: readonly McpResource[] = [
  {
    name: "neocloud-methodology",
    uri: "tpi://methodology/neocloud",
    title: "Neo-Cloud Sites methodology",
    description:
      "How Epoch AI's GPU Clusters and Frontier Data Centers records become neo-cloud sites: field mapping, the neo-cloud definition and curated operator list, chip families, statuses, geocoding, sources and citations.",
    mimeType: "text/markdown",
    read: (deps) => neocloudMethodologyMarkdown(NEOCLOUD.of(deps).sites),
  },
];

export function neocloudMethodologyMarkdown(published: PublishedNeocloudSites): string {
  const document = neocloudMethodologyDocument(published);
  const { notice } = document.dataSources;
  return [
    `# Neo-Cloud Sites methodology, version ${NEOCLOUD_METHODOLOGY_VERSION}`,
    document.summary,
    `## Neo-clouds\n\n${document.neocloudDefinition}\n\n${document.operators
      .map(
        (operator) =>
          `- ${operator.name}: ${operator.category}${operator.note === null ? "" : ` (${operator.note})`}`,
      )
      .join("\n")}`,
    `## Fields\n\n${Object.entries(document.fields)
      .map(([field, text]) => `- ${field}: ${text}`)
      .join("\n")}`,
    `## Rules\n\n${document.rules.map((rule) => `- ${rule}`).join("\n")}\n- ${document.geocoding}`,
    `## Sources\n\n${[
      ...(notice === null ? [] : [notice]),
      ...document.sources.map(
        (source) => `- ${source.title}: ${source.citation} (${source.licence.name})`,
      ),
      `- ${document.gazetteer.attribution}`,
    ].join("\n")}`,
  ].join("\n\n");
}
