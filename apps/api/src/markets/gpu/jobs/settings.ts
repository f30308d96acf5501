import {
  DEFAULT_MIN_QUOTE_PROVIDERS,
  DEFAULT_WINSOR_LOWER,
  DEFAULT_WINSOR_UPPER,
  GPU_LEDGER_DESCRIPTION,
  vastDescription,
  type GpuMethodRules,
  type QuoteRules,
  type QuoteSourceDescription,
  type WinsorBounds,
} from "@tpi/domain";
import { z } from "zod";
import { envFlag } from "../../../platform/core/env";
import { GPU_LEDGER_DEFAULTS, type GpuLedgerConfig } from "../sources/gpu-ledger";
import { VAST_DEFAULTS, type VastConfig } from "../sources/vast";
import { LEDGER_WINDOW_DAYS } from "./quote-sync";

/** The GPU market's environment variables (listed with the others in the configuration docs). */
export const GPU_ENV = {
  /** Winsorizing bounds of the hourly GPU print, in percent (prices outside are clamped). */
  GPU_WINSOR_LOWER_PERCENTILE: z.coerce
    .number()
    .min(0)
    .max(50)
    .default(DEFAULT_WINSOR_LOWER * 100),
  GPU_WINSOR_UPPER_PERCENTILE: z.coerce
    .number()
    .min(50)
    .max(100)
    .default(DEFAULT_WINSOR_UPPER * 100),
  /** How often the api checks for due GPU prints (they are due on the hour). */
  GPU_PRINT_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Methodology 2.0: fewest providers with an on-demand price for a print from quotes. */
  GPU_MIN_QUOTE_PROVIDERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(DEFAULT_MIN_QUOTE_PROVIDERS),
  /**
   * The keyless CC BY 4.0 daily ledger of GPU rental prices (gpurentalprices.com, mirrored on
   * Hugging Face): read by default; an empty database is filled from it, the sample only when it
   * does not answer.
   */
  GPU_LEDGER_ENABLED: envFlag.default(true),
  GPU_LEDGER_BASE_URL: z.string().url().default(GPU_LEDGER_DEFAULTS.baseUrl),
  GPU_LEDGER_DATASET: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "owner/name of a Hugging Face dataset")
    .default(GPU_LEDGER_DEFAULTS.dataset),
  GPU_LEDGER_REVISION: z
    .string()
    .regex(/^[\w.-]+$/, "a branch name or a commit")
    .default(GPU_LEDGER_DEFAULTS.revision),
  GPU_LEDGER_TIMEOUT_MS: z.coerce.number().int().min(1).default(GPU_LEDGER_DEFAULTS.timeoutMs),
  GPU_LEDGER_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(GPU_LEDGER_DEFAULTS.maxRetries),
  GPU_LEDGER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(GPU_LEDGER_DEFAULTS.retryBaseMs),
  GPU_LEDGER_MIN_REQUEST_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(GPU_LEDGER_DEFAULTS.minRequestIntervalMs),
  /** Days of the ledger's history (its mirror keeps 90) the first start loads, marked back-filled. */
  GPU_LEDGER_BACKFILL_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEDGER_WINDOW_DAYS)
    .default(LEDGER_WINDOW_DAYS),
  /**
   * Vast.ai's offer search, polled hourly with the operator's key (a secret: never logged; a key
   * with only the `misc` permission is enough). Vast's terms forbid collecting its data for an
   * index without a written data licence, so it is polled only with VAST_DATA_LICENCE too.
   */
  VAST_API_KEY: z.string().min(1).optional(),
  /** The attribution text of the operator's written data licence from Vast.ai (data@vast.ai): shown as the citation. */
  VAST_DATA_LICENCE: z.string().trim().min(1).optional(),
  VAST_BASE_URL: z.string().url().default(VAST_DEFAULTS.baseUrl),
  VAST_TIMEOUT_MS: z.coerce.number().int().min(1).default(VAST_DEFAULTS.timeoutMs),
  VAST_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(VAST_DEFAULTS.maxRetries),
  VAST_RETRY_BASE_MS: z.coerce.number().int().min(0).default(VAST_DEFAULTS.retryBaseMs),
  /** Vast allows 10 searches a minute per IP. */
  VAST_MIN_REQUEST_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(VAST_DEFAULTS.minRequestIntervalMs),
  VAST_OFFER_LIMIT: z.coerce.number().int().min(1).max(10_000).default(VAST_DEFAULTS.limit),
};

export type GpuEnv = z.output<z.ZodObject<typeof GPU_ENV>>;

/** The GPU market's variables of the validated environment (readEnv checked them with GPU_ENV). */
export function gpuEnvOf(env: Readonly<Record<string, unknown>>): GpuEnv {
  return env as GpuEnv;
}

/** A quote source the market reads: how to reach it and how it is described (citation, licence). */
export type LedgerSource = { config: GpuLedgerConfig; description: QuoteSourceDescription };
export type VastSource = { config: VastConfig; description: QuoteSourceDescription };

/** What the GPU market runs with. */
export type GpuSettings = {
  /** The method's parameters in force: winsorizing bounds and quote rules. */
  rules: GpuMethodRules;
  /** How often the api looks for due prints and daily values (milliseconds). */
  printIntervalMs: number;
  /** The daily ledger, unless GPU_LEDGER_ENABLED is false. */
  ledger: LedgerSource | undefined;
  /** Days of the ledger's history the first start loads. */
  ledgerBackfillDays: number;
  /** Vast.ai, with a key and a data licence. */
  vast: VastSource | undefined;
  /** Why Vast.ai is not polled although a key is set (no data licence), for the start-up log. */
  vastRefusal: string | undefined;
};

/** Why a key alone does not switch Vast.ai on. */
export const VAST_LICENCE_REQUIRED =
  "VAST_API_KEY is set but VAST_DATA_LICENCE is not: Vast.ai's terms forbid collecting its data for an index or benchmark without a written data licence (data@vast.ai), so its offers are not polled; set VAST_DATA_LICENCE to the licence's attribution text once you hold one";

export function gpuSettingsFrom(env: GpuEnv): GpuSettings {
  const ledger = env.GPU_LEDGER_ENABLED
    ? {
        config: {
          baseUrl: env.GPU_LEDGER_BASE_URL,
          dataset: env.GPU_LEDGER_DATASET,
          revision: env.GPU_LEDGER_REVISION,
          timeoutMs: env.GPU_LEDGER_TIMEOUT_MS,
          maxRetries: env.GPU_LEDGER_MAX_RETRIES,
          retryBaseMs: env.GPU_LEDGER_RETRY_BASE_MS,
          minRequestIntervalMs: env.GPU_LEDGER_MIN_REQUEST_INTERVAL_MS,
          maxRetryAfterMs: GPU_LEDGER_DEFAULTS.maxRetryAfterMs,
        },
        description: GPU_LEDGER_DESCRIPTION,
      }
    : undefined;
  const licensed = env.VAST_API_KEY !== undefined && env.VAST_DATA_LICENCE !== undefined;
  const vast =
    licensed && env.VAST_API_KEY !== undefined
      ? {
          config: {
            baseUrl: env.VAST_BASE_URL,
            apiKey: env.VAST_API_KEY,
            timeoutMs: env.VAST_TIMEOUT_MS,
            maxRetries: env.VAST_MAX_RETRIES,
            retryBaseMs: env.VAST_RETRY_BASE_MS,
            minRequestIntervalMs: env.VAST_MIN_REQUEST_INTERVAL_MS,
            maxRetryAfterMs: VAST_DEFAULTS.maxRetryAfterMs,
            limit: env.VAST_OFFER_LIMIT,
          },
          description: vastDescription(env.VAST_DATA_LICENCE),
        }
      : undefined;
  const sources = [ledger?.description, vast?.description].filter(
    (d): d is QuoteSourceDescription => d !== undefined,
  );
  return {
    rules: { winsor: winsorBoundsFrom(env), quotes: quoteRulesFrom(env, sources) },
    printIntervalMs: env.GPU_PRINT_INTERVAL_SECONDS * 1000,
    ledger,
    ledgerBackfillDays: env.GPU_LEDGER_BACKFILL_DAYS,
    vast,
    vastRefusal: env.VAST_API_KEY !== undefined && !licensed ? VAST_LICENCE_REQUIRED : undefined,
  };
}

export function winsorBoundsFrom(env: GpuEnv): WinsorBounds {
  return {
    lower: env.GPU_WINSOR_LOWER_PERCENTILE / 100,
    upper: env.GPU_WINSOR_UPPER_PERCENTILE / 100,
  };
}

/** The quote rules: the minimum of providers, and the age limit of each source read. */
export function quoteRulesFrom(
  env: GpuEnv,
  sources: readonly QuoteSourceDescription[],
): QuoteRules {
  return {
    minProviders: env.GPU_MIN_QUOTE_PROVIDERS,
    maxSnapshotAgeHours: Object.fromEntries(
      sources.map((source) => [source.id, source.maxSnapshotAgeHours]),
    ),
  };
}
