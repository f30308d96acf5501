import { listItems, noticeFirst, type MethodologyText } from "../../platform/core/resources";
import type { NeocloudState } from "./read-model/state";
import { neocloudMethodologyDocument } from "./services/neocloud";

/** The Neo-Cloud Sites methodology in Markdown: its MCP resource, written from the live state. */
export function neocloudMethodologyText({ sites }: NeocloudState): MethodologyText {
  const document = neocloudMethodologyDocument(sites);
  const { notice } = document.dataSources;
  return {
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
