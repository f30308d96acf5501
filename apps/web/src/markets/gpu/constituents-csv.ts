import { isFreeTierGpu } from "@tpi/domain";
import {
  gpuConstituentsCsvFileName,
  gpuConstituentsToCsv,
} from "../../../../src/lib/gpu-constituents";
import { gpuNameOfSegment } from "../../../../src/lib/paths";
import { downloadNotFound } from "../../../../src/server/download-errors";
import { latestSettledConstituents } from "../../../../src/server/gpu";

export const dynamic = "force-dynamic";

/**
 * The constituents table of a free GPU's page as CSV: the same loaders (and cache entries) as the
 * page, so the same settled day and the same rows in the same order, with exact values and each
 * row's source citation. Named after the GPU and the day.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ gpu: string }> },
): Promise<Response> {
  const gpu = gpuNameOfSegment((await context.params).gpu);
  if (gpu === undefined || !isFreeTierGpu(gpu))
    return downloadNotFound("CSV downloads exist for the free-tier GPUs only.");
  const body = await latestSettledConstituents(gpu);
  if (body === undefined)
    return downloadNotFound(`No settled day of ${gpu} with constituents in the free window yet.`);
  return new Response(gpuConstituentsToCsv(body), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${gpuConstituentsCsvFileName(gpu, body.date)}"`,
    },
  });
}
