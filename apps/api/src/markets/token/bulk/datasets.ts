import {
  FREE_TIER_LAB_IDS,
  LAB_IDS,
  growthIndex,
  itemOfRow,
  rowOfItem,
  type BulkColumn,
  type BulkProvenance,
  type BulkRow,
  type LabDayVolume,
  type LabId,
  type TokenVolumeRow,
  type UtcDay,
} from "@tpi/domain";
import {
  SERIES_PAGE_ROWS,
  indexValuesPage,
  labDaySourceVolumes,
  readSourceDaysBetween,
  seriesPages,
  tokenVolumeAggregates,
  type Db,
  type PublishedIndexRow,
} from "@tpi/db";
import type { MarketBulkDataset } from "../../../platform/bulk/dataset";
import type { OtpiRow } from "../services/otpi";
import { constituentsProvenance } from "../services/provenance";

/**
 * The token market's bulk datasets: the daily lab index (`GET /api/otpi`) and the token volume
 * behind it (`GET /api/token-volume`), every lab over all history, each row with the lab-day's
 * provenance as its constituents route states it (the source of the largest volume, its as-of
 * time that day and its citation).
 */

const dateColumn: BulkColumn = {
  name: "date",
  type: "date",
  nullable: false,
  description: "The settlement day (UTC)",
};
const labColumn: BulkColumn = {
  name: "lab",
  type: "string",
  nullable: false,
  description: "The model lab (catalog identifier)",
};

/** `GET /api/otpi`'s items, in their order. */
export const LAB_INDEX_COLUMNS: readonly BulkColumn[] = [
  dateColumn,
  labColumn,
  {
    name: "indexPerMtok",
    type: "double",
    nullable: false,
    description: "The lab's volume-weighted blended price, USD per million tokens, full precision",
  },
  {
    name: "computedAt",
    type: "timestamp",
    nullable: false,
    description: "When the value was settled (or last restated), UTC",
  },
];

/** `GET /api/token-volume?labs=all`'s items, in their order. */
export const TOKEN_VOLUME_COLUMNS: readonly BulkColumn[] = [
  dateColumn,
  labColumn,
  {
    name: "totalTokens",
    type: "integer",
    nullable: false,
    description: "Tokens the lab-day's published index value was computed from",
  },
  {
    name: "growthIndex",
    type: "double",
    nullable: true,
    description: "100 x totalTokens / the tokens of the lab's first published day",
  },
  {
    name: "share",
    type: "double",
    nullable: true,
    description: "totalTokens / the day's tokens of every tracked lab published that day",
  },
  {
    name: "totalGrowthIndex",
    type: "double",
    nullable: true,
    description:
      "100 x the day's tokens of every tracked lab / those of the first day all were published; null on a day one is not",
  },
];

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group === undefined) groups.set(keyOf(item), [item]);
    else group.push(item);
  }
  return groups;
}

/** A lab-day's provenance, as `GET /api/otpi/constituents` states it. */
async function labDayProvenance(
  db: Db,
  values: readonly PublishedIndexRow[],
): Promise<BulkProvenance[]> {
  const days = values.map((value) => value.date).sort();
  const from = days[0];
  const to = days.at(-1);
  if (from === undefined || to === undefined) return [];
  const labs = [...new Set(values.map((value) => value.lab))];
  const [volumes, sourceDays] = await Promise.all([
    labDaySourceVolumes(db, labs, from, to),
    readSourceDaysBetween(db, from, to),
  ]);
  const volumesOf = groupBy(volumes, (v) => `${v.date}|${v.lab}`);
  const sourceDaysOf = groupBy(sourceDays, (day) => day.date);
  return values.map((value) => {
    const ofDay = volumesOf.get(`${value.date}|${value.lab}`) ?? [];
    const { provenance } = constituentsProvenance(ofDay, sourceDaysOf.get(value.date) ?? []);
    // The price basis carrying most of the main source's tokens.
    const basis = ofDay
      .filter((v) => v.source === provenance.source)
      .reduce<
        { priceBasis: string; totalTokens: bigint } | undefined
      >((best, v) => (best === undefined || v.totalTokens > best.totalTokens ? v : best), undefined);
    return {
      source: provenance.source,
      asOf: provenance.asOf,
      sample: provenance.sample,
      basis: basis?.priceBasis ?? "unknown",
      methodologyVersion: value.methodologyVersion,
      citation: provenance.citation,
    };
  });
}

/** Published values, lab then day, a page at a time, each with its lab-day's provenance. */
async function* valuesWithProvenance(
  db: Db,
  pageRows: number,
  stopping?: AbortSignal,
): AsyncGenerator<[PublishedIndexRow, BulkProvenance]> {
  const pages = seriesPages<PublishedIndexRow, UtcDay>(
    (key, limit) => indexValuesPage(db, key, limit),
    (row) => ({ series: row.lab, period: row.date }),
    pageRows,
    stopping,
  );
  for await (const page of pages) {
    const provenance = await labDayProvenance(db, page);
    for (const [i, value] of page.entries()) yield [value, provenance[i] as BulkProvenance];
  }
}

export const labIndexRowOf = (item: OtpiRow, provenance: BulkProvenance): BulkRow =>
  rowOfItem({ columns: LAB_INDEX_COLUMNS }, item, provenance);

/** A release's row as `GET /api/otpi` serves it. */
export const otpiRowOf = (row: BulkRow): OtpiRow =>
  itemOfRow({ columns: LAB_INDEX_COLUMNS }, row) as OtpiRow;

export const tokenVolumeRowOf = (item: TokenVolumeRow, provenance: BulkProvenance): BulkRow =>
  rowOfItem({ columns: TOKEN_VOLUME_COLUMNS }, item, provenance);

/** A release's row as the volume it holds (what the volume answers are computed from). */
export const labDayVolumeOf = (row: BulkRow): LabDayVolume => ({
  date: row.date as UtcDay,
  lab: row.lab as LabId,
  totalTokens: row.totalTokens as number,
});

export const LAB_INDEX_DAILY: MarketBulkDataset = {
  market: "token",
  name: "lab-index-daily",
  title: "Token Price Index, daily, per lab",
  description:
    "One row per lab and settled UTC day: the lab's volume-weighted blended price in USD per million tokens, published about 36 hours after the day ends.",
  historyRoute: "/api/otpi",
  seriesColumn: "lab",
  periodColumn: "date",
  columns: LAB_INDEX_COLUMNS,
  freeSeries: FREE_TIER_LAB_IDS,
  async *rows(db, stopping, pageRows = SERIES_PAGE_ROWS) {
    for await (const [value, provenance] of valuesWithProvenance(db, pageRows, stopping))
      yield labIndexRowOf(value, provenance);
  },
};

/**
 * The volume rows as `GET /api/token-volume?labs=all` serves them: shares and totals over every
 * tracked lab, bases from all history (the per-day totals and each lab's base are read first:
 * one row per day and per lab).
 */
export const TOKEN_VOLUME_DAILY: MarketBulkDataset = {
  market: "token",
  name: "token-volume-daily",
  title: "Token volume, daily, per lab",
  description:
    "One row per lab and settled UTC day: the tokens its index value was computed from, their growth since the lab's first day and the lab's share of every tracked lab's tokens that day.",
  historyRoute: "/api/token-volume",
  seriesColumn: "lab",
  periodColumn: "date",
  columns: TOKEN_VOLUME_COLUMNS,
  freeSeries: [],
  async *rows(db, stopping, pageRows = SERIES_PAGE_ROWS) {
    const { baselines, days } = await tokenVolumeAggregates(db, LAB_IDS);
    const baseOf = new Map(baselines.map((base) => [base.lab, base.totalTokens]));
    const dayOf = new Map(days.map((day) => [day.date, day]));
    // The first day every tracked lab was published: the base of the total.
    const totalBase = days.find((day) => day.labs === LAB_IDS.length);
    for await (const [value, provenance] of valuesWithProvenance(db, pageRows, stopping)) {
      const day = dayOf.get(value.date);
      const base = baseOf.get(value.lab);
      const dayTotal = day?.totalTokens ?? 0;
      const item: TokenVolumeRow = {
        date: value.date,
        lab: value.lab,
        totalTokens: value.totalTokens,
        growthIndex: base === undefined ? null : growthIndex(value.totalTokens, base),
        share: dayTotal > 0 ? value.totalTokens / dayTotal : null,
        totalGrowthIndex:
          day?.labs === LAB_IDS.length && totalBase !== undefined
            ? growthIndex(dayTotal, totalBase.totalTokens)
            : null,
      };
      yield tokenVolumeRowOf(item, provenance);
    }
  },
};

export const TOKEN_BULK_DATASETS: readonly MarketBulkDataset[] = [
  LAB_INDEX_DAILY,
  TOKEN_VOLUME_DAILY,
];
