import {
  FREE_TIER_GPU_NAMES,
  GPU_METHODOLOGY_HISTORY,
  itemOfRow,
  joinSources,
  methodologyVersionOn,
  provenanceOf,
  provenanceOfRow,
  requireHourlyPlan,
  rowOfItem,
  splitSources,
  type BulkColumn,
  type BulkRow,
  type DailyBasis,
  type PrintBasis,
} from "@tpi/domain";
import {
  SERIES_PAGE_ROWS,
  gpuDailyValuesPage,
  gpuPrintsPage,
  summarizeQuoteSources,
  type Db,
  type GpuValueRow,
  type SeriesKey,
} from "@tpi/db";
import { joinCitations, keysetRows, type MarketBulkDataset } from "../../../platform/bulk/dataset";

/**
 * The GPU market's bulk datasets: the settled daily values (`GET /api/gpu/{gpuName}/index-history`)
 * and the hourly prints (`GET /api/gpu/{gpuName}/hourly`) of every GPU over all history. A row is
 * the route's item with the GPU named (`gpu_type`, as the answer's envelope names it); the item's
 * `basis` is the provenance column `basis` and its `sources` the column `source` (the names
 * joined by `;`). A GPU value has no as-of time of its own (its sources' are the manifest's), so
 * `asOf` is empty: a row changes only when its value is restated.
 */

const GPU_TYPE: BulkColumn = {
  name: "gpu_type",
  type: "string",
  nullable: false,
  description: "The GPU (exact catalog name)",
};
const INDEX_VALUE: BulkColumn = {
  name: "index_value",
  type: "double",
  nullable: false,
  description: "USD per GPU-hour, full precision",
};
const COUNTS: readonly BulkColumn[] = [
  {
    name: "providerCount",
    type: "integer",
    nullable: false,
    description: "Providers counted (of the trades, or whose on-demand price counted)",
  },
  {
    name: "offerCount",
    type: "integer",
    nullable: false,
    description: "Posted prices counted (quotes basis); 0 for trades",
  },
  {
    name: "backfilled",
    type: "boolean",
    nullable: false,
    description: "True when computed more than an hour after its hour or settlement instant",
  },
];

export const GPU_DAILY_COLUMNS: readonly BulkColumn[] = [
  GPU_TYPE,
  {
    name: "timestamp",
    type: "timestamp",
    nullable: false,
    description: "Settlement instant: 4 PM America/New_York, UTC",
  },
  { ...INDEX_VALUE, description: "Daily value: mean of the day's hourly prints, USD per GPU-hour" },
  ...COUNTS,
];

export const GPU_HOURLY_COLUMNS: readonly BulkColumn[] = [
  GPU_TYPE,
  { name: "timestamp", type: "timestamp", nullable: false, description: "The print's hour, UTC" },
  INDEX_VALUE,
  {
    name: "is_carried",
    type: "boolean",
    nullable: false,
    description: "True for an hour without trades: the previous print carried forward",
  },
  ...COUNTS,
];

/**
 * A release's row as the value the answers read (the published set's print or daily value): the
 * inverse of the row written by `rows`.
 */
export function gpuValueOf(row: BulkRow) {
  // The hourly columns are the daily ones and `is_carried` (null in a daily row: not carried).
  const item = itemOfRow({ columns: GPU_HOURLY_COLUMNS }, row);
  const { source, basis } = provenanceOfRow(row);
  const at = new Date(item.timestamp as string);
  return {
    hour: at,
    settledAt: at,
    indexValue: item.index_value as number,
    carried: item.is_carried === true,
    basis: basis as DailyBasis & PrintBasis,
    sources: splitSources(source),
    providerCount: item.providerCount as number,
    offerCount: item.offerCount as number,
    backfilled: item.backfilled as boolean,
  };
}

/** The citation of each quote source (stored with its snapshots); trade sources' are the domain's. */
async function citationsOf(db: Db): Promise<(source: string) => string | null> {
  const quotes = new Map(
    (await summarizeQuoteSources(db)).map((summary) => [summary.source, summary.citation]),
  );
  return (source) => quotes.get(source) ?? provenanceOf(source, null).citation;
}

function gpuDataset(spec: {
  name: string;
  title: string;
  description: string;
  historyRoute: string;
  columns: readonly BulkColumn[];
  freeSeries: readonly string[];
  keyedAccess?: MarketBulkDataset["keyedAccess"];
  page: (db: Db, key: SeriesKey<Date> | undefined, limit: number) => Promise<GpuValueRow[]>;
}): MarketBulkDataset {
  const { page, ...shape } = spec;
  return {
    market: "gpu",
    ...shape,
    seriesColumn: "gpu_type",
    periodColumn: "timestamp",
    async *rows(db, stopping, pageRows = SERIES_PAGE_ROWS) {
      const citationOf = await citationsOf(db);
      const values = keysetRows<GpuValueRow, Date>(
        (key, limit) => page(db, key, limit),
        (row) => ({ series: row.gpuName, period: row.at }),
        pageRows,
        stopping,
      );
      for await (const value of values) {
        const item = {
          gpu_type: value.gpuName,
          timestamp: value.at.toISOString(),
          index_value: value.indexValue,
          is_carried: value.carried,
          ...value,
        };
        yield rowOfItem({ columns: spec.columns }, item, {
          source: joinSources(value.sources),
          asOf: null,
          sample: value.sources.some((source) => provenanceOf(source, null).sample),
          basis: value.basis,
          methodologyVersion: methodologyVersionOn(
            GPU_METHODOLOGY_HISTORY,
            value.computedAt.toISOString().slice(0, 10),
          ),
          citation: joinCitations(value.sources.map(citationOf)),
        });
      }
    },
  };
}

export const GPU_INDEX_DAILY = gpuDataset({
  name: "index-daily",
  title: "GPU compute price index, daily, per GPU",
  description:
    "One row per GPU and settled New York day: the mean of the day's hourly prints in USD per GPU-hour, settled at 4 PM America/New_York.",
  historyRoute: "/api/gpu/{gpuName}/index-history",
  columns: GPU_DAILY_COLUMNS,
  freeSeries: FREE_TIER_GPU_NAMES,
  page: gpuDailyValuesPage,
});

export const GPU_PRINTS_HOURLY = gpuDataset({
  name: "prints-hourly",
  title: "GPU compute price index, hourly prints, per GPU",
  description:
    "One row per GPU and UTC hour: the print in USD per GPU-hour (an hour without trades carries the previous print). Full plan keys.",
  historyRoute: "/api/gpu/{gpuName}/hourly",
  columns: GPU_HOURLY_COLUMNS,
  // The hourly route reads no GPU without a Full key: no free file.
  freeSeries: [],
  keyedAccess: requireHourlyPlan,
  page: gpuPrintsPage,
});

export const GPU_BULK_DATASETS: readonly MarketBulkDataset[] = [GPU_INDEX_DAILY, GPU_PRINTS_HOURLY];
