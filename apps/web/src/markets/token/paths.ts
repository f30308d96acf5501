import type { LabId } from "@tpi/domain";

/** A lab's page. */
export function labPathOf(lab: LabId): string {
  return `/labs/${lab}`;
}

/** The CSV download of a free lab's table (served by lab-csv.ts). */
export function csvPathOf(lab: LabId): string {
  return `/labs/${lab}/history.csv`;
}

/** `tpi-anthropic-2026-02-28-to-2026-03-31.csv`: lab and window in the saved file's name. */
export function csvFileName(lab: LabId, startDate: string, endDate: string): string {
  return `tpi-${lab}-${startDate}-to-${endDate}.csv`;
}
