import type { ChartOffer } from "../lib/chart-state";
import type { PlanAnswer } from "./plan-answer";
import type { SeriesPaths } from "./series-paths";

/** The query parameter naming the series a series page's chart (and its CSV) shows. */
export const SERIES_PARAM = "series";

/** A history answer: its rows, oldest first. */
export type SeriesAnswer = { data: readonly unknown[] };

/** A row of a history answer. */
export type RowOf<Answer extends SeriesAnswer> = Answer["data"][number];

/**
 * A series source's `find`: the catalogue's entry of an id of the market's shape (`isId`), read
 * only for such an id; undefined (the 404) for any other.
 */
export function catalogFinder<Entry extends { id: string }>(
  isId: (id: string) => boolean,
  catalog: () => Promise<{ data: readonly Entry[] }>,
): (id: string) => Promise<Entry | undefined> {
  return async (id) =>
    isId(id) ? (await catalog()).data.find((entry) => entry.id === id) : undefined;
}

/**
 * Where a market's series come from, as its series pages and their CSV downloads both read
 * them: the addresses, the catalogue's entry of an address's id, the entry's history as the
 * reader's plan reads it, what its chart offers and the day of each row.
 */
export type SeriesSource<Entry extends { id: string }, Answer extends SeriesAnswer> = {
  /** The route's parameter naming the series (`id` in app/memory/[id]). */
  param: string;
  paths: SeriesPaths;
  /** The entry of an id; undefined (the 404) for an id the catalogue does not have. */
  find: (id: string) => Promise<Entry | undefined>;
  /** The entry's history as the api answers the session's plan (a visitor: its refusal). */
  load: (token: string | undefined, entry: Entry) => Promise<PlanAnswer<Answer>>;
  /** The chart's ranges and series (the plan reads all history: every range is open). */
  offer: (entry: Entry) => ChartOffer;
  /** A row's UTC day (`2026-11-24`). */
  dayOf: (row: RowOf<Answer>) => string;
  /** What a series without a value yet says (`No trading day of DDR5 has settled yet.`). */
  noneYet: (entry: Entry) => string;
};
