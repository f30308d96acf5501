import type { McpResource } from "../../platform/core/resources";
import { answerMethodology } from "./services/details";
import { TOKEN } from "./read-model/state";

/** The token methodology as an MCP resource: the body of GET /api/otpi/methodology. */
export const TOKEN_RESOURCES: readonly McpResource[] = [
  {
    name: "token-methodology",
    uri: "tpi://methodology/token",
    title: "Token price index methodology",
    description:
      "The token index methodology in force, with data sources, citations and version history: the body of GET /api/otpi/methodology.",
    mimeType: "application/json",
    read(deps) {
      const { rules, index } = TOKEN.of(deps);
      const document = answerMethodology(rules, index.dataSources);
      const body = document.ok ? document.value : { error: document.error.message };
      return JSON.stringify(body, null, 2);
    },
  },
];
