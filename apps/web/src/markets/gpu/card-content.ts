import "server-only";
import { isFreeTierGpu, type GpuName } from "@tpi/domain";
import type { CardContent } from "../../lib/social-card";
import { restsOnSample } from "../../server/sources";
import { gpuCard } from "./card";
import { loadGpuDetail, loadGpuSources, loadKeyedLatest } from "./loaders";

/** A keyed GPU's card names its latest print's time, never its value. */
export async function loadGpuCard(gpu: GpuName): Promise<CardContent> {
  const sample = await restsOnSample(loadGpuSources);
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
