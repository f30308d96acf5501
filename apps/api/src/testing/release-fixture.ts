import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BulkColumn, BulkRow } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { afterAll } from "vitest";
import { MARKETS } from "../markets";
import type { MarketBulkDataset } from "../platform/bulk/dataset";
import type { Market } from "../platform/core/market";
import { releaseFileFor, type ReleaseContext } from "../platform/release-api/releases";
import { databaseReleaseReader } from "../platform/releases/database-release-reader";
import { fixtureMarket } from "./fixture-market";
import { startTestApi, type TestApi } from "./test-api";

/**
 * Releases of the fixture market for the release tests: datasets whose rows a test sets, the api
 * that serves them beside the real markets with the context the release job cuts with, and what
 * a test reads back (a release's rows, a file as a new instance rebuilds it).
 */

/** The provenance columns of every fixture row: a fixed source that asks for no citation. */
export const FIXTURE_PROVENANCE = {
  source: "fixture",
  asOf: null,
  sample: false,
  basis: "fixed",
  methodologyVersion: "fixture-1",
  citation: null,
};

/** One widget's price of a UTC day (USD per widget, as text), with the fixture's provenance. */
export const widgetPriceRow = (widget: string, day: string, usd: string): BulkRow => ({
  widget,
  day,
  usdPerWidget: usd,
  ...FIXTURE_PROVENANCE,
});

/** The period column of a widget price: a UTC day (a date), or a period of any grain (as text). */
const PERIOD_COLUMNS = {
  day: { name: "day", type: "date", nullable: false, description: "The UTC day" },
  period: { name: "period", type: "string", nullable: false, description: "The period (UTC)" },
} as const satisfies Record<string, BulkColumn>;

/**
 * The fixture's one widget's price per UTC day (rows as `widgetPriceRow` writes them), or per
 * `period` of any grain; sprocket free; its rows from `rows`, and `keyedAccess` when given.
 */
export function widgetPriceDataset(
  rows: MarketBulkDataset["rows"],
  {
    period = "day",
    keyedAccess,
  }: { period?: keyof typeof PERIOD_COLUMNS; keyedAccess?: MarketBulkDataset["keyedAccess"] } = {},
): MarketBulkDataset {
  return {
    market: "fixture",
    name: "widget-price-daily",
    title: "Widget prices",
    description: `One widget's price per ${period === "day" ? "UTC day" : "period"}, in USD per widget.`,
    historyRoute: "/api/fixture/{widget}/price",
    seriesColumn: "widget",
    periodColumn: period,
    columns: [
      { name: "widget", type: "string", nullable: false, description: "The widget" },
      PERIOD_COLUMNS[period],
      { name: "usdPerWidget", type: "decimal", scale: 2, nullable: false, description: "USD" },
    ],
    freeSeries: ["sprocket"],
    ...(keyedAccess === undefined ? {} : { keyedAccess }),
    rows,
  };
}

/** The file's test api releasing the fixture market's datasets, and where the releases go. */
export type ReleasingTestApi = {
  api: TestApi;
  /** The fixture market with the test's datasets, served beside the real markets. */
  released: Market;
  /** What the release job cuts with: the fixture market alone, the api's clock, `cacheDir`. */
  context: ReleaseContext;
  /** The folder the release files are written to (the api's too), removed after the tests. */
  cacheDir: string;
};

/**
 * Starts the file's test api with the fixture market releasing `datasets` (closed, and its file
 * folder removed, after the file's tests). `options.configure` is given the app's dependencies
 * with the file folder already set.
 */
export async function releasingApiForFile(
  datasets: readonly MarketBulkDataset[],
  options: Omit<NonNullable<Parameters<typeof startTestApi>[0]>, "marketList">,
): Promise<ReleasingTestApi> {
  const cacheDir = mkdtempSync(join(tmpdir(), "tpi-release-files-"));
  const released: Market = { ...fixtureMarket, bulkDatasets: [...datasets] };
  const configure = options.configure ?? ((deps) => deps);
  const api = await startTestApi({
    ...options,
    marketList: [...MARKETS, released],
    configure: (deps) => configure({ ...deps, releaseCacheDir: cacheDir }),
  });
  afterAll(async () => {
    await api.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  const context: ReleaseContext = {
    db: api.db,
    marketList: [released],
    markets: api.deps.markets,
    clock: () => api.clock.now,
    cacheDir,
  };
  return { api, released, context, cacheDir };
}

/** The rows release `release` holds of the fixture's dataset `dataset`, each its `columns` joined by spaces. */
export async function heldRows(
  db: Db,
  dataset: string,
  release: number,
  columns: readonly string[],
): Promise<string[]> {
  const read = await databaseReleaseReader(db).rowsAsOf({ market: "fixture", dataset, release });
  if (!read.ok) throw read.error;
  return read.value.map((row) => columns.map((column) => String(row[column])).join(" "));
}

/** A caller with a Full plan key, as the release files are asked for. */
export const FULL_PLAN_CALLER = {
  kind: "key",
  access: "full",
  keyId: "k",
  accountId: "a",
  plan: "full",
} as const;

/**
 * Release `release`'s file `fileName` as a new instance serves it to a Full plan key: its cache
 * folder empty, so the file is rebuilt from the vintage store.
 */
export function fileOnNewInstance(context: ReleaseContext, release: number, fileName: string) {
  const fresh = { ...context, cacheDir: mkdtempSync(join(tmpdir(), "tpi-new-")) };
  return releaseFileFor(fresh, release, fileName, FULL_PLAN_CALLER);
}
