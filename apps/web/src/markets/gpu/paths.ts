import { isGpuName, type GpuName } from "@tpi/domain";
import { decodedSegment } from "../../kit/market-entry";

/** The GPU overview (overview-page.tsx). */
export const GPUS_PATH = "/gpus";

/** Comma-separated GPU names shown in the overview's chart (`?gpus=`). */
export const GPU_SERIES_PARAM = "gpus";

/** A GPU's page: the name URL-encoded as one path segment (`/gpus/H100%20SXM`). */
export function gpuPathOf(gpu: string): string {
  return `${GPUS_PATH}/${encodeURIComponent(gpu)}`;
}

/** The CSV download of a free GPU's daily series (served by daily-csv.ts). */
export function gpuCsvPathOf(gpu: string): string {
  return `${gpuPathOf(gpu)}/daily.csv`;
}

/** `tpi-gpu-H100-SXM-daily-to-2026-03-30.csv`: the GPU (spaces as hyphens) and its last settled day. */
export function gpuCsvFileName(gpu: string, lastDay: string): string {
  return `tpi-gpu-${gpu.replaceAll(" ", "-")}-daily-to-${lastDay}.csv`;
}

/** The GPU methodology page (methodology-page.tsx). */
export const GPU_METHODOLOGY_PATH = "/methodology/gpu";

/**
 * The GPU a `/gpus/<segment>` path names. The segment is the name URL-encoded (`H100%20SXM`); Next
 * hands it over decoded or not depending on the version, so it is decoded here once; a malformed
 * escape is no GPU at all.
 */
export function gpuNameOfSegment(segment: string): GpuName | undefined {
  const name = decodedSegment(segment);
  return name !== undefined && isGpuName(name) ? name : undefined;
}
