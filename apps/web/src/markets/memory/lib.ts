import { MEMORY_CATEGORIES, MEMORY_TYPE_IDS, MEMORY_UNITS, type MemoryCategory } from "@tpi/domain";
import { formatPercent, formatUsd } from "../../lib/format";
import { groupByCategory, type CatalogGroup, type CatalogHeading } from "../../kit/catalog";
import { seriesPaths } from "../../kit/series-paths";
import { fieldsCsv, type RowProvenance } from "../../kit/csv";
import type { Series } from "../../lib/shape";

export { isMemoryTypeId } from "./ids";

/**
 * The Memory pages' pure parts: their paths, the catalogue's grouping, the chart's series, the
 * value formats and the CSV. The shapes are the api's (`memory.*`, the answers of
 * `GET /api/memory-types`, `/api/memory-index` and `/api/memory/{id}/history`), reduced to the
 * fields read here.
 */

/** The section's page (app/memory/page.tsx), a memory type's page, its CSV and the CSV's file. */
export const MEMORY_PATHS = seriesPaths("memory");
export const MEMORY_PATH = MEMORY_PATHS.root;

/** Every memory type's page, in catalogue order (the sitemap's and the site audit's). */
export function memoryPagePaths(): string[] {
  return MEMORY_TYPE_IDS.map((id) => MEMORY_PATHS.pathOf(id));
}

/** A memory price has three decimals: chip prices are a few dollars, quoted to the tenth of a cent. */
export const MEMORY_PRICE_DECIMALS = 3;

/** `2.5` → `$2.500`; `n/a` for none. */
export function formatMemoryPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return "n/a";
  return formatUsd(price, MEMORY_PRICE_DECIMALS);
}

/** `1.234` (percent) → `+1.23%`; `n/a` for none. */
export function formatMemoryChange(changePct: number | null | undefined): string {
  return formatPercent(changePct ?? undefined);
}

/**
 * A settlement's day: the api's `date` is the instant 00:00 UTC of the trading day
 * (`2026-11-24T00:00:00.000Z`, the reference service's form); a plain day passes through.
 */
export function settlementDayOf(date: string): string {
  return date.slice(0, 10);
}

/** How the section page heads each category of the catalogue. */
const MEMORY_CATEGORY_HEADINGS: Readonly<Record<MemoryCategory, Omit<CatalogHeading, "category">>> =
  {
    dram: { heading: "DRAM chips", text: `Spot price of one DRAM chip (${MEMORY_UNITS.dram}).` },
    flash: {
      heading: "NAND flash chips",
      text: `Spot price of one NAND flash chip (${MEMORY_UNITS.flash}).`,
    },
    module: {
      heading: "Memory modules",
      text: `Spot price of one memory module (${MEMORY_UNITS.module}).`,
    },
  };

/** The catalogue's groups, in the api's order of its categories (`MEMORY_CATEGORIES`). */
export const MEMORY_GROUPS: readonly CatalogHeading[] = MEMORY_CATEGORIES.map((category) => ({
  category,
  ...MEMORY_CATEGORY_HEADINGS[category],
}));

/** The unit one price is in, by category (USD per chip or per module). */
export function memoryUnitOf(category: string): string {
  return (MEMORY_UNITS as Record<string, string>)[category] ?? "USD";
}

/** A catalogue entry as `GET /api/memory-types` serves it. */
export type MemoryCatalogEntry = { id: string; memory_type: string; category: string };

/** The catalogue by category, each in the api's order; no type is ever hidden. */
export function groupMemoryTypes<T extends MemoryCatalogEntry>(
  types: readonly T[],
): CatalogGroup<T>[] {
  return groupByCategory(types, MEMORY_GROUPS);
}

/** The fields of a settled day the chart, table and CSV read (`GET /api/memory/{id}/history`). */
export type MemoryHistoryRow = {
  date: string;
  price: number;
  changePct: number | null;
  weeklyHigh: number | null;
  weeklyLow: number | null;
  sourceUpdatedAt: string | null;
  /** The sources of the session's observations the day was settled from. */
  sources: readonly string[];
  /** True for the generated sample: not market data. */
  sample: boolean;
};

/**
 * The widest step between two settled days the chart joins with a line: prices settle on trading
 * days only, so Friday to Monday is 3 days and a weekend next to an exchange holiday (Good
 * Friday, a Monday holiday) is 4. A wider step (days without an import) is drawn as a gap.
 */
export const MEMORY_CHART_CADENCE_DAYS = 4;

/** The chart's one series: the settled price per day (the chart draws USD). */
export function memorySeries(label: string, rows: readonly MemoryHistoryRow[]): Series[] {
  return [
    {
      key: "price",
      label,
      points: rows.map((row) => ({ date: settlementDayOf(row.date), value: row.price })),
    },
  ];
}

/** The provenance every CSV row carries: the answer's sample flag, its sources and citations. */
export type MemoryProvenance = RowProvenance;

/** The CSV's own columns, in order (the provenance columns follow). */
export const MEMORY_CSV_COLUMNS = [
  "date",
  "price",
  "changePct",
  "weeklyHigh",
  "weeklyLow",
  "sourceUpdatedAt",
] as const;

/**
 * RFC 4180 CSV of a type's settled days, oldest first as the api answers them, the values as it
 * serialises them (a missing one leaves the field empty), each row with its provenance (the
 * sample flag, the source that row names and the citation that source requires). CRLF line ends.
 */
export function memoryHistoryToCsv(
  rows: readonly MemoryHistoryRow[],
  provenanceOf: (row: MemoryHistoryRow) => MemoryProvenance,
): string {
  return fieldsCsv(
    MEMORY_CSV_COLUMNS,
    rows.map((row) => ({ ...row, date: settlementDayOf(row.date) })),
    provenanceOf,
  );
}

/** `+1.23%` in words a screen reader and a colour-blind reader both get: up, down or flat. */
export function changeDirection(changePct: number | null | undefined): "up" | "down" | "flat" {
  if (changePct === null || changePct === undefined) return "flat";
  const rounded = Number(changePct.toFixed(2));
  return rounded > 0 ? "up" : rounded < 0 ? "down" : "flat";
}

/** The sources of an answer as the CSV reads them (the api's `dataSources`). */
export type MemoryCsvSources = {
  sources: readonly { source: string; citation: string | null }[];
};

/**
 * A row's provenance: its sample flag, the sources its day was settled from (each observation
 * names its source; `+` between several) and the citation each of them requires, from the
 * answer's `dataSources`.
 */
export function memoryRowProvenance(
  dataSources: MemoryCsvSources,
  row: Pick<MemoryHistoryRow, "sources" | "sample">,
): MemoryProvenance {
  return {
    sample: row.sample,
    source: row.sources.join("+"),
    citation: row.sources
      .flatMap((source) => {
        const citation = dataSources.sources.find((entry) => entry.source === source)?.citation;
        return citation === null || citation === undefined ? [] : [citation];
      })
      .join(" "),
  };
}
