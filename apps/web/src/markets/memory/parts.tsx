import { ANY_PLAN_TEXT, type MarketLock } from "../../kit/access";
import { SourceList } from "../../kit/sources";
import type { MemoryDataSources } from "./loaders";

/** Who reads the Memory values, as the api's routes grant them: any key, whatever its plan. */
export const MEMORY_PLANS_TEXT = ANY_PLAN_TEXT;

/** The /docs reference of the Memory routes, each at its operation's anchor. */
export const MEMORY_DOCS = {
  types: "/docs#route-listMemoryTypes",
  methodology: "/docs#route-getMemoryMethodology",
  index: "/docs#route-getMemoryIndex",
  history: "/docs#route-getMemoryHistory",
} as const;

/** The locked state of its values, for a reader whose plan does not read them. */
export const MEMORY_LOCK: MarketLock = {
  market: "memory",
  valueLabel: "Settled prices",
  plansText: MEMORY_PLANS_TEXT,
  served: "The settled prices, their change, weekly high and low, history and CSV",
};

/** The sample notice where the api gives none. */
export const MEMORY_SAMPLE_NOTICE = "Sample data: generated, not market prices.";

/** The sources of an answer's prices, each with its newest print. */
export function MemorySources({ dataSources }: { dataSources: MemoryDataSources }) {
  return (
    <SourceList
      market="memory"
      sample={dataSources.sample}
      notice={dataSources.notice ?? MEMORY_SAMPLE_NOTICE}
      sources={dataSources.sources}
      asOfLead="as of"
    />
  );
}
