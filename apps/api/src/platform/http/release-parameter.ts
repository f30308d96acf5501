import {
  DomainError,
  MAX_RELEASE_NUMBER,
  err,
  ok,
  parseReleaseNumber,
  type BulkRow,
  type DatedRows,
  type DomainError as DomainErrorType,
  type Result,
} from "@tpi/domain";
import { z } from "zod";
import type { AppDeps } from "../core/deps";
import type { QuerySchema, SettledAnswer, SettledInput } from "../core/route";
import { domainTransform, queryShape } from "./input";
import type { MarketBulkDataset } from "../bulk/dataset";

/**
 * The `release` parameter every history route accepts: a release number, to answer with the
 * values that release holds ("as of release R") instead of the values published now.
 */
export const RELEASE_PARAMETER = "release";

/** Parses a release number: a positive integer, no sign, no leading zero (the domain's rule). */
function parseRelease(value: string): Result<number, DomainErrorType> {
  return parseReleaseNumber(`Query parameter '${RELEASE_PARAMETER}'`, value) as Result<
    number,
    DomainErrorType
  >;
}

/** What a history route documents for its 404 when `release` names no kept release. */
export const RELEASE_NOT_FOUND_TEXT =
  "The `release` asked does not exist or is past retention (the message names the releases kept).";

export const releaseParameter = z
  .string()
  .meta({
    description:
      "A release number (GET /api/v1/releases): the answer holds the values as that release published them, before any later restatement. Absent: the values published now.",
    type: "integer",
    minimum: 1,
    maximum: MAX_RELEASE_NUMBER,
    example: 1,
  })
  .transform(domainTransform(parseRelease))
  .optional();

/**
 * A history route's query with `release` beside its own parameters: the route's schema parses
 * the others as before (its domain parser never sees `release`), and the parsed query carries
 * `release` when given, so the settled answer's ETag and cache key include it.
 */
export function withReleaseParameter<Schema extends QuerySchema>(schema: Schema) {
  return z
    .object({ ...queryShape(schema), [RELEASE_PARAMETER]: releaseParameter })
    .transform((value, ctx) => {
      const { [RELEASE_PARAMETER]: release, ...own } = value as Record<string, unknown>;
      // The object parsed its own fields already: only the route's domain parser is left to run.
      const parsed =
        schema instanceof z.ZodPipe
          ? schema.out.safeParse(own)
          : { success: true as const, data: own };
      if (!parsed.success) {
        // Unchanged: a domain parser's refusal rides on its issue (`params.domainError`).
        for (const issue of parsed.error.issues) ctx.issues.push(issue as never);
        return z.NEVER;
      }
      const query = parsed.data as z.output<Schema> & object;
      return release === undefined ? query : { ...query, release: release as number };
    }) as unknown as z.ZodPipe<z.ZodObject, z.ZodType<z.output<Schema> & { release?: number }>>;
}

/**
 * Which rows of a dataset a history route reads as of a release: the series (all when absent)
 * and the periods, both ends included, an absent end open (as the route's own bounds may be).
 */
export type ReleaseSelection = {
  release: number;
  series?: readonly string[] | undefined;
  fromPeriod?: string | undefined;
  toPeriod?: string | undefined;
  /**
   * Only the latest this many periods of each series within the range: all a route can need
   * whose range ends at a series' latest period (its default span) or which keeps the latest
   * `limit` rows of its range. Absent: every period of the range.
   */
  latestPeriods?: number | undefined;
  /**
   * Only the earliest this many periods of each series within the range: all a route can need
   * which keeps the first `limit` rows of its range, or the first period after an instant.
   * Absent: every period of the range. At most one of latestPeriods and earliestPeriods.
   */
  earliestPeriods?: number | undefined;
};

/** The last instant of a UTC day, as period text: a day's bound includes its instants. */
export const lastInstantOfDay = (day: string): string => `${day}T23:59:59.999Z`;

/**
 * The periods a dated route keeping the latest `limit` rows of its optional days reads: those
 * days (`lastPeriodOf` the last period text of the end day: itself where periods are days) and
 * only the latest `limit` periods of each series.
 */
export function latestRowsSelection(
  query: DatedRows,
  lastPeriodOf: (day: string) => string = (day) => day,
): Omit<ReleaseSelection, "release" | "series"> {
  return {
    fromPeriod: query.startDate,
    toPeriod: query.endDate === undefined ? undefined : lastPeriodOf(query.endDate),
    latestPeriods: query.limit,
  };
}

/** A release's rows of the selection, and each row mapped back to the route's item. */
export type ReleasedItems<Item> = { rows: readonly BulkRow[]; items: Item[] };

/**
 * How every history route answers with `release`: the dataset's rows as the release holds them
 * (ReleaseReader.rowsAsOf, in series then period order), each mapped back to the route's item
 * by the dataset's own mapping, for the route's existing answer function. Without a reader no
 * release is kept: a 404.
 */
export async function releaseItems<Item>(
  deps: AppDeps,
  dataset: Pick<MarketBulkDataset, "market" | "name">,
  selection: ReleaseSelection,
  itemOf: (row: BulkRow) => Item,
): Promise<Result<ReleasedItems<Item>, DomainErrorType>> {
  const { release, series, fromPeriod, toPeriod, latestPeriods, earliestPeriods } = selection;
  if (deps.releases === undefined)
    return err(
      new DomainError("not_found", `Release ${release} does not exist: no release is kept.`),
    );
  const rows = await deps.releases.rowsAsOf({
    market: dataset.market,
    dataset: dataset.name,
    release,
    ...(series === undefined ? {} : { series }),
    ...(fromPeriod === undefined ? {} : { fromPeriod }),
    ...(toPeriod === undefined ? {} : { toPeriod }),
    ...(latestPeriods === undefined ? {} : { latestPeriods }),
    ...(earliestPeriods === undefined ? {} : { earliestPeriods }),
  });
  return rows.ok ? ok({ rows: rows.value, items: rows.value.map(itemOf) }) : rows;
}

/**
 * A history route's answer as of a release, stated by what it reads and how it answers: the
 * dataset, each row mapped back to the route's item, the rows the answer can need for the
 * route's own arguments (or the route's refusal of them, before anything is read), and the
 * answer from those rows by the route's own answer function.
 */
export type AsOfRelease<Args extends unknown[], Item, Answer> = {
  dataset: Pick<MarketBulkDataset, "market" | "name">;
  itemOf: (row: BulkRow) => Item;
  selection: (...args: Args) => Result<Omit<ReleaseSelection, "release">, DomainErrorType>;
  answer: (
    released: ReleasedItems<Item>,
    deps: AppDeps,
    ...args: Args
  ) => Result<Answer, DomainErrorType>;
};

/**
 * The function a history route calls with `release` (deps, the release, then the route's own
 * arguments): the selection checked, the release's rows read through releaseItems, then
 * answered; a release not kept is the reader's 404, before any answer. Every market's
 * as-of-release answers are made here, so they read and refuse alike.
 */
export function asOfRelease<Args extends unknown[], Item, Answer>(
  spec: AsOfRelease<Args, Item, Answer>,
): (deps: AppDeps, release: number, ...args: Args) => Promise<Result<Answer, DomainErrorType>> {
  return async (deps, release, ...args) => {
    const selection = spec.selection(...args);
    if (!selection.ok) return selection;
    const released = await releaseItems(
      deps,
      spec.dataset,
      { ...selection.value, release },
      spec.itemOf,
    );
    return released.ok ? spec.answer(released.value, deps, ...args) : released;
  };
}

/**
 * What a history route answers from: the market's published set without `release`, and with it
 * the rows that release holds (`asOf`: a 404 when the release is not kept). The one choice every
 * route with `release` makes, whichever way it is declared.
 */
export async function publishedOrReleased<Rows>(
  release: number | undefined,
  published: Rows,
  asOf: (release: number) => Promise<Result<Rows, DomainErrorType>>,
): Promise<Result<Rows, DomainErrorType>> {
  return release === undefined ? ok(published) : asOf(release);
}

/**
 * The settled answer of a route that answers from its market's published set without `release`
 * and from the rows that release holds with it (see publishedOrReleased), by one function either
 * way: `published` picks the set from the app's state, `asOf` reads the release's rows for the
 * request, `answer` answers from the rows. The clock is read once per request, so the rows read
 * and the answer made from them agree on `now`.
 */
export function answerPublishedOrReleased<
  Query extends { release?: number },
  Params,
  Rows,
  Answer,
>(spec: {
  published: (deps: AppDeps) => Rows;
  asOf: (
    deps: AppDeps,
    release: number,
    input: SettledInput<Query, Params>,
    now: Date,
  ) => Promise<Result<Rows, DomainErrorType>>;
  answer: (
    rows: Rows,
    input: SettledInput<Query, Params>,
    now: Date,
  ) => Result<Answer, DomainErrorType>;
}): SettledAnswer<Query, Params, Answer>["answer"] {
  return (deps) => async (input) => {
    const now = deps.clock();
    const rows = await publishedOrReleased(input.query.release, spec.published(deps), (release) =>
      spec.asOf(deps, release, input, now),
    );
    return rows.ok ? spec.answer(rows.value, input, now) : rows;
  };
}
