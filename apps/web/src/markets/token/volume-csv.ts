import { csvDownload } from "../../kit/csv";
import { downloadNotFound } from "../../server/download-errors";
import { loadRecentTokenVolume, loadSourceDays } from "./loaders";
import { provenanceByDay } from "./provenance";
import { newestDayFirst, volumeCsvFileName, volumeRowsToCsv } from "./volume";

/**
 * Every lab-day of the volume page as CSV: the same `recentTokenVolume` answer as the page, in
 * its table's order (newest day first), each row with its day's source, `as_of`, citation and
 * whether it is the generated sample.
 */
export async function GET(): Promise<Response> {
  const view = await loadRecentTokenVolume();
  if (view.startDate === null || view.endDate === null)
    return downloadNotFound("No settled day of token volume has been published yet.");
  const sourceDays = await loadSourceDays(view.startDate, view.endDate);
  const csv = volumeRowsToCsv(
    newestDayFirst(view.rows),
    provenanceByDay(sourceDays),
    view.dataSources.sample,
  );
  return csvDownload(csv, volumeCsvFileName(view.startDate, view.endDate), false);
}
