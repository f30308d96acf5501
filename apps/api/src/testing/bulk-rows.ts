import {
  PROVENANCE_COLUMNS,
  bulkColumnsOf,
  err,
  noData,
  ok,
  splitSources,
  type BulkColumn,
  type BulkRow,
} from "@tpi/domain";
import { expect } from "vitest";
import type { MarketBulkDataset } from "../platform/bulk/dataset";
import type { AppDeps } from "../platform/core/deps";
import type { ReleaseReader, VintageQuery } from "../platform/releases/release-reader";
import { closedAfterFile } from "./file-fixtures";
import { startTestApiWithPlanKeys, type PlanKeyedTestApi } from "./test-api";

/** Every row a stream gives, in its order. */
export async function collectRows(rows: AsyncIterable<BulkRow>): Promise<BulkRow[]> {
  const all: BulkRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value is of its column's type as the rows carry it (see `BulkValue`). */
function ofType(column: BulkColumn, value: unknown): boolean {
  switch (column.type) {
    case "date":
      return typeof value === "string" && DAY.test(value);
    case "timestamp":
      return typeof value === "string" && new Date(value).toISOString() === value;
    case "string":
      return typeof value === "string";
    case "decimal": {
      const digits = column.scale ?? 0;
      const exact = digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${digits}})?$`);
      return typeof value === "string" && exact.test(value);
    }
    case "double":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "boolean":
      return typeof value === "boolean";
  }
}

/**
 * Each row holds exactly the dataset's columns, every value of its column's type (null only
 * where the column is nullable), and its provenance filled: a source, a basis, a method version
 * and, unless `cited` is false (a test's source that asks for none), a citation.
 */
export function expectRowsTyped(
  dataset: MarketBulkDataset,
  rows: readonly BulkRow[],
  { cited = true }: { cited?: boolean } = {},
): void {
  const columns = bulkColumnsOf(dataset);
  for (const row of rows) {
    expect(Object.keys(row)).toEqual(columns.map((column) => column.name));
    for (const column of columns) {
      const value = row[column.name];
      const fits = value === null ? column.nullable : ofType(column, value);
      if (!fits) throw new Error(`${column.name} (${column.type}) holds ${JSON.stringify(value)}`);
    }
    for (const name of ["source", "basis", "methodologyVersion", ...(cited ? ["citation"] : [])])
      expect(row[name], name).toEqual(expect.any(String));
  }
  expect(PROVENANCE_COLUMNS.every((column) => columns.includes(column))).toBe(true);
}

/** Rows ordered by series then period (as text, byte order), no key twice. */
export function expectSeriesThenPeriod(dataset: MarketBulkDataset, rows: readonly BulkRow[]): void {
  const keys = rows.map((row) => [
    String(row[dataset.seriesColumn]),
    String(row[dataset.periodColumn]),
  ]);
  const sorted = [...keys].sort(([s1, p1], [s2, p2]) =>
    s1 === s2
      ? p1 === p2
        ? 0
        : (p1 as string) < (p2 as string)
          ? -1
          : 1
      : (s1 as string) < (s2 as string)
        ? -1
        : 1,
  );
  expect(keys).toEqual(sorted);
  expect(new Set(keys.map((key) => key.join("\n"))).size).toBe(keys.length);
}

/**
 * Rows that state a history route's items, one for one and in order, no row or item left over:
 * each row mapped back by the dataset's `itemOf` is its item, or without one, each row holds
 * each item's fields by name with the same JSON value and type (an item's `sources` is the
 * row's `source`, split as `splitSources` splits it).
 */
function expectRowsServe(
  rows: readonly BulkRow[],
  items: readonly object[],
  itemOf?: (row: BulkRow) => unknown,
): void {
  if (itemOf !== undefined) {
    expect(rows.map(itemOf)).toStrictEqual(items);
    return;
  }
  const stated = rows.map((row, i) =>
    Object.fromEntries(
      Object.keys(items[i] ?? {}).map((name) => [
        name,
        name === "sources" ? splitSources(row.source) : row[name],
      ]),
    ),
  );
  expect(stated).toStrictEqual(items);
}

/** A row's keys as PostgreSQL's jsonb keeps them (shorter first, then byte order), as a store gives them back. */
function asJsonbKeeps(row: BulkRow): BulkRow {
  const keys = Object.keys(row).sort((a, b) =>
    a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length,
  );
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}

/** Each release's rows of a dataset (`market/dataset`), as a fixed release reader holds them. */
export type ReleaseHolds = Record<
  number,
  Record<string, { dataset: MarketBulkDataset; rows: readonly BulkRow[] }>
>;

/**
 * A release reader over fixed rows per release number (each release a dataset's rows as it
 * holds them), answering as the store does: the series and periods asked (only each series'
 * latest `latestPeriods` or earliest `earliestPeriods` when asked), in the rows' order; an unknown release is a 404.
 */
export function fixedReleaseReader(
  releases: ReleaseHolds,
  asked: VintageQuery[] = [],
): ReleaseReader {
  return {
    async rowsAsOf(query) {
      asked.push(query);
      const held = releases[query.release]?.[`${query.market}/${query.dataset}`];
      if (held === undefined) return err(noData(`Release ${query.release} does not exist.`));
      const { dataset, rows } = held;
      const inRange = rows.map(asJsonbKeeps).filter((row) => {
        const series = String(row[dataset.seriesColumn]);
        const period = String(row[dataset.periodColumn]);
        return (
          (query.series === undefined || query.series.includes(series)) &&
          (query.fromPeriod === undefined || period >= query.fromPeriod) &&
          (query.toPeriod === undefined || period <= query.toPeriod)
        );
      });
      const { latestPeriods, earliestPeriods } = query;
      // The rows are held in series then period order: each series' first `count`.
      const firstOfEachSeries = (rows: typeof inRange, count: number) => {
        const kept = new Map<string, number>();
        return rows.filter((row) => {
          const series = String(row[dataset.seriesColumn]);
          const seen = kept.get(series) ?? 0;
          kept.set(series, seen + 1);
          return seen < count;
        });
      };
      if (earliestPeriods !== undefined) return ok(firstOfEachSeries(inRange, earliestPeriods));
      if (latestPeriods === undefined) return ok(inRange);
      return ok(firstOfEachSeries([...inRange].reverse(), latestPeriods).reverse());
    },
  };
}

/**
 * Releases for a test app, set by the test: `configure` (startTestApi's) gives the app a
 * fixedReleaseReader, every query it answers kept in `asked`; `hold` sets the rows a release
 * holds of a dataset (any release not held is a 404).
 */
export function fixedReleases() {
  const holds: ReleaseHolds = {};
  const asked: VintageQuery[] = [];
  return {
    asked,
    configure: (deps: AppDeps): AppDeps => ({
      ...deps,
      releases: fixedReleaseReader(holds, asked),
    }),
    hold(release: number, dataset: MarketBulkDataset, rows: readonly BulkRow[]): void {
      holds[release] = {
        ...holds[release],
        [`${dataset.market}/${dataset.name}`]: { dataset, rows },
      };
    },
  };
}

/**
 * The provenance columns of a row from the tests' own source (`test`): its `basis` and method
 * version, never sample, no as-of and no citation.
 */
export function testSourceProvenance(basis: string, methodologyVersion: unknown) {
  return { source: "test", asOf: null, sample: false, basis, methodologyVersion, citation: null };
}

/** Releases whose rows a test sets (see fixedReleases). */
export type FixedReleases = ReturnType<typeof fixedReleases>;

/**
 * The file's test api at `now` whose releases are the rows its tests hold (see fixedReleases),
 * with one key of each plan; closed after the file's tests.
 */
export async function fixedReleasesApiForFile(
  now: Date,
): Promise<{ api: PlanKeyedTestApi; releases: FixedReleases }> {
  const releases = fixedReleases();
  const api = closedAfterFile(
    await startTestApiWithPlanKeys({ now, configure: releases.configure }),
  );
  return { api, releases };
}

/**
 * A dataset's rows as its file holds them: every row typed by its columns, its provenance filled
 * (`cited`: see expectRowsTyped), the rows in series then period order with no key twice; and
 * with `items`, the rows state a history route's items one for one (see expectRowsServe, with
 * the dataset's `itemOf` when given).
 */
export function expectDatasetRows(
  dataset: MarketBulkDataset,
  rows: readonly BulkRow[],
  expected: {
    items?: readonly object[];
    itemOf?: (row: BulkRow) => unknown;
    cited?: boolean;
  } = {},
): void {
  expectRowsTyped(dataset, rows, expected.cited === undefined ? {} : { cited: expected.cited });
  expectSeriesThenPeriod(dataset, rows);
  if (expected.items !== undefined) expectRowsServe(rows, expected.items, expected.itemOf);
}
