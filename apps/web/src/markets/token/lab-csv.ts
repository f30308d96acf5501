import { isFreeTierLab, isLabId, type LabId } from "@tpi/domain";
import { csvDownload } from "../../kit/csv";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import {
  latestDay,
  parseChartState,
  shownFrom,
  planHeldRange,
  type ChartOffer,
} from "../../lib/chart-state";
import { newestFirst } from "../../lib/shape";
import { refusal } from "../../server/account";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { isTrpcNotFound } from "../../server/trpc-errors";
import { HISTORY_START_DAY, loadViewer, type SignedInReader } from "../../server/viewer";
import type { IndexRow } from "./api-types";
import { TOKEN_HELD_RANGE, shownRange } from "./lab-window";
import { loadFreeWindow, loadSourceDays, loadTokenWindow, loadPlanIndex } from "./loaders";
import { csvFileName } from "./paths";
import { provenanceByDay } from "./provenance";
import { indexRowsToCsv } from "./shape";

/**
 * The rows of the lab page's table as CSV: same loaders, same order, each row with the source,
 * `as_of` and citation of its day. `?range=7D` cuts it as it cuts the page's chart and table; an
 * unknown or locked range gives all the page holds, as the page does. A visitor gets the free
 * window of a free lab; a signed-in reader whose plan reads the whole index gets the history the
 * api answers a key of that plan (any lab), and a keyed lab outside the plan is refused in the
 * api's words.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ lab: string }> },
): Promise<Response> {
  const { lab } = await context.params;
  if (!isLabId(lab)) return downloadNotFound(`No lab is named ${lab}.`);
  const rangeParam = new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined;
  const reader = await loadViewer(request);
  if (reader !== undefined && reader.viewer.tokenAccess !== null)
    return planCsv(lab, rangeParam, reader);
  if (!isFreeTierLab(lab)) {
    if (reader === undefined)
      return downloadNotFound("CSV downloads exist for the free-tier labs only.");
    // Signed in without a plan that reads it (an ended trial): the api's refusal of the lab.
    return keyedRefusal(lab, reader);
  }
  const window = await loadFreeWindow(lab);
  const sourceDays = await loadSourceDays(window.startDate, window.endDate);
  // Named after the last settled day it holds, as the page's lead and table caption are.
  const range = shownRange(window);
  const rows = newestFirst(window.rows);
  const offer = { held: TOKEN_HELD_RANGE, keys: [lab] };
  const state = parseChartState(rangeParam, undefined, offer);
  const from = shownFrom(state, offer, latestDay(rows.map((row) => row.date)));
  const shown = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const csv = indexRowsToCsv(shown, provenanceByDay(sourceDays));
  return csvDownload(csv, csvFileName(lab, from ?? range.startDate, range.endDate), false);
}

/** The signed-in lab page's rows: the plan's history, cut to the range as the page cuts it. */
async function planCsv(
  lab: LabId,
  rangeParam: string | undefined,
  reader: SignedInReader,
): Promise<Response> {
  const endDate = (await loadTokenWindow()).endDate;
  let access: string;
  let rows: IndexRow[];
  try {
    const answer = await loadPlanIndex(reader.token, {
      lab,
      startDate: HISTORY_START_DAY,
      endDate,
    });
    access = answer.access;
    rows = newestFirst(answer.data);
  } catch (error) {
    if (isTrpcNotFound(error)) return downloadNotFound(`No settled values of ${lab} yet.`);
    const answer = refusal(error);
    return downloadRefused(answer.message, answer.status ?? 403);
  }
  const offer: ChartOffer = { held: planHeldRange(access, TOKEN_HELD_RANGE), keys: [lab] };
  const state = parseChartState(rangeParam, undefined, offer);
  const from = shownFrom(state, offer, latestDay(rows.map((row) => row.date)));
  const shown = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const first = shown[shown.length - 1]?.date ?? endDate;
  const last = shown[0]?.date ?? endDate;
  const sourceDays = await loadSourceDays(first, last);
  return csvDownload(
    indexRowsToCsv(shown, provenanceByDay(sourceDays)),
    csvFileName(lab, first, last),
  );
}

/** A keyed lab for a reader whose plan does not read it: the api's own refusal of the request. */
async function keyedRefusal(lab: LabId, reader: SignedInReader): Promise<Response> {
  const endDate = (await loadTokenWindow()).endDate;
  try {
    await loadPlanIndex(reader.token, { lab, startDate: endDate, endDate });
  } catch (error) {
    if (!isTrpcNotFound(error)) {
      const answer = refusal(error);
      return downloadRefused(answer.message, answer.status ?? 403);
    }
  }
  return downloadNotFound("CSV downloads exist for the free-tier labs only.");
}
