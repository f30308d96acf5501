import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_EXCLUDED_MODEL_PATTERNS,
  DEFAULT_MATERIALITY_THRESHOLD_PERCENT,
  DEFAULT_METHODOLOGY_RULES,
  DEFAULT_SETTLEMENT_LAG_HOURS,
  type MethodologyRules,
} from "@tpi/domain";
import { DEFAULT_EMBEDDED_PORT } from "@tpi/db";
import { z } from "zod";
import type { OpenRouterConfig } from "./ingest/openrouter";

/**
 * Every environment variable the api and the CLI read, validated in one place. Nothing else in
 * the app reads process.env. The README's configuration table lists the same variables.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");
const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  TPI_DATA_DIR: z.string().default(resolve(REPO_ROOT, ".data")),
  TPI_EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65_535).default(DEFAULT_EMBEDDED_PORT),
  SETTLEMENT_LAG_HOURS: z.coerce.number().min(0).max(24 * 30).default(DEFAULT_SETTLEMENT_LAG_HOURS),
  SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  EXCLUDED_MODEL_PATTERNS: commaList.default([...DEFAULT_EXCLUDED_MODEL_PATTERNS]),
  MIN_ELIGIBLE_MODELS: z.coerce.number().int().min(1).default(DEFAULT_METHODOLOGY_RULES.minEligibleModels),
  MIN_ELIGIBLE_TOKENS: z.coerce.number().int().min(1).default(DEFAULT_METHODOLOGY_RULES.minEligibleTokens),
  /** Restatements moving a value by less than this many percent are refused unless forced. */
  RESTATEMENT_MATERIALITY_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_MATERIALITY_THRESHOLD_PERCENT),
  /** OpenRouter connector: where to fetch from (tests point it at a local stub), per-request timeout, retries and backoff. */
  OPENROUTER_BASE_URL: z.string().url().default("https://openrouter.ai"),
  OPENROUTER_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  OPENROUTER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  OPENROUTER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
  /** How often the api syncs yesterday's OpenRouter data; 0 turns the schedule off. */
  OPENROUTER_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(0),
  SEED_SAMPLE_ON_EMPTY: flag.default(true),
  INDEX_REFRESH_SECONDS: z.coerce.number().min(0.1).default(5),
  INTERNAL_API_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function openRouterConfigFrom(env: Env): OpenRouterConfig {
  return {
    baseUrl: env.OPENROUTER_BASE_URL,
    timeoutMs: env.OPENROUTER_TIMEOUT_MS,
    maxRetries: env.OPENROUTER_MAX_RETRIES,
    retryBaseMs: env.OPENROUTER_RETRY_BASE_MS,
  };
}

export function methodologyRulesFrom(env: Env): MethodologyRules {
  return {
    ...DEFAULT_METHODOLOGY_RULES,
    excludedModelPatterns: env.EXCLUDED_MODEL_PATTERNS,
    minEligibleModels: env.MIN_ELIGIBLE_MODELS,
    minEligibleTokens: env.MIN_ELIGIBLE_TOKENS,
    settlementLagHours: env.SETTLEMENT_LAG_HOURS,
    materialityThresholdPercent: env.RESTATEMENT_MATERIALITY_PERCENT,
  };
}
