import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import type { inferRouterOutputs } from "@trpc/server";
import { apiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * The GPU index, from the api's `gpu.latestDaily` and `gpu.dailyHistory` procedures: the same
 * envelopes as `GET /api/daily-index/all` and `GET /api/gpu/{gpuName}/index-history` for a
 * keyless caller, typed through the api's router type.
 */
type GpuOutputs = inferRouterOutputs<AppRouter>["gpu"];
export type GpuLatest = GpuOutputs["latestDaily"]["data"][number];
export type GpuDailyRow = GpuOutputs["dailyHistory"]["data"][number];
export type GpuHistory = { gpu: string; rows: GpuDailyRow[] };

export type GpuIndexView =
  | {
      state: "available";
      latest: GpuLatest[];
      histories: GpuHistory[];
      startDate: string;
      endDate: string;
    }
  | { state: "no-data"; message: string };

/** The trailing three calendar months of daily GPU index values for every GPU in the latest list. */
export async function loadGpuIndex(startDate: string, endDate: string): Promise<GpuIndexView> {
  const client = apiClient();
  let latest: GpuLatest[];
  try {
    latest = (await client.gpu.latestDaily.query()).data;
  } catch (error) {
    // NOT_FOUND from the procedure: nothing published yet (a fresh installation without trades).
    if (isTrpcNotFound(error)) return { state: "no-data", message: error.message };
    throw error;
  }
  const gpus = [...new Set(latest.map((entry) => entry.gpu_type))];
  const histories = await Promise.all(
    gpus.map(async (gpu) => ({
      gpu,
      rows: (await client.gpu.dailyHistory.query({ gpu, startDate, endDate })).data,
    })),
  );
  return { state: "available", latest, histories, startDate, endDate };
}
