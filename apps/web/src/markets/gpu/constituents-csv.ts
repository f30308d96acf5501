import { isFreeTierGpu } from "@tpi/domain";
import { csvDownload } from "../../kit/csv";
import { downloadNotFound } from "../../server/download-errors";
import { gpuConstituentsCsvFileName, gpuConstituentsToCsv } from "./constituents";
import { latestSettledConstituents } from "./loaders";
import { gpuNameOfSegment } from "./paths";

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
  return csvDownload(gpuConstituentsToCsv(body), gpuConstituentsCsvFileName(gpu, body.date), false);
}
