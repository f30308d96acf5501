import "server-only";
import { isFreeTierGpu, type GpuName } from "@tpi/domain";
import { gpuCard, type CardContent } from "../../lib/social-card";
import { loadDataSources } from "../../server/data";
import { loadGpuDetail, loadKeyedLatest } from "../../server/gpu";

/** A keyed GPU's card names its latest print's time, never its value. */
export async function loadGpuCard(gpu: GpuName): Promise<CardContent> {
  const sample = (await loadDataSources())?.gpu.sample === true;
  if (!isFreeTierGpu(gpu)) {
    const keyed = (await loadKeyedLatest()).find((entry) => entry.gpu_type === gpu);
    const date = keyed?.date ?? null;
    return gpuCard(gpu, date === null ? undefined : { timestamp: date }, sample);
  }
  const prints = (await loadGpuDetail(gpu)).hourly?.data ?? [];
  const latest = prints[prints.length - 1];
  return gpuCard(
    gpu,
    latest === undefined ? undefined : { timestamp: latest.timestamp, value: latest.index_value },
    sample,
  );
}
