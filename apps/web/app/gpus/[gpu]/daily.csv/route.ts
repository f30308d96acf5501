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
import { downloadNotFound } from "../../../../src/server/download-errors";
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
  if (gpu === undefined || !isFreeTierGpu(gpu))
    return downloadNotFound("CSV downloads exist for the free-tier GPUs only.");
  const detail = await loadGpuDetail(gpu);
  const rows = detail.daily?.data ?? [];
  const dayOf = (row: (typeof rows)[number]) => row.timestamp.slice(0, 10);
  const last = latestDay(rows.map(dayOf));
  if (last === undefined)
    return downloadNotFound(`No daily values of ${gpu} in the free window yet.`);
  const offer = { held: GPU_HELD_RANGE, keys: [gpu] };
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => dayOf(row) >= from);
  const provenance = detail.daily?.provenance ?? { sample: false, sources: [] };
  return new Response(gpuDailyToCsv(gpu, shown, provenance), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${gpuCsvFileName(gpu, last)}"`,
    },
  });
}
