import "server-only";
import { z } from "zod";
import { untypedApiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * The GPU index is served by `gpu.latestDaily` and `gpu.dailyHistory` on the api's router: the
 * same envelopes as `GET /api/daily-index/all` and `GET /api/gpu/{gpuName}/index-history` for a
 * keyless caller. Their answers are validated here, and an api without those procedures (tRPC
 * NOT_FOUND) is reported as "not available yet", not as an error.
 */
const gpuLatestRowSchema = z.object({
  gpu_type: z.string(),
  region: z.string(),
  index_value: z.number(),
  date: z.string(),
});
const gpuDailyRowSchema = z.object({ timestamp: z.string(), index_value: z.number() });
export const gpuLatestSchema = z.object({ data: z.array(gpuLatestRowSchema) });
export const gpuDailySchema = z.object({ data: z.array(gpuDailyRowSchema) });

export type GpuLatest = z.infer<typeof gpuLatestRowSchema>;
export type GpuDailyRow = z.infer<typeof gpuDailyRowSchema>;
export type GpuHistory = { gpu: string; rows: GpuDailyRow[] };

export type GpuIndexView =
  | {
      state: "available";
      latest: GpuLatest[];
      histories: GpuHistory[];
      startDate: string;
      endDate: string;
    }
  | { state: "not-yet-available" }
  | { state: "no-data"; message: string };

/**
 * tRPC answers NOT_FOUND with `No procedure found on path "…"` (or `No "query"-procedure on path`)
 * for a procedure the router lacks; a NOT_FOUND from inside a procedure (no data) is a different
 * situation and stays an error.
 */
export function isMissingProcedure(error: unknown): boolean {
  return isTrpcNotFound(error) && /procedure (found )?on path/i.test(error.message);
}

/** The trailing three calendar months of daily GPU index values for every GPU in the latest list. */
export async function loadGpuIndex(startDate: string, endDate: string): Promise<GpuIndexView> {
  const client = untypedApiClient();
  let latest: GpuLatest[];
  try {
    latest = gpuLatestSchema.parse(await client.query("gpu.latestDaily", undefined)).data;
  } catch (error) {
    if (isMissingProcedure(error)) return { state: "not-yet-available" };
    if (isTrpcNotFound(error)) return { state: "no-data", message: error.message };
    throw error;
  }
  const gpus = [...new Set(latest.map((entry) => entry.gpu_type))];
  const histories = await Promise.all(
    gpus.map(async (gpu) => ({
      gpu,
      rows: gpuDailySchema.parse(
        await client.query("gpu.dailyHistory", { gpu, startDate, endDate }),
      ).data,
    })),
  );
  return { state: "available", latest, histories, startDate, endDate };
}
