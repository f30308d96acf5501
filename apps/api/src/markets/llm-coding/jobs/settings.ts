import { githubSearchIntervalMs } from "@tpi/domain";
import { z } from "zod";
import { openRouterDatasetSettingsFrom } from "../../../platform/ingest/openrouter-config";
import type { OpenRouterDataApiConfig } from "../../../platform/ingest/openrouter-data-api";
import { envFlag } from "../../../platform/core/env";
import { defaultGithubSearchConfig, type GithubSearchConfig } from "../sources/github-search";

/**
 * The LLM Coding sources' environment variables. GitHub search needs no key (a token only raises
 * the limit from 10 to 30 searches a minute); OpenRouter's app rankings use the OpenRouter
 * settings the token market owns (OPENROUTER_API_KEY, OPENROUTER_BASE_URL, its pacing, budget and
 * sync hour), so they have none of their own.
 */
export const LLM_CODING_ENV = {
  /**
   * Search GitHub at all: the default. Off, no GitHub request is made (the test suite, an api
   * without network) and an empty database serves the sample (SEED_SAMPLE_ON_EMPTY).
   */
  GITHUB_SEARCH_ENABLED: envFlag.default(true),
  /** Optional GitHub token (a secret: never logged): 30 searches a minute instead of 10. */
  GITHUB_TOKEN: z.string().min(1).optional(),
  /** Where the search requests go (tests and proxies point it elsewhere). */
  GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  /** Days counted at the first sync and kept filled (days missing in this window are searched). */
  GITHUB_BACKFILL_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /**
   * The most recent days every sync searches again: provisional counts move until they settle
   * (8 days after the day), and settled ones are watched for late changes (revisions) while here.
   */
  GITHUB_RECHECK_DAYS: z.coerce.number().int().min(1).max(60).default(14),
  /** Least time between two searches (ms); unset: 6,000 without a token, 2,000 with one. */
  GITHUB_MIN_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  GITHUB_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
  /** A rate limit asking to wait longer than this (seconds) ends the run. */
  GITHUB_MAX_RATE_LIMIT_WAIT_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Days of OpenRouter's coding app rankings the first sync fetches (one request a day per 100 apps). */
  APP_RANKINGS_BACKFILL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
};

export type LlmCodingEnv = z.output<z.ZodObject<typeof LLM_CODING_ENV>>;

export type LlmCodingSettings = {
  /** Off: no GitHub search job (GITHUB_SEARCH_ENABLED false). */
  githubEnabled: boolean;
  github: GithubSearchConfig;
  githubSync: { backfillDays: number; recheckDays: number };
  appRankingsBackfillDays: number;
  /** OpenRouter's app rankings: only with OPENROUTER_API_KEY. */
  openRouter: OpenRouterDataApiConfig | undefined;
  /**
   * UTC hour after which the daily syncs run: OpenRouter's (OPENROUTER_SYNC_HOUR_UTC, when its
   * daily snapshot is out); yesterday's GitHub counts can be taken any time after midnight, so
   * they follow the same hour and one schedule covers both.
   */
  syncHourUtc: number;
};

/**
 * The market's settings from the validated environment: its own variables, and the OpenRouter
 * ones the token market validated (absent when it is not served: then no OpenRouter sync).
 */
export function llmCodingSettingsFrom(env: LlmCodingEnv): LlmCodingSettings {
  const github = defaultGithubSearchConfig(env.GITHUB_TOKEN, env.GITHUB_API_URL);
  return {
    githubEnabled: env.GITHUB_SEARCH_ENABLED,
    github: {
      ...github,
      timeoutMs: env.GITHUB_TIMEOUT_MS,
      minRequestIntervalMs:
        env.GITHUB_MIN_REQUEST_INTERVAL_MS ??
        githubSearchIntervalMs(env.GITHUB_TOKEN !== undefined),
      maxRateLimitWaitMs: env.GITHUB_MAX_RATE_LIMIT_WAIT_SECONDS * 1000,
    },
    githubSync: { backfillDays: env.GITHUB_BACKFILL_DAYS, recheckDays: env.GITHUB_RECHECK_DAYS },
    appRankingsBackfillDays: env.APP_RANKINGS_BACKFILL_DAYS,
    ...openRouterDatasetSettingsFrom(env),
  };
}
