import { WORKLOAD_METHODOLOGY_VERSION, WORKLOAD_UNIT } from "@tpi/domain";
import {
  listItems,
  methodologyResource,
  noticeFirst,
  type McpResource,
  type MethodologyText,
} from "../../platform/core/resources";
import { WORKLOAD } from "./read-model/state";
import { workloadMethodologyDocument } from "./services/workload";
import type { PublishedWorkload } from "./read-model/published-workload";

/** The Workload Cost methodology as an MCP resource, in Markdown, with its sources and citation. */
export const WORKLOAD_RESOURCES: readonly McpResource[] = [
  methodologyResource({
    market: "workload",
    title: "Workload Cost index methodology",
    description:
      "How the Workload Cost index turns OpenRouter's weekly median cost per coding-agent session into cents per session, implied tokens, a like-for-like index and its price, intensity and mix effects; sources, exclusions and the citation.",
    read: (deps) => workloadMethodologyText(WORKLOAD.of(deps).index),
  }),
];

function workloadMethodologyText(index: PublishedWorkload): MethodologyText {
  const document = workloadMethodologyDocument(index);
  const { notice } = document.dataSources;
  return {
    version: WORKLOAD_METHODOLOGY_VERSION,
    opening: [`Unit: ${WORKLOAD_UNIT}.`],
    sections: [
      { heading: "Method", lines: listItems(document.rules) },
      {
        heading: "Exclusions",
        lines: Object.entries(document.exclusions).map(([reason, text]) => `- ${reason}: ${text}`),
      },
      {
        heading: "Sources",
        lines: noticeFirst(notice, [
          ...document.sources.map(
            (source) =>
              `- ${source.source}: ${source.what}. ${source.citation} (${source.licence})`,
          ),
        ]),
      },
      {
        heading: "Published",
        lines: [
          `${document.weeks} week(s)${document.latestWeek === null ? "" : `, the latest ending ${document.latestWeek}`}.`,
        ],
      },
    ],
  };
}
