import "server-only";
import type { GpuName } from "@tpi/domain";
import type { DataSources } from "../../lib/api-types";
import { apiClient } from "../../server/trpc-client";
import { isTrpcNotFound } from "../../server/trpc-errors";
import { personalApi } from "../../server/viewer";
import type {
  GpuConstituents,
  GpuDetail,
  GpuKeyedLatest,
  GpuLatest,
  GpuMethodology,
  GpuProvenance,
  PlanGpuHistory,
} from "./api-types";
import { mergeGpuProvenance } from "./provenance";
import { settlementDayOf, type GpuHistory } from "./shape";

/**
 * The GPU index, from the api's `gpu.latestDaily` and `gpu.dailyHistory` procedures: the same
 * envelopes as `GET /api/daily-index/all` and `GET /api/gpu/{gpuName}/index-history` for a
 * keyless caller.
 */
export type GpuIndexView =
  | {
      state: "available";
      latest: GpuLatest[];
      histories: GpuHistory[];
      /** The sources of the values listed (the latest values and the charted histories). */
      provenance: GpuProvenance;
      startDate: string;
      endDate: string;
    }
  | { state: "no-data"; message: string };

/** The trailing three calendar months of daily GPU index values for every GPU in the latest list. */
export async function loadGpuIndex(startDate: string, endDate: string): Promise<GpuIndexView> {
  const client = apiClient();
  let latestAnswer: Awaited<ReturnType<typeof client.gpu.latestDaily.query>>;
  try {
    latestAnswer = await client.gpu.latestDaily.query();
  } catch (error) {
    // NOT_FOUND from the procedure: nothing published yet (a fresh installation without trades).
    if (isTrpcNotFound(error)) return { state: "no-data", message: error.message };
    throw error;
  }
  const latest: GpuLatest[] = latestAnswer.data;
  const gpus = [...new Set(latest.map((entry) => entry.gpu_type))];
  const answers = await Promise.all(
    gpus.map((gpu) => client.gpu.dailyHistory.query({ gpu, startDate, endDate })),
  );
  const histories = answers.map((answer, index) => ({ gpu: gpus[index] ?? "", rows: answer.data }));
  const provenance = mergeGpuProvenance([latestAnswer, ...answers]) ?? latestAnswer.provenance;
  return { state: "available", latest, histories, provenance, startDate, endDate };
}

/**
 * One free-tier GPU's page from the api's `gpu.detail` procedure: the envelopes of
 * `GET /api/gpu/{gpuName}/rolling-24h-average`, `/hourly`, `/index-history` over the keyless
 * window and `/volatility` (30-day window) over it, each null while nothing is published.
 */
export async function loadGpuDetail(gpu: string): Promise<GpuDetail> {
  return apiClient().gpu.detail.query({ gpu });
}

/** The keyed GPUs with the day of their latest settled value (never the value): `gpu.keyedLatest`. */
export async function loadKeyedLatest(): Promise<GpuKeyedLatest[]> {
  return apiClient().gpu.keyedLatest.query();
}

/** The GPU methodology in force, section by section: `gpu.methodology`. */
export async function loadGpuMethodology(): Promise<GpuMethodology> {
  return apiClient().gpu.methodology.query();
}

/**
 * A settled GPU day's constituents (New York settlement day `date`); `undefined` when the api has
 * none for it: the day is not settled, or is outside what a keyless caller may see.
 */
export async function loadGpuConstituents(
  gpu: string,
  date: string,
): Promise<GpuConstituents | undefined> {
  try {
    return (await apiClient().gpu.constituents.query({ gpu, date })) ?? undefined;
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/** The latest settled day of a GPU's page (its newest daily row), or undefined before the first. */
export function latestSettledDayOf(detail: GpuDetail): string | undefined {
  const days = (detail.daily?.data ?? []).map((row) => settlementDayOf(row.timestamp)).sort();
  return days.at(-1);
}

/** The constituents of the latest settled day of a GPU's page: what its table and CSV show. */
export async function latestSettledConstituents(gpu: string): Promise<GpuConstituents | undefined> {
  const day = latestSettledDayOf(await loadGpuDetail(gpu));
  return day === undefined ? undefined : loadGpuConstituents(gpu, day);
}

/**
 * `GET /api/gpu/{gpuName}/index-history` without dates, as a key of the session's plan gets it:
 * the api answers a key all history (a keyless caller the free window); null when the GPU has no
 * daily value published in it.
 */
export async function loadPlanGpuHistory(
  token: string,
  gpu: GpuName,
): Promise<PlanGpuHistory | null> {
  try {
    return await personalApi().gpu.planIndexHistory.query({ sessionToken: token, gpuName: gpu });
  } catch (error) {
    if (isTrpcNotFound(error)) return null;
    throw error;
  }
}

/** The GPU index's free window (UTC days, inclusive), on the api's clock. */
export async function loadGpuWindow(): Promise<{ startDate: string; endDate: string }> {
  return (await apiClient().windows.query()).gpu;
}

/** Where the GPU index's published values come from: the sample, or the sources of its trades. */
export async function loadGpuSources(): Promise<DataSources> {
  return apiClient().gpu.dataProvenance.query();
}
