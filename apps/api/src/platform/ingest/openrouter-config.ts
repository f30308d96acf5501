import type { OpenRouterDataApiConfig } from "./openrouter-data-api";

/**
 * The OpenRouter settings every market that reads OpenRouter shares (one key, one account's
 * pacing and daily budget), from the validated environment's `OPENROUTER_*` variables.
 */

/** Longest 429 Retry-After a run waits out; a longer one stops the run (milliseconds). */
export const DEFAULT_MAX_RETRY_AFTER_MS = 5 * 60_000;

/** The validated `OPENROUTER_*` variables the settings are made of. */
export type OpenRouterEnv = {
  OPENROUTER_API_KEY?: string | undefined;
  OPENROUTER_BASE_URL: string;
  OPENROUTER_TIMEOUT_MS: number;
  OPENROUTER_MAX_RETRIES: number;
  OPENROUTER_RETRY_BASE_MS: number;
  OPENROUTER_MIN_REQUEST_INTERVAL_MS: number;
  OPENROUTER_DAILY_REQUEST_BUDGET: number;
};

/** The connector's settings; undefined without OPENROUTER_API_KEY (no OpenRouter sync then). */
export function openRouterConfigFrom(env: OpenRouterEnv): OpenRouterDataApiConfig | undefined {
  if (env.OPENROUTER_API_KEY === undefined) return undefined;
  return {
    baseUrl: env.OPENROUTER_BASE_URL,
    apiKey: env.OPENROUTER_API_KEY,
    timeoutMs: env.OPENROUTER_TIMEOUT_MS,
    maxRetries: env.OPENROUTER_MAX_RETRIES,
    retryBaseMs: env.OPENROUTER_RETRY_BASE_MS,
    minRequestIntervalMs: env.OPENROUTER_MIN_REQUEST_INTERVAL_MS,
    dailyRequestBudget: env.OPENROUTER_DAILY_REQUEST_BUDGET,
    maxRetryAfterMs: DEFAULT_MAX_RETRY_AFTER_MS,
  };
}

/** The UTC hour the daily OpenRouter syncs start when the environment holds none. */
const DEFAULT_SYNC_HOUR_UTC = 3;

/** What a market syncing an OpenRouter dataset reads of the shared OpenRouter settings. */
export type OpenRouterDatasetSettings = {
  /** Without a key (or without the OpenRouter variables in this process): no dataset sync. */
  openRouter: OpenRouterDataApiConfig | undefined;
  syncHourUtc: number;
};

/**
 * The OpenRouter settings of a market that declares none of the variables itself: they are
 * declared once (with the token market's) and may be absent from the validated environment.
 */
export function openRouterDatasetSettingsFrom(
  env: Readonly<Record<string, unknown>>,
): OpenRouterDatasetSettings {
  const openRouterEnv = env as Partial<OpenRouterEnv> & { OPENROUTER_SYNC_HOUR_UTC?: number };
  return {
    openRouter:
      openRouterEnv.OPENROUTER_API_KEY === undefined ||
      openRouterEnv.OPENROUTER_BASE_URL === undefined
        ? undefined
        : openRouterConfigFrom(openRouterEnv as OpenRouterEnv),
    syncHourUtc: openRouterEnv.OPENROUTER_SYNC_HOUR_UTC ?? DEFAULT_SYNC_HOUR_UTC,
  };
}
