import { addDays, LAB_CATALOG, labLabel, type LabId, type UtcDay } from "@tpi/domain";
import { changeBetween, type Change } from "../../lib/format";
import { csvField, type Series } from "../../lib/shape";
import type { IndexRow } from "./api-types";
import type { DayProvenance } from "./provenance";

export type LabSnapshot = {
  lab: LabId;
  label: string;
  date: UtcDay;
  indexPerMtok: number;
  /** Against the previous UTC day (day − 1), when that day has a value. */
  dayChange: Change | undefined;
  /** Against the same lab seven UTC days earlier (day − 7), when that day has a value. */
  weekChange: Change | undefined;
};

function valueOn(history: readonly IndexRow[], lab: LabId, day: UtcDay): number | undefined {
  return history.find((row) => row.lab === lab && row.date === day)?.indexPerMtok;
}

/**
 * The latest settled day per lab with its changes. Changes compare calendar days, not
 * neighbouring rows: a lab-day without a value (suppressed) gives "no earlier value", never a
 * change against an older day passed off as yesterday.
 */
export function labSnapshots(
  latest: readonly IndexRow[],
  history: readonly IndexRow[],
): LabSnapshot[] {
  return latest.map((row) => ({
    lab: row.lab,
    label: labLabel(row.lab),
    date: row.date,
    indexPerMtok: row.indexPerMtok,
    dayChange: changeBetween(row.indexPerMtok, valueOn(history, row.lab, addDays(row.date, -1))),
    weekChange: changeBetween(row.indexPerMtok, valueOn(history, row.lab, addDays(row.date, -7))),
  }));
}

/** One chart series per lab, in catalog order, points oldest first. */
export function labSeries(rows: readonly IndexRow[]): Series[] {
  return LAB_CATALOG.map(({ lab, label }) => ({
    key: lab,
    label,
    points: rows
      .filter((row) => row.lab === lab)
      .map((row) => ({ date: row.date, value: row.indexPerMtok }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  })).filter((series) => series.points.length > 0);
}

/**
 * The API's field names first (their order is what existing readers parse), then where each day's
 * data comes from: the source, its `as_of` and the citation its licence requires (per row, because
 * `as_of` differs by day), and last whether the day's data is the generated sample (`true`) or
 * not (`false`); empty when the day has no synced source day. New columns go at the end so that
 * readers of the earlier columns by position keep working.
 */
export const CSV_COLUMNS = [
  "date",
  "lab",
  "indexPerMtok",
  "computedAt",
  "source",
  "as_of",
  "citation",
  "sample",
] as const;

/**
 * RFC 4180 CSV of index rows with the API's field names and exact values (numbers as the API
 * serialises them, not as the page rounds them), CRLF line ends. A day without a synced source
 * day leaves its provenance fields empty.
 */
export function indexRowsToCsv(
  rows: readonly IndexRow[],
  provenance: ReadonlyMap<UtcDay, DayProvenance>,
): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const row of rows) {
    const day = provenance.get(row.date);
    lines.push(
      [
        row.date,
        row.lab,
        String(row.indexPerMtok),
        row.computedAt,
        day?.source ?? "",
        day?.asOf ?? "",
        day?.citation ?? "",
        day === undefined ? "" : String(day.sample),
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
