import { ANY_PLAN_TEXT, type MarketLock } from "../../kit/access";
import { SourceList } from "../../kit/sources";
import type { CodingDataSources } from "./lib";

/** Who reads the LLM Coding values, as the api's routes grant them: any key, whatever its plan. */
export const CODING_PLANS_TEXT = ANY_PLAN_TEXT;

/** The /docs reference of the LLM Coding routes, each at its operation's anchor. */
export const CODING_DOCS = {
  methodology: "/docs#route-getLlmCodingMethodology",
  index: "/docs#route-getLlmCodingIndex",
  history: "/docs#route-getLlmCodingHistory",
} as const;

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
