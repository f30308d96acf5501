import { answerProvenance, csvDownload } from "../../kit/csv";
import { downloadWindow } from "../../kit/series-window";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadViewer } from "../../server/viewer";
import {
  weekRange,
  WORKLOAD_LAB_PARAM,
  workloadCsvFileName,
  workloadLabOf,
  workloadRowsToCsv,
} from "./lib";
import { loadPlanWorkload } from "./loaders";

const NO_WEEK = "No week of the Workload Cost index has been published yet.";

/**
 * The Workload Cost rows of the page's chart range (and lab, `?lab=`) as CSV, through the
 * reader's session (never a key): the same `planIndex` answer as the page, in the API's order
 * (oldest week first, labs in catalogue order, `all` first), each row with its sample flag,
 * sources and citation. A visitor or a plan that does not read the index gets the api's refusal,
 * in its words.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lab = workloadLabOf(url.searchParams.get(WORKLOAD_LAB_PARAM) ?? undefined);
  const reader = await loadViewer(request);
  const plan = await loadPlanWorkload(reader?.token, lab === undefined ? {} : { lab });
  if (plan.kind === "refused") return downloadRefused(plan.message, plan.status);
  if (plan.kind === "no-data") return downloadNotFound(NO_WEEK);
  const { shown, last } = downloadWindow(request, plan.answer.data, (row) => row.date);
  if (last === undefined) return downloadNotFound(NO_WEEK);
  const range = weekRange(shown) ?? { startDate: last, endDate: last };
  const provenance = answerProvenance(plan.answer.dataSources);
  return csvDownload(
    workloadRowsToCsv(shown, () => provenance),
    workloadCsvFileName(range.startDate, range.endDate, lab),
  );
}
