import {
  openRouterConfigFrom,
  type OpenRouterEnv,
} from "../../../platform/ingest/openrouter-config";
import type { OpenRouterDataApiConfig } from "../../../platform/ingest/openrouter-data-api";

/**
 * The Workload Cost market's settings. It declares no variable of its own: it reads OpenRouter's
 * key, base URL, pacing, budget and sync hour (`OPENROUTER_*`, declared once with the token
 * market's variables) from the validated environment, so one key serves every OpenRouter dataset.
 */
export const WORKLOAD_ENV = {};

/** The sync hour when the environment holds none (the token market's default). */
const DEFAULT_SYNC_HOUR_UTC = 3;

export type WorkloadSettings = {
  /** Without a key: no session-cost sync; the sample while no week is stored. */
  openRouter: OpenRouterDataApiConfig | undefined;
  syncHourUtc: number;
};

type WorkloadEnv = Partial<OpenRouterEnv> & { OPENROUTER_SYNC_HOUR_UTC?: number };

export function workloadSettingsFrom(env: Readonly<Record<string, unknown>>): WorkloadSettings {
  const openRouterEnv = env as WorkloadEnv;
  return {
    openRouter:
      openRouterEnv.OPENROUTER_API_KEY === undefined ||
      openRouterEnv.OPENROUTER_BASE_URL === undefined
        ? undefined
        : openRouterConfigFrom(openRouterEnv as OpenRouterEnv),
    syncHourUtc: openRouterEnv.OPENROUTER_SYNC_HOUR_UTC ?? DEFAULT_SYNC_HOUR_UTC,
  };
}
