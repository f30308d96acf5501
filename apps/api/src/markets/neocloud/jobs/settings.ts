import { DATA_CENTERS_URL, DATA_CENTER_TIMELINES_URL, GPU_CLUSTERS_URL } from "@tpi/domain";
import { z } from "zod";
import { envFlag } from "../../../platform/core/env";

/**
 * The Neo-Cloud Sites market's environment variables: where Epoch AI's three CSV files are read
 * from (an http(s) URL, or a file path), whether the daily import runs, and its hour.
 */
export const NEOCLOUD_ENV = {
  /**
   * Import Epoch's files at all: the default. Off, no request is made (the test suite, an api
   * without network) and an empty database serves the sample (SEED_SAMPLE_ON_EMPTY).
   */
  NEOCLOUD_SYNC_ENABLED: envFlag.default(true),
  /** Epoch AI's GPU Clusters CSV: an http(s) URL or a file path. */
  NEOCLOUD_GPU_CLUSTERS_URL: z.string().min(1).default(GPU_CLUSTERS_URL),
  /** Epoch AI's Frontier Data Centers sites CSV: an http(s) URL or a file path. */
  NEOCLOUD_DATA_CENTERS_URL: z.string().min(1).default(DATA_CENTERS_URL),
  /** Epoch AI's Frontier Data Centers timelines CSV: an http(s) URL or a file path. */
  NEOCLOUD_DATA_CENTER_TIMELINES_URL: z.string().min(1).default(DATA_CENTER_TIMELINES_URL),
  /** UTC hour after which the daily import runs (Epoch refreshes the files daily). */
  NEOCLOUD_SYNC_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),
  /** Time allowed for one file's download (ms). */
  NEOCLOUD_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
};

export type NeocloudEnv = z.output<z.ZodObject<typeof NEOCLOUD_ENV>>;

export type NeocloudFiles = { gpuClusters: string; dataCenters: string; timelines: string };

export type NeocloudSettings = {
  syncEnabled: boolean;
  files: NeocloudFiles;
  syncHourUtc: number;
  fetchTimeoutMs: number;
};

export function neocloudSettingsFrom(env: NeocloudEnv): NeocloudSettings {
  return {
    syncEnabled: env.NEOCLOUD_SYNC_ENABLED,
    files: {
      gpuClusters: env.NEOCLOUD_GPU_CLUSTERS_URL,
      dataCenters: env.NEOCLOUD_DATA_CENTERS_URL,
      timelines: env.NEOCLOUD_DATA_CENTER_TIMELINES_URL,
    },
    syncHourUtc: env.NEOCLOUD_SYNC_HOUR_UTC,
    fetchTimeoutMs: env.NEOCLOUD_FETCH_TIMEOUT_MS,
  };
}
