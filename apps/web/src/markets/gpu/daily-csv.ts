import { isFreeTierGpu } from "@tpi/domain";
import { CHART_RANGE_PARAM } from "../../../../src/lib/chart-params";
import {
  GPU_HELD_RANGE,
  latestDay,
  parseChartState,
  shownFrom,
} from "../../../../src/lib/chart-state";
import { gpuDailyToCsv } from "../../../../src/lib/gpu-shape";
import { gpuCsvFileName, gpuNameOfSegment } from "../../../../src/lib/paths";
import { downloadNotFound, downloadRefused } from "../../../../src/server/download-errors";
import { refusal } from "../../../../src/server/account";
import { heldRangeOf, loadPlanGpuHistory, loadViewer } from "../../../../src/server/viewer";
import { TRPCClientError } from "@trpc/client";
import { loadGpuDetail } from "../../../../src/server/gpu";

export const dynamic = "force-dynamic";

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
  const rows = daily?.data ?? [];
  const dayOf = (row: (typeof rows)[number]) => row.timestamp.slice(0, 10);
  const last = latestDay(rows.map(dayOf));
  if (last === undefined)
    return downloadNotFound(
      plan === undefined
        ? `No daily values of ${gpu} in the free window yet.`
        : `No daily values of ${gpu} published yet.`,
    );
  const offer = {
    held: plan == null ? GPU_HELD_RANGE : heldRangeOf(plan.access, "gpu"),
    keys: [gpu],
  };
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => dayOf(row) >= from);
  const provenance = daily?.provenance ?? { sample: false, sources: [] };
  return new Response(gpuDailyToCsv(gpu, shown, provenance), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${gpuCsvFileName(gpu, last)}"`,
      // One signed-in reader's rows: never kept by a shared cache.
      ...(plan === undefined ? {} : { "cache-control": "private, no-store" }),
    },
  });
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
