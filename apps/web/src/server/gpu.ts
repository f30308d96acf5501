import "server-only";
import { z } from "zod";
import { untypedApiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * The GPU index is served by `gpu.latestDaily` and `gpu.dailyHistory` on the api's router, which
 * another change adds. Their answers are validated here against the documented shapes, and an api
 * without those procedures (tRPC NOT_FOUND) is reported as "not available yet", not as an error.
 */
export const gpuLatestSchema = z.array(
  z.object({ gpu_type: z.string(), region: z.string(), index_value: z.number(), date: z.string() }),
);
export const gpuDailySchema = z.array(z.object({ timestamp: z.string(), index_value: z.number() }));

export type GpuLatest = z.infer<typeof gpuLatestSchema>[number];
export type GpuDailyRow = z.infer<typeof gpuDailySchema>[number];
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
    latest = gpuLatestSchema.parse(await client.query("gpu.latestDaily", undefined));
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
      ),
    })),
  );
  return { state: "available", latest, histories, startDate, endDate };
}
