import { ANY_PLAN_TEXT, type MarketLock } from "../../kit/access";
import type { ApiRoute } from "../../kit/route-link";
import { SourceList } from "../../kit/sources";
import { NumberCell } from "../../kit/table";
import {
  changeDirection,
  formatMemoryChange,
  formatMemoryPrice,
  type MemoryHistoryRow,
} from "./lib";
import type { MemoryDataSources } from "./loaders";

/** Who reads the Memory values, as the api's routes grant them: any key, whatever its plan. */
export const MEMORY_PLANS_TEXT = ANY_PLAN_TEXT;

/** The Memory routes the pages name, each linked to its reference on /docs. */
export const MEMORY_ROUTES = {
  types: { request: "GET /api/memory-types", operationId: "listMemoryTypes" },
  methodology: { request: "GET /api/memory/methodology", operationId: "getMemoryMethodology" },
  index: { request: "GET /api/memory-index", operationId: "getMemoryIndex" },
  history: { request: "GET /api/memory/{memoryType}/history", operationId: "getMemoryHistory" },
} as const satisfies Record<string, ApiRoute>;

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

/**
 * A settled day's price, its change from the previous settlement (`colourChange`: coloured up or
 * down) and the trailing week's high and low, as table cells with their raw values.
 */
export function SettledCells({
  row,
  colourChange,
}: {
  row: Pick<MemoryHistoryRow, "price" | "changePct" | "weeklyHigh" | "weeklyLow">;
  colourChange: boolean;
}) {
  return (
    <>
      <NumberCell label="Price" value={row.price} format={formatMemoryPrice} />
      <NumberCell
        label="Change"
        value={row.changePct}
        format={formatMemoryChange}
        className={colourChange ? changeDirection(row.changePct) : undefined}
      />
      <NumberCell label="Weekly high" value={row.weeklyHigh} format={formatMemoryPrice} />
      <NumberCell label="Weekly low" value={row.weeklyLow} format={formatMemoryPrice} />
    </>
  );
}
