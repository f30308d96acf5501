import {
  DEFAULT_ESTIMATED_INPUT_SHARE,
  DEFAULT_EXCLUDED_MODEL_PATTERNS,
  DEFAULT_MATERIALITY_THRESHOLD_PERCENT,
  DEFAULT_METHODOLOGY_RULES,
  DEFAULT_SETTLEMENT_LAG_HOURS,
  inputShareProblem,
  parseUtcDay,
  type MethodologyRules,
  type UtcDay,
} from "@tpi/domain";
import { z } from "zod";
import { envList } from "../../../platform/core/env";
import { openRouterConfigFrom } from "../../../platform/ingest/openrouter-config";
import { RANKINGS_FIRST_DAY, type OpenRouterConfig } from "../sources/openrouter";

/** The token market's environment variables (listed with the others in the configuration docs). */
export const TOKEN_ENV = {
  SETTLEMENT_LAG_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(DEFAULT_SETTLEMENT_LAG_HOURS),
  SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  EXCLUDED_MODEL_PATTERNS: envList.default([...DEFAULT_EXCLUDED_MODEL_PATTERNS]),
  MIN_ELIGIBLE_MODELS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_METHODOLOGY_RULES.minEligibleModels),
  MIN_ELIGIBLE_TOKENS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_METHODOLOGY_RULES.minEligibleTokens),
  /** Restatements moving a value by less than this many percent are refused unless forced. */
  RESTATEMENT_MATERIALITY_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(DEFAULT_MATERIALITY_THRESHOLD_PERCENT),
  /** Methodology 1.1: the share of a total-only volume counted as input tokens (0..1 exclusive, at most 4 decimals). */
  ESTIMATED_INPUT_SHARE: z.coerce
    .number()
    .superRefine((share, context) => {
      const problem = inputShareProblem(share);
      if (problem !== null) context.addIssue({ code: "custom", message: problem });
    })
    .default(DEFAULT_ESTIMATED_INPUT_SHARE),
  /**
   * OpenRouter's Data API: any OpenRouter key (a secret: never logged). With it, an empty database
   * is filled from OpenRouter at start instead of the sample, and a daily sync runs.
   */
  OPENROUTER_API_KEY: z.string().min(1).optional(),
  /** Where the connector fetches from (tests and proxies point it elsewhere), per-request timeout, retries and backoff. */
  OPENROUTER_BASE_URL: z.string().url().default("https://openrouter.ai"),
  OPENROUTER_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  OPENROUTER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  OPENROUTER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
  /** Least time between two requests: OpenRouter allows 30 a minute per key. */
  OPENROUTER_MIN_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).default(2_100),
  /** Requests per UTC day the syncs may make: OpenRouter allows 500 a day per account. */
  OPENROUTER_DAILY_REQUEST_BUDGET: z.coerce.number().int().min(1).default(500),
  /** Days synced at the first start on an empty database (with a key). */
  OPENROUTER_STARTUP_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** With a key, the first start also back-fills from this day (YYYY-MM-DD, from 2025-01-01). */
  OPENROUTER_BACKFILL_FROM: z
    .string()
    .refine((value) => parseUtcDay(value) !== undefined && value >= RANKINGS_FIRST_DAY, {
      message: `a real day in YYYY-MM-DD format, ${RANKINGS_FIRST_DAY} or later`,
    })
    .optional(),
  /** UTC hour after which the daily sync fetches yesterday (OpenRouter's daily snapshot is earlier). */
  OPENROUTER_SYNC_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(3),
};

export type TokenEnv = z.output<z.ZodObject<typeof TOKEN_ENV>>;

/** The token market's variables of the validated environment (readEnv checked them with TOKEN_ENV). */
export function tokenEnvOf(env: Readonly<Record<string, unknown>>): TokenEnv {
  return env as TokenEnv;
}

/** What the token market runs with. */
export type TokenSettings = {
  rules: MethodologyRules;
  /** How often settlement looks for a due day (milliseconds). */
  settlementIntervalMs: number;
  /** Without a key: no OpenRouter sync, the sample on an empty database. */
  openRouter: OpenRouterConfig | undefined;
  openRouterSync: { hourUtc: number; startupDays: number; backfillFrom: UtcDay | undefined };
};

export function tokenSettingsFrom(env: TokenEnv): TokenSettings {
  return {
    rules: methodologyRulesFrom(env),
    settlementIntervalMs: env.SETTLEMENT_INTERVAL_SECONDS * 1000,
    openRouter: openRouterConfigFrom(env),
    openRouterSync: {
      hourUtc: env.OPENROUTER_SYNC_HOUR_UTC,
      startupDays: env.OPENROUTER_STARTUP_DAYS,
      backfillFrom: env.OPENROUTER_BACKFILL_FROM,
    },
  };
}

export function methodologyRulesFrom(env: TokenEnv): MethodologyRules {
  return {
    ...DEFAULT_METHODOLOGY_RULES,
    excludedModelPatterns: env.EXCLUDED_MODEL_PATTERNS,
    minEligibleModels: env.MIN_ELIGIBLE_MODELS,
    minEligibleTokens: env.MIN_ELIGIBLE_TOKENS,
    settlementLagHours: env.SETTLEMENT_LAG_HOURS,
    materialityThresholdPercent: env.RESTATEMENT_MATERIALITY_PERCENT,
    estimatedInputShare: env.ESTIMATED_INPUT_SHARE,
  };
}
