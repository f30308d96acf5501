import { TRPCClientError } from "@trpc/client";
import { isFreeTierGpu } from "@tpi/domain";
import { csvDownload } from "../../kit/csv";
import { seriesWindow } from "../../kit/series-window";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { parseChartState } from "../../lib/chart-state";
import { refusal } from "../../server/account";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadViewer } from "../../server/viewer";
import { loadGpuDetail, loadPlanGpuHistory } from "./loaders";
import { gpuCsvFileName, gpuNameOfSegment } from "./paths";
import { gpuDailyToCsv, gpuHeldRange, settlementDayOf } from "./shape";

/**
 * The daily series charted on a free GPU's page as CSV: the same `gpu.detail` answer (and cache
 * entry) as the page, oldest first, with the values as the API serialises them and each value's
 * basis, sources, back-filled mark, sample flag and citations. The file is named
 * after the GPU and its last settled day. `?range=7D` cuts it as it cuts the page's chart; an
 * unknown or locked range gives the whole free window, as the page does.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ gpu: string }> },
): Promise<Response> {
  const gpu = gpuNameOfSegment((await context.params).gpu);
  if (gpu === undefined) return downloadNotFound("No GPU has this name.");
  const reader = await loadViewer(request);
  // A signed-in reader whose plan reads GPU history: the daily index the api answers a key of
  // that plan (all history, any GPU). Otherwise a keyed GPU is refused in the api's words.
  const plan =
    reader !== undefined && reader.viewer.gpuAccess !== null
      ? await loadPlanGpuHistory(reader.token, gpu)
      : undefined;
  if (plan === undefined && !isFreeTierGpu(gpu)) {
    if (reader === undefined)
      return downloadNotFound("CSV downloads exist for the free-tier GPUs only.");
    return keyedRefusal(gpu);
  }
  const daily = plan === undefined ? (await loadGpuDetail(gpu)).daily : plan;
  const offer = { held: gpuHeldRange(plan), keys: [gpu] };
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const { shown, last } = seriesWindow(
    daily?.data ?? [],
    (row) => settlementDayOf(row.timestamp),
    offer,
    state,
  );
  if (last === undefined)
    return downloadNotFound(
      plan === undefined
        ? `No daily values of ${gpu} in the free window yet.`
        : `No daily values of ${gpu} published yet.`,
    );
  const provenance = daily?.provenance ?? { sample: false, sources: [] };
  return csvDownload(
    gpuDailyToCsv(gpu, shown, provenance),
    gpuCsvFileName(gpu, last),
    // A plan's rows are one signed-in reader's.
    plan !== undefined,
  );
}

/**
 * A keyed GPU for a signed-in reader whose plan reads no GPU history (an ended trial): the api's
 * refusal of the keyless request, in its words.
 */
async function keyedRefusal(gpu: string): Promise<Response> {
  try {
    await loadGpuDetail(gpu);
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const answer = refusal(error);
      return downloadRefused(answer.message, answer.status ?? 403);
    }
    throw error;
  }
  return downloadNotFound("CSV downloads exist for the free-tier GPUs only.");
}
