import { addDays, startOfUtcDay, type UtcDay } from "../shared/calendar";
import {
  indexPriceList,
  perTokenToPerMtok,
  priceListModelOf,
  type PriceIndex,
  type PriceListModel,
  type PriceSnapshotRef,
} from "../token/rankings";
import { PRICE_SNAPSHOT_WINDOW_HOURS } from "../token/provenance";
import type { SessionCostWeek, SessionCostWindow } from "./cells";
import {
  CELL_EXCLUSION_REASONS,
  blendedPricePerMtok,
  computeWorkloadIndex,
  priceCells,
  type CellExclusionReason,
  type PricedCell,
  type WorkloadRow,
} from "./index-math";

/**
 * The Workload Cost index as published: every stored session-cost week priced by one stored
 * model-price snapshot and run through the index math. A pure function of the stored inputs, so
 * every instance that loaded the same weeks and snapshots serves the same numbers.
 */

const MS_PER_HOUR = 3_600_000;

/**
 * The price snapshot that prices a week: the latest one taken before the window's end date was
 * over (the list prices in force on the window's last day), or, when none was taken by then (the
 * prices began to be synced later), the first one taken within PRICE_SNAPSHOT_WINDOW_HOURS after
 * it, as the token index prices a day. Null when neither exists: the week's cells have no price.
 */
export function weekPriceSnapshot(
  windowEndDate: UtcDay,
  snapshots: readonly PriceSnapshotRef[],
): PriceSnapshotRef | null {
  const dayEnd = startOfUtcDay(addDays(windowEndDate, 1)).getTime();
  const ordered = [...snapshots].sort(
    (a, b) => a.fetchedAt.getTime() - b.fetchedAt.getTime() || a.id - b.id,
  );
  const before = ordered.filter((s) => s.fetchedAt.getTime() < dayEnd).at(-1);
  if (before !== undefined) return before;
  const after = ordered.find((s) => s.fetchedAt.getTime() >= dayEnd);
  if (after === undefined) return null;
  return after.fetchedAt.getTime() - dayEnd <= PRICE_SNAPSHOT_WINDOW_HOURS * MS_PER_HOUR
    ? after
    : null;
}

/**
 * A model's blended list price (USD per Mtok) in a price list: the entry the token index would
 * price the permaslug with (its canonical slug, its id, or a variant's base model), input and
 * output blended 3:1. Null when the list has no usable price for it.
 */
export function blendedPriceIn(permaslug: string, prices: PriceIndex): number | null {
  const listed = priceListModelOf(permaslug, prices);
  if (listed === undefined) return null;
  return blendedPricePerMtok(
    perTokenToPerMtok(listed.prompt),
    perTokenToPerMtok(listed.completion),
  );
}

/** A stored week with the price list that prices it (null: no snapshot prices it). */
export type WorkloadWeekInput = {
  week: SessionCostWeek;
  prices: { fetchedAt: Date; models: readonly PriceListModel[] } | null;
};

/** One week as published: its window, price snapshot, priced cells and the cells left out. */
export type PublishedWorkloadWeek = {
  window: SessionCostWindow;
  /** When the price snapshot that priced the week was taken; null when none did. */
  pricesFetchedAt: string | null;
  /** The later of the window's as-of and the price snapshot: when the week's rows could first be computed. */
  computedAt: string;
  cells: readonly PricedCell[];
  excluded: Readonly<Record<CellExclusionReason, number>>;
};

export type WorkloadPublication = {
  weeks: readonly PublishedWorkloadWeek[];
  /** Oldest first; within a week labs in catalogue order, `all` first. */
  rows: readonly (WorkloadRow & { computedAt: string })[];
};

function noExclusions(): Record<CellExclusionReason, number> {
  const counts = {} as Record<CellExclusionReason, number>;
  for (const reason of Object.keys(CELL_EXCLUSION_REASONS) as CellExclusionReason[])
    counts[reason] = 0;
  return counts;
}

/** Prices every week with its own snapshot and computes the index over all of them. */
export function publishWorkloadIndex(inputs: readonly WorkloadWeekInput[]): WorkloadPublication {
  const weeks = [...inputs]
    .sort((a, b) => (a.week.window.windowEndDate < b.week.window.windowEndDate ? -1 : 1))
    .map(({ week, prices }): PublishedWorkloadWeek => {
      const index = prices === null ? null : indexPriceList(prices.models);
      const { priced, excluded } = priceCells(week.cells, (permaslug) =>
        index === null ? null : blendedPriceIn(permaslug, index),
      );
      const counts = noExclusions();
      for (const { reason } of excluded) counts[reason] += 1;
      const pricesFetchedAt = prices?.fetchedAt.toISOString() ?? null;
      const computedAt =
        pricesFetchedAt !== null && pricesFetchedAt > week.window.asOf
          ? pricesFetchedAt
          : week.window.asOf;
      return { window: week.window, pricesFetchedAt, computedAt, cells: priced, excluded: counts };
    });
  const computedAtOf = new Map(weeks.map((w) => [w.window.windowEndDate, w.computedAt]));
  const rows = computeWorkloadIndex(weeks).map((row) => ({
    ...row,
    computedAt: computedAtOf.get(row.windowEndDate) ?? row.asOf,
  }));
  return { weeks, rows };
}
