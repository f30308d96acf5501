import { dayPeriod } from "../events/event";
import type { PublishedSeriesValues, SeriesMarket } from "../events/series-values";
import type { DataProvenance } from "../shared/data-provenance";
import { OPENROUTER_SOURCE, provenanceOf } from "../token/provenance";
import { SESSION_COST_SOURCE_NAME, sessionCostCitation } from "./cells";
import { WORKLOAD_METHODOLOGY_VERSION } from "./methodology";
import type { PublishedWorkloadWeek, WorkloadPublication } from "./publication";

/**
 * The Workload Cost market's value events. A series is a lab's aggregate or one of its families,
 * keyed `lab/family` (`anthropic/all`, `openai/codex`); a period is a week, named by its
 * window's end date (the answers' `date`). The values are the row's served fields, `cCents`
 * first. A week's rows are settled when its session-cost cells are first written and revised
 * when a sync writes the week again with other cells; the like-for-like index of the weeks after
 * it is chained to it, so their rows are revised with it.
 */
export const WORKLOAD_EVENTS: SeriesMarket = {
  market: "workload",
  methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
};

export function workloadSeriesKey(row: { lab: string; family: string }): string {
  return `${row.lab}/${row.family}`;
}

/**
 * The sources of one week's values: OpenRouter's session-cost dataset as of the week's snapshot,
 * and OpenRouter's model list whose prices turned its costs into tokens (when one did).
 */
export function workloadWeekSources(week: PublishedWorkloadWeek): DataProvenance[] {
  const asOf = week.window.asOf;
  const licence = provenanceOf(OPENROUTER_SOURCE, null).licence;
  const sources: DataProvenance[] = [
    {
      source: SESSION_COST_SOURCE_NAME,
      sample: false,
      asOf,
      citation: sessionCostCitation(asOf),
      licence: licence === null ? null : { ...licence },
    },
  ];
  if (week.pricesFetchedAt !== null)
    sources.push(provenanceOf(OPENROUTER_SOURCE, week.pricesFetchedAt));
  return sources;
}

/** Every row of the index as its value events publish it. */
export function workloadPublishedValues(publication: WorkloadPublication): PublishedSeriesValues[] {
  const weeks = new Map(publication.weeks.map((week) => [week.window.windowEndDate, week]));
  return publication.rows.map((row) => {
    const week = weeks.get(row.windowEndDate);
    return {
      series: workloadSeriesKey(row),
      period: dayPeriod(row.windowEndDate),
      values: [
        { name: "cCents", value: row.costPerSessionCents, unit: "US cents per session" },
        { name: "qKtok", value: row.ktokPerSession, unit: "thousands of tokens per session" },
        { name: "lfl", value: row.lfl, unit: "index points (100 in the series' first week)" },
        { name: "priceEffect", value: row.effects?.priceEffectPct ?? null, unit: "percent" },
        {
          name: "intensityEffect",
          value: row.effects?.intensityEffectPct ?? null,
          unit: "percent",
        },
        { name: "mixEffect", value: row.effects?.mixEffectPct ?? null, unit: "percent" },
      ],
      sources: week === undefined ? [] : workloadWeekSources(week),
    };
  });
}
