import {
  MEMORY_METHODOLOGY_VERSION,
  itemOfRow,
  joinSources,
  memoryDateInstant,
  memorySettlementInstant,
  memoryTypeOf,
  provenanceOfRow,
  rowOfItem,
  splitSources,
  type BulkColumn,
  type BulkRow,
  type UtcDay,
} from "@tpi/domain";
import { SERIES_PAGE_ROWS, memorySettlementsPage, readMemorySourceTerms } from "@tpi/db";
import { joinCitations, keysetRows, type MarketBulkDataset } from "../../../platform/bulk/dataset";
import type { MemoryValue } from "../read-model/published-memory";

/**
 * The Memory market's bulk dataset: every settled value of every type
 * (`GET /api/memory/{memoryType}/history`'s items), read from the stored settlements (the
 * generated sample is never stored, so it is in no file). The item's `sources` are the column
 * `source` (joined by `;`) and its `sample` the provenance column `sample`; `asOf` is the
 * value's `sourceUpdatedAt`; the values are imported observations (`basis` = `imported`).
 */

const instant = (name: string, description: string): BulkColumn => ({
  name,
  type: "timestamp",
  nullable: false,
  description,
});
const usd = (name: string, description: string, nullable = false): BulkColumn => ({
  name,
  type: "double",
  nullable,
  description,
});

/** The route's items in their order, the type's id first (the series). */
export const MEMORY_HISTORY_COLUMNS: readonly BulkColumn[] = [
  { name: "id", type: "string", nullable: false, description: "Frozen memory type id" },
  instant("date", "The trading day (New York date), as the instant 00:00 UTC of that date"),
  { name: "memoryType", type: "string", nullable: false, description: "The type's name" },
  {
    name: "category",
    type: "string",
    nullable: false,
    description: "DRAM chip, NAND flash chip or DRAM module",
  },
  usd("price", "Session average of the trading day's observations, USD"),
  usd("changePct", "Percent change from the previous settled price; null for the first", true),
  usd("weeklyHigh", "Highest settled price over the 7 calendar days ending on the day, USD"),
  usd("weeklyLow", "Lowest settled price over the 7 calendar days ending on the day, USD"),
  instant("sourceUpdatedAt", "Latest source publication time among the session's observations"),
  instant("timestamp", "The settlement instant: 4 PM New York of `date`, UTC"),
  instant("updatedAt", "When the service settled the value, UTC"),
];

/** What an imported value was computed from. */
const IMPORTED_BASIS = "imported";

/**
 * A release's row as the settled value the history answer reads (the published set's): the
 * inverse of the row written by `rows`.
 */
export function memoryValueOf(row: BulkRow): MemoryValue {
  const item = itemOfRow({ columns: MEMORY_HISTORY_COLUMNS }, row);
  return {
    typeId: item.id as string,
    day: (item.date as string).slice(0, 10),
    price: item.price as number,
    changePct: item.changePct as number | null,
    weeklyHigh: item.weeklyHigh as number,
    weeklyLow: item.weeklyLow as number,
    sourceUpdatedAt: new Date(item.sourceUpdatedAt as string),
    updatedAt: new Date(item.updatedAt as string),
    sources: splitSources(provenanceOfRow(row).source),
  };
}

export const MEMORY_PRICES_DAILY: MarketBulkDataset = {
  market: "memory",
  name: "prices-daily",
  title: "Memory prices, per NYSE trading day, per type",
  description:
    "One row per memory type and NYSE trading day: the session average of the imported observations in USD per chip or module, settled at 4 PM New York, with change and trailing-week high and low.",
  historyRoute: "/api/memory/{memoryType}/history",
  seriesColumn: "id",
  periodColumn: "date",
  columns: MEMORY_HISTORY_COLUMNS,
  freeSeries: [],
  async *rows(db, stopping, pageRows = SERIES_PAGE_ROWS) {
    // Each source's citation as its latest import gave it (one row per source).
    const citations = new Map(
      (await readMemorySourceTerms(db)).map((terms) => [terms.source, terms.citation]),
    );
    const values = keysetRows<Awaited<ReturnType<typeof memorySettlementsPage>>[number], UtcDay>(
      (key, limit) => memorySettlementsPage(db, key, limit),
      (row) => ({ series: row.typeId, period: row.day }),
      pageRows,
      stopping,
    );
    for await (const value of values) {
      const memory = memoryTypeOf(value.typeId);
      const item = {
        ...value,
        id: memory.id,
        date: memoryDateInstant(value.day),
        memoryType: memory.name,
        category: memory.category,
        sourceUpdatedAt: value.sourceUpdatedAt.toISOString(),
        timestamp: memorySettlementInstant(value.day).toISOString(),
        updatedAt: value.updatedAt.toISOString(),
      };
      yield rowOfItem({ columns: MEMORY_HISTORY_COLUMNS }, item, {
        source: joinSources(value.sources),
        asOf: item.sourceUpdatedAt,
        sample: false,
        basis: IMPORTED_BASIS,
        methodologyVersion: MEMORY_METHODOLOGY_VERSION,
        citation: joinCitations(value.sources.map((source) => citations.get(source))),
      });
    }
  },
};

export const MEMORY_BULK_DATASETS: readonly MarketBulkDataset[] = [MEMORY_PRICES_DAILY];
