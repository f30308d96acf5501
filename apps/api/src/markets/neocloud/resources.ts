import { NEOCLOUD_METHODOLOGY_VERSION } from "@tpi/domain";
import {
  listItems,
  methodologyResource,
  noticeFirst,
  type McpResource,
  type MethodologyText,
} from "../../platform/core/resources";
import type { PublishedNeocloudSites } from "./read-model/published-sites";
import { NEOCLOUD } from "./read-model/state";
import { neocloudMethodologyDocument } from "./services/neocloud";

/** The Neo-Cloud Sites methodology as an MCP resource, in Markdown, with its sources and citations. */
export const NEOCLOUD_RESOURCES: readonly McpResource[] = [
  methodologyResource({
    market: "neocloud",
    title: "Neo-Cloud Sites methodology",
    description:
      "How Epoch AI's GPU Clusters and Frontier Data Centers records become neo-cloud sites: field mapping, the neo-cloud definition and curated operator list, chip families, statuses, geocoding, sources and citations.",
    read: (deps) => neocloudMethodologyText(NEOCLOUD.of(deps).sites),
  }),
];

function neocloudMethodologyText(published: PublishedNeocloudSites): MethodologyText {
  const document = neocloudMethodologyDocument(published);
  const { notice } = document.dataSources;
  return {
    version: NEOCLOUD_METHODOLOGY_VERSION,
    opening: [document.summary],
    sections: [
      {
        heading: "Neo-clouds",
        lines: [
          document.neocloudDefinition,
          "",
          ...document.operators.map(
            (operator) =>
              `- ${operator.name}: ${operator.category}${operator.note === null ? "" : ` (${operator.note})`}`,
          ),
        ],
      },
      {
        heading: "Fields",
        lines: Object.entries(document.fields).map(([field, text]) => `- ${field}: ${text}`),
      },
      { heading: "Rules", lines: listItems([...document.rules, document.geocoding]) },
      {
        heading: "Sources",
        lines: noticeFirst(notice, [
          ...document.sources.map(
            (source) => `- ${source.title}: ${source.citation} (${source.licence.name})`,
          ),
          `- ${document.gazetteer.attribution}`,
        ]),
      },
    ],
  };
}
