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
