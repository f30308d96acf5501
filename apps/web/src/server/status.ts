import "server-only";
import { FREE_TIER_GPU_NAMES } from "@tpi/domain";
import { readWebEnv } from "../env";
import { loadLatest } from "./data";
import { loadGpuDetail } from "./gpu";
import { apiClient } from "./trpc-client";

/** What the api's `GET /health` answers (database and redis), or why it could not be read. */
export type HealthView =
  | { reachable: true; httpStatus: number; status: string; database: string; redis: string }
  | { reachable: false; error: string };

/** How long the status page waits for `/health`: a stuck api must not hang the page, ms. */
const HEALTH_TIMEOUT_MS = 3_000;

export async function loadHealth(): Promise<HealthView> {
  try {
    const response = await fetch(`${readWebEnv().apiUrl}/health`, {
      cache: "no-store",
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    const body = (await response.json()) as Partial<
      Record<"status" | "database" | "redis", string>
    >;
    return {
      reachable: true,
      httpStatus: response.status,
      status: body.status ?? "unknown",
      database: body.database ?? "unknown",
      redis: body.redis ?? "unknown",
    };
  } catch (error) {
    return { reachable: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** What a part of the status page holds when it failed to load (a value of its own, not a string). */
export const UNAVAILABLE: unique symbol = Symbol("unavailable");

/** A part of the status page that failed to load says so instead of failing the whole page. */
async function orUnavailable<T>(load: () => Promise<T>): Promise<T | typeof UNAVAILABLE> {
  try {
    return await load();
  } catch {
    return UNAVAILABLE;
  }
}

export type PublishedStatus = {
  /** Latest settled UTC day of the token index (undefined: none settled yet). */
  tokenDay: string | undefined | typeof UNAVAILABLE;
  /** Latest settled daily GPU value's settlement instant, over the free-tier GPUs. */
  gpuDaily: string | undefined | typeof UNAVAILABLE;
  /** Latest hourly print of each free-tier GPU (undefined: none published). */
  gpuPrints: { gpu: string; timestamp: string | undefined | typeof UNAVAILABLE }[];
};

const newest = (values: string[]): string | undefined =>
  values.length === 0 ? undefined : values.reduce((a, b) => (a > b ? a : b));

export async function loadPublishedStatus(): Promise<PublishedStatus> {
  const [tokenDay, gpuDaily, gpuPrints] = await Promise.all([
    orUnavailable(async () => (await loadLatest())?.date),
    orUnavailable(async () =>
      newest((await apiClient().gpu.latestDaily.query()).data.map((row) => row.date)),
    ),
    Promise.all(
      FREE_TIER_GPU_NAMES.map(
        async (gpu): Promise<PublishedStatus["gpuPrints"][number]> => ({
          gpu,
          timestamp: await orUnavailable(async () => {
            const prints = (await loadGpuDetail(gpu)).hourly?.data ?? [];
            return prints[prints.length - 1]?.timestamp;
          }),
        }),
      ),
    ),
  ]);
  return { tokenDay, gpuDaily, gpuPrints };
}
