import { isGpuName, type GpuName, type LabId } from "@tpi/domain";

/** A lab's page. */
export function labPathOf(lab: LabId): string {
  return `/labs/${lab}`;
}

/** The CSV download of a free lab's table (served by app/labs/[lab]/history.csv/route.ts). */
export function csvPathOf(lab: LabId): string {
  return `/labs/${lab}/history.csv`;
}

/** `tpi-anthropic-2026-02-28-to-2026-03-31.csv`: lab and window in the saved file's name. */
export function csvFileName(lab: LabId, startDate: string, endDate: string): string {
  return `tpi-${lab}-${startDate}-to-${endDate}.csv`;
}

/** A GPU's page: the name URL-encoded as one path segment (`/gpus/H100%20SXM`). */
export function gpuPathOf(gpu: string): string {
  return `/gpus/${encodeURIComponent(gpu)}`;
}

/** The CSV download of a free GPU's daily series (served by app/gpus/[gpu]/daily.csv/route.ts). */
export function gpuCsvPathOf(gpu: string): string {
  return `${gpuPathOf(gpu)}/daily.csv`;
}

/** `tpi-gpu-H100-SXM-daily-to-2026-03-30.csv`: the GPU (spaces as hyphens) and its last settled day. */
export function gpuCsvFileName(gpu: string, lastDay: string): string {
  return `tpi-gpu-${gpu.replaceAll(" ", "-")}-daily-to-${lastDay}.csv`;
}

/** The GPU methodology page (app/methodology/gpu/page.tsx). */
export const GPU_METHODOLOGY_PATH = "/methodology/gpu";

/**
 * The GPU a `/gpus/<segment>` path names. The segment is the name URL-encoded (`H100%20SXM`); Next
 * hands it over decoded or not depending on the version, so it is decoded here once; a malformed
 * escape is no GPU at all.
 */
export function gpuNameOfSegment(segment: string): GpuName | undefined {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isGpuName(name) ? name : undefined;
}
