import { listItems, noticeFirst, type MethodologyText } from "../../platform/core/resources";
import type { WorkloadState } from "./read-model/state";
import { workloadMethodologyDocument } from "./services/workload";

/** The Workload Cost methodology in Markdown: its MCP resource, written from the live state. */
export function workloadMethodologyText({ index }: WorkloadState): MethodologyText {
  const document = workloadMethodologyDocument(index);
  const { notice } = document.dataSources;
  return {
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
