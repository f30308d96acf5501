import { isFreeTierGpu } from "@tpi/domain";
import { gpuDailyToCsv } from "../../../../src/lib/gpu-shape";
import { gpuCsvFileName, gpuNameOfSegment } from "../../../../src/lib/paths";
import { loadGpuDetail } from "../../../../src/server/gpu";

export const dynamic = "force-dynamic";

function notFound(message: string): Response {
  return new Response(`Not found: ${message}\n`, {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * The daily series charted on a free GPU's page as CSV: the same `gpu.detail` answer (and cache
 * entry) as the page, oldest first, with the values as the API serialises them. The file is named
 * after the GPU and its last settled day.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ gpu: string }> },
): Promise<Response> {
  const gpu = gpuNameOfSegment((await context.params).gpu);
  if (gpu === undefined || !isFreeTierGpu(gpu))
    return notFound("CSV downloads exist for the free-tier GPUs only.");
  const detail = await loadGpuDetail(gpu);
  const rows = detail.daily?.data ?? [];
  const last = rows
    .map((row) => row.timestamp)
    .sort()
    .at(-1);
  if (last === undefined) return notFound(`no daily values of ${gpu} in the free window yet.`);
  return new Response(gpuDailyToCsv(gpu, rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${gpuCsvFileName(gpu, last.slice(0, 10))}"`,
    },
  });
}
