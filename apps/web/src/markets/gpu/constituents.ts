import { GPU_REGION } from "@tpi/domain";
import { csvField } from "../../lib/shape";
import type { GpuBasis, GpuConstituentRow, GpuConstituents, GpuProvenance } from "./api-types";

/**
 * What a GPU day's constituents say, in one place: the table, the CSV and the page's notes all
 * read their labels and values from here, so the download cannot say other than the page.
 */

/** What a reader is told a GPU value rests on. Sample wins: generated trades are never "market". */
export type GpuEvidence = GpuBasis | "sample";

export const GPU_EVIDENCE_LABELS: Record<GpuEvidence, string> = {
  quotes: "Real posted prices (quotes)",
  trades: "Market trades",
  mixed: "Real posted prices and market trades",
  sample: "Sample data (generated, not market data)",
};

/** The evidence of an answer: the sample whenever its provenance says so, else its basis. */
export function gpuEvidenceOf(basis: GpuBasis, provenance: GpuProvenance): GpuEvidence {
  return provenance.sample ? "sample" : basis;
}

/** The mark of a day loaded from a source's history after the fact rather than published live. */
export const BACKFILLED_LABEL = "Back-filled";
export const BACKFILLED_TEXT =
  "computed after the fact from the source's published history, not settled live that day";

/** Where a GPU's constituents CSV is served (constituents-csv.ts). */
export function gpuConstituentsCsvPathOf(gpuPath: string): string {
  return `${gpuPath}/constituents.csv`;
}

/** `tpi-gpu-H100-SXM-constituents-2026-03-30.csv`: the GPU (spaces as hyphens) and its day. */
export function gpuConstituentsCsvFileName(gpu: string, date: string): string {
  return `tpi-gpu-${gpu.replaceAll(" ", "-")}-constituents-${date}.csv`;
}

/** A row's price in USD per GPU-hour: the quote's posted price or the trades' average. */
export function constituentPrice(row: GpuConstituentRow): number {
  return row.kind === "quote" ? row.priceUsdPerGpuHour : row.averagePriceUsdPerGpuHour;
}

/** Trade rows always enter the value (trades are filtered before they are published). */
export function constituentIncluded(row: GpuConstituentRow): boolean {
  return row.kind === "quote" ? row.included : true;
}

/** "included", or "excluded: <why>" in the api's words (its description, else its reason code). */
export function constituentStatus(row: GpuConstituentRow): string {
  if (row.kind === "trades" || row.included) return "included";
  return `excluded: ${row.exclusionDescription ?? row.exclusionReason ?? "no reason given"}`;
}

/** The CSV columns: the api's field names, then the day's own facts repeated on every row. */
export const GPU_CONSTITUENTS_CSV_COLUMNS = [
  "date",
  "gpu_type",
  "region",
  "kind",
  "source",
  "provider",
  "tier",
  "offer",
  "priceUsdPerGpuHour",
  "prints",
  "tradeCount",
  "gpuHours",
  "included",
  "exclusionReason",
  "snapshotId",
  "snapshotAsOf",
  "basis",
  "sample",
  "backfilled",
  "citation",
] as const;

/** The citation of the source a row comes from, as the answer's provenance gives it. */
function citationOf(source: string, provenance: GpuProvenance): string {
  return provenance.sources.find((entry) => entry.source === source)?.citation ?? "";
}

function csvLine(body: GpuConstituents, row: GpuConstituentRow): string {
  const quote = row.kind === "quote" ? row : undefined;
  const trades = row.kind === "trades" ? row : undefined;
  const fields: Record<(typeof GPU_CONSTITUENTS_CSV_COLUMNS)[number], string> = {
    date: body.date,
    gpu_type: body.gpuName,
    region: GPU_REGION,
    kind: row.kind,
    source: row.source,
    provider: row.provider,
    tier: quote?.tier ?? "",
    offer: quote?.offer ?? "",
    priceUsdPerGpuHour: String(constituentPrice(row)),
    prints: quote === undefined ? "" : String(quote.prints),
    tradeCount: trades === undefined ? "" : String(trades.tradeCount),
    gpuHours: trades === undefined ? "" : String(trades.gpuHours),
    included: String(constituentIncluded(row)),
    exclusionReason: quote?.exclusionReason ?? "",
    snapshotId: quote === undefined ? "" : String(quote.snapshotId),
    snapshotAsOf: quote?.snapshotAsOf ?? "",
    basis: body.basis,
    sample: String(body.provenance.sample),
    backfilled: String(body.backfilled),
    citation: citationOf(row.source, body.provenance),
  };
  return GPU_CONSTITUENTS_CSV_COLUMNS.map((column) => csvField(fields[column])).join(",");
}

/**
 * The constituents table as RFC 4180 CSV, CRLF line ends: one line per table row in the table's
 * order (the api's), values exact as the api serialises them rather than as the page rounds them.
 */
export function gpuConstituentsToCsv(body: GpuConstituents): string {
  const lines = [
    GPU_CONSTITUENTS_CSV_COLUMNS.join(","),
    ...body.data.map((row) => csvLine(body, row)),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
