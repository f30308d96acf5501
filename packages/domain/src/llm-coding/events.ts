import { dayPeriod } from "../events/event";
import type { PublishedSeriesValues, SeriesMarket } from "../events/series-values";
import type { UtcDay } from "../shared/calendar";
import type { DataProvenance } from "../shared/data-provenance";
import {
  LLM_CODING_PRODUCTS,
  countsNeeded,
  isLlmCodingProductId,
  llmCodingProduct,
  type CodingAgent,
  type CodingMetric,
  type SeriesSpec,
} from "./catalog";
import { settlesOn, type CountDecision } from "./maturation";
import {
  GITHUB_SEARCH_SOURCE,
  GITHUB_SEARCH_SOURCE_NAME,
  LLM_CODING_METHODOLOGY_VERSION,
} from "./methodology";
import { productDayRow, type DayCountLookup } from "./values";

/**
 * The LLM Coding market's value events. A series is a product (`cc-prs`, `cc-vs-codex-merge`,
 * ...), a period a UTC day; the values are the product's `value` (and `value2` for a comparison
 * product), as history serves them. A product-day is settled (published) when its first count
 * is stored, and revised whenever a later count changes its value: while the day matures
 * (counts are provisional for MATURATION_DAYS days) and after, when a settled count is revised.
 * A count that settles without changing changes no value, so it announces nothing.
 */
export const LLM_CODING_EVENTS: SeriesMarket = {
  market: "llm-coding",
  methodologyVersion: LLM_CODING_METHODOLOGY_VERSION,
};

/** A value's unit: whole pull requests or commits per UTC day, or a merge rate in percent. */
export function codingSeriesUnit(series: SeriesSpec): string {
  if (series.measure === "merge_rate") return "percent";
  return series.metric === "commits" ? "commits per UTC day" : "pull requests per UTC day";
}

/** GitHub search as the source of a day's values, as of the search that gave them. */
export function githubSearchProvenance(asOf: Date): DataProvenance {
  return {
    source: GITHUB_SEARCH_SOURCE_NAME,
    sample: false,
    asOf: asOf.toISOString(),
    citation: GITHUB_SEARCH_SOURCE.citation,
    // Counts of public pull requests and commits are facts, not licensed data.
    licence: null,
  };
}

/** Every product's values on `day` from its counts (a product without any value is left out). */
export function codingPublishedValues(
  day: UtcDay,
  lookup: DayCountLookup,
  sources: readonly DataProvenance[],
): PublishedSeriesValues[] {
  return LLM_CODING_PRODUCTS.flatMap((product) => {
    const row = productDayRow(product, day, lookup);
    if (row === null) return [];
    const values = (product.series as readonly SeriesSpec[]).map((series, i) => ({
      name: i === 0 ? "value" : "value2",
      value: i === 0 ? row.value : row.value2,
      unit: codingSeriesUnit(series),
    }));
    return [{ series: product.id, period: dayPeriod(day), values, sources }];
  });
}

/** One count a day's write decided on. */
export type CodingCountChange = {
  agent: CodingAgent;
  metric: CodingMetric;
  decision: CountDecision;
};

/**
 * Why a product's value of `day` changed, from the decisions on the counts it uses: a maturing
 * (provisional) count updated, or a settled count revised with its own reason.
 */
export function codingRevisionReason(
  productId: string,
  day: UtcDay,
  changes: readonly CodingCountChange[],
): string {
  if (!isLlmCodingProductId(productId)) throw new RangeError(`unknown product '${productId}'`);
  const needed = countsNeeded(llmCodingProduct(productId));
  const parts: string[] = [];
  for (const { agent, metric, decision } of changes) {
    if (!needed.some((n) => n.agent === agent && n.metric === metric)) continue;
    if (decision.action === "update" && decision.count !== decision.previousCount)
      parts.push(
        `${agent} ${metric} ${decision.previousCount} -> ${decision.count} (a maturing count, provisional until it settles on ${settlesOn(day)})`,
      );
    if (decision.action === "revise")
      parts.push(`${agent} ${metric}: ${decision.revision.message}`);
  }
  return `The day's counts changed: ${parts.join("; ")}`;
}
