import { groupByCategory, type CatalogGroup, type CatalogHeading } from "../../kit/catalog";
import { seriesPaths } from "../../kit/series-paths";
import { formatCount } from "../../lib/format";
import { answerProvenance, fieldsCsv } from "../../kit/csv";
import type { Series } from "../../lib/shape";

/**
 * The LLM Coding pages' pure parts: their paths, the catalog's grouping, the chart's series and
 * provisional days, the value formats and the CSV. The shapes are the api's (`llmCoding.*`, the
 * answers of `GET /api/llm-coding/*`), reduced to the fields read here.
 */

/** The section's page (app/llm-coding/page.tsx), a product's page, its CSV and the CSV's file. */
export const LLM_CODING_PATHS = seriesPaths("llm-coding");
export const LLM_CODING_PATH = LLM_CODING_PATHS.root;

/** `count`: whole pull requests or commits per UTC day; `pct`: a percentage, 0 to 100. */
export type CodingKind = "count" | "pct";

/** A catalog entry as `GET /api/llm-coding/products` serves it. */
export type CodingProduct = {
  id: string;
  label: string;
  category: string;
  kind: CodingKind;
  compare: boolean;
  seriesLabels: readonly string[] | null;
};

/** A history row as `GET /api/llm-coding/history` serves it (oldest first). */
export type CodingHistoryRow = {
  date: string;
  value: number | null;
  value2?: number | null | undefined;
  status: "provisional" | "settled";
};

/** The `dataSources` of an answer: the sample flag and each source's newest search and citation. */
export type CodingDataSources = {
  sample: boolean;
  notice: string | null;
  sources: readonly {
    source: string;
    sample: boolean;
    latestAsOf: string | null;
    citation: string | null;
    licence: { name: string; url: string } | null;
  }[];
};

/** The catalog's groups, in the order the page shows them, with their headings. */
export const CODING_GROUPS: readonly CatalogHeading[] = [
  { category: "prs", heading: "Pull requests", text: "Pull requests opened per UTC day." },
  { category: "commits", heading: "Commits", text: "Commits per UTC day (committer date)." },
  {
    category: "merge",
    heading: "Merge rates",
    text: "Of the pull requests opened on a UTC day, the percentage merged since.",
  },
  { category: "compare", heading: "Comparisons", text: "Two agents' series on one chart." },
];

/** The catalog by group, each in the api's order; no product is ever hidden. */
export function groupProducts(products: readonly CodingProduct[]): CatalogGroup<CodingProduct>[] {
  return groupByCategory(products, CODING_GROUPS);
}

/** `1234` → `1,234` (pull requests or commits); `70.04` → `70.0%` (a merge rate); `n/a` for none. */
export function formatCodingValue(kind: CodingKind, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "n/a";
  return kind === "pct" ? `${value.toFixed(1)}%` : formatCount(value);
}

/** The unit a product's values are in, as the chart's axis and the citation say it. */
export function codingUnit(kind: CodingKind, category: string): string {
  if (kind === "pct") return "Percent of pull requests merged";
  return category === "commits" ? "Commits per UTC day" : "Pull requests per UTC day";
}

/** A product's series keys, as the answer's fields name them: `value`, and `value2` for a comparison. */
export function codingSeriesKeys(product: Pick<CodingProduct, "compare">): string[] {
  return product.compare ? ["value", "value2"] : ["value"];
}

/** The unit inside a sentence: `pull requests per UTC day` (only its first letter lowered). */
export function codingUnitPhrase(kind: CodingKind, category: string): string {
  const unit = codingUnit(kind, category);
  return `${unit.charAt(0).toLowerCase()}${unit.slice(1)}`;
}

/**
 * The chart's series of a product's rows: one, or two for a comparison (`value` and `value2`,
 * labelled by `seriesLabels`). A merge rate is charted as a fraction (the chart's percent format
 * reads 0.7 as 70%). A day without a value (no pull requests, so no merge rate) is no point.
 */
export function codingSeries(product: CodingProduct, rows: readonly CodingHistoryRow[]): Series[] {
  const scale = product.kind === "pct" ? 0.01 : 1;
  const labels = product.seriesLabels ?? [product.label];
  const pick = [(row: CodingHistoryRow) => row.value, (row: CodingHistoryRow) => row.value2];
  return codingSeriesKeys(product).map((key, index) => ({
    key,
    label: labels[index] ?? (index === 0 ? product.label : `${product.label} (2)`),
    points: rows.flatMap((row) => {
      const value = pick[index]?.(row);
      return value === null || value === undefined
        ? []
        : [{ date: row.date, value: value * scale }];
    }),
  }));
}

/**
 * The first day of the provisional days at the end of the rows (counts still moving), or
 * undefined when the newest row is settled. A provisional day before a settled one cannot
 * happen (days settle in order); if the api ever sent one, the mark starts at the first
 * provisional day after the last settled one, and the table still names each day's status.
 */
export function provisionalFrom(rows: readonly CodingHistoryRow[]): string | undefined {
  const ordered = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let from: string | undefined;
  for (const row of ordered) {
    if (row.status === "settled") from = undefined;
    else from ??= row.date;
  }
  return from;
}

/** The CSV's own columns: `value2` only for a comparison product (the provenance columns follow). */
export function codingCsvColumns(compare: boolean): (keyof CodingHistoryRow)[] {
  return ["date", "value", ...(compare ? (["value2"] as const) : []), "status"];
}

/**
 * RFC 4180 CSV of a product's history rows, oldest first as the api answers them, the values as
 * it serialises them (a day without a value leaves the field empty), each row with the answer's
 * sample flag, sources and citation. CRLF line ends.
 */
export function codingHistoryToCsv(
  rows: readonly CodingHistoryRow[],
  compare: boolean,
  dataSources: CodingDataSources,
): string {
  const provenance = answerProvenance(dataSources);
  return fieldsCsv(codingCsvColumns(compare), rows, () => provenance);
}
