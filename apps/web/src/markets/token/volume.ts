import { LAB_CATALOG, type UtcDay } from "@tpi/domain";
import { csvField, type Series } from "../../lib/shape";
import type { RecentTokenVolume } from "./api-types";
import type { DayProvenance } from "./provenance";

/** One lab-day of the token volume index, as `GET /api/token-volume` and the volume page carry it. */
export type VolumeRow = RecentTokenVolume["rows"][number];

/** The volume page's CSV download (served by volume-csv.ts). */
export const VOLUME_CSV_PATH = "/volume/history.csv";

/** `tpi-token-volume-2026-03-01-to-2026-03-30.csv`: the settled days it holds in the saved file's name. */
export function volumeCsvFileName(startDate: UtcDay, endDate: UtcDay): string {
  return `tpi-token-volume-${startDate}-to-${endDate}.csv`;
}

/**
 * One chart series per lab of its share of the labs' tokens the rows are over (a fraction: 0.4 is 40 %),
 * in catalog order, oldest first. A lab-day without a share is left out: a gap, never a zero.
 */
export function volumeShareSeries(rows: readonly VolumeRow[]): Series[] {
  return LAB_CATALOG.map(({ lab, label }) => ({
    key: lab,
    label,
    points: rows
      .filter((row) => row.lab === lab)
      .flatMap((row) => (row.share === null ? [] : [{ date: row.date, value: row.share }]))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  })).filter((series) => series.points.length > 0);
}

/**
 * The API's field names first, in its order, then where each day's data comes from, as the lab
 * CSV says it (source, `as_of`, citation) and as the GPU CSV says whether it is the generated
 * sample (`sample`, true or false).
 */
export const VOLUME_CSV_COLUMNS = [
  "date",
  "lab",
  "totalTokens",
  "growthIndex",
  "share",
  "source",
  "as_of",
  "sample",
  "citation",
] as const;

/**
 * RFC 4180 CSV of volume rows with the API's exact values (a missing growth index or share is an
 * empty field), CRLF line ends, in the order given. `sample` is the day's provenance flag (true
 * when any of its source days is the sample); a day without a synced source day takes
 * `sampleFallback` (whether the published set holds the sample), so every row says whether it is.
 */
export function volumeRowsToCsv(
  rows: readonly VolumeRow[],
  provenance: ReadonlyMap<UtcDay, DayProvenance>,
  sampleFallback: boolean,
): string {
  const lines = [VOLUME_CSV_COLUMNS.join(",")];
  for (const row of rows) {
    const day = provenance.get(row.date);
    lines.push(
      [
        row.date,
        row.lab,
        String(row.totalTokens),
        row.growthIndex === null ? "" : String(row.growthIndex),
        row.share === null ? "" : String(row.share),
        day?.source ?? "",
        day?.asOf ?? "",
        String(day?.sample ?? sampleFallback),
        day?.citation ?? "",
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Rows newest day first, the API's (catalog) order kept within a day. */
export function newestDayFirst(rows: readonly VolumeRow[]): VolumeRow[] {
  return [...rows].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
}
