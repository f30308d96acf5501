import { ANY_PLAN_TEXT, type MarketLock } from "../../kit/access";
import type { ApiRoute } from "../../kit/route-link";
import { SourceList } from "../../kit/sources";
import type { CodingDataSources } from "./lib";

/** Who reads the LLM Coding values, as the api's routes grant them: any key, whatever its plan. */
export const CODING_PLANS_TEXT = ANY_PLAN_TEXT;

/** The LLM Coding routes the pages name, each linked to its reference on /docs. */
export const CODING_ROUTES = {
  methodology: {
    request: "GET /api/llm-coding/methodology",
    operationId: "getLlmCodingMethodology",
  },
  index: { request: "GET /api/llm-coding/index", operationId: "getLlmCodingIndex" },
  history: { request: "GET /api/llm-coding/history", operationId: "getLlmCodingHistory" },
} as const satisfies Record<string, ApiRoute>;

/** The locked state of its values, for a reader whose plan does not read them. */
export const CODING_LOCK: MarketLock = {
  market: "coding",
  valueLabel: "Daily values",
  plansText: CODING_PLANS_TEXT,
  served: "The daily counts and merge rates, their history and CSV",
};

/** The sources of an answer's values, each with its newest search. */
export function CodingSources({ dataSources }: { dataSources: CodingDataSources }) {
  return (
    <SourceList
      market="coding"
      // The notice is shown only when the api gives one with the sample.
      sample={dataSources.sample && dataSources.notice !== null}
      notice={dataSources.notice ?? ""}
      sources={dataSources.sources.map((entry) => ({ ...entry, asOf: entry.latestAsOf }))}
      asOfLead="newest search"
    />
  );
}
