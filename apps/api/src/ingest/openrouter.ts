import { isLabId, labPrefixOfModelId, validateObservationFields, type UtcDay } from "@tpi/domain";
import { z } from "zod";
import type { ObservationLine } from "./observation-file";

/**
 * OpenRouter's public data: the model list with per-token prices (`GET /api/v1/models`, USD per
 * token as decimal strings) and daily token volumes per model. OpenRouter publishes volumes as
 * rankings, not as a documented API, so the connector reads them from
 * `GET /api/v1/volumes?date=YYYY-MM-DD` in this shape (an operator's proxy or export serves it):
 *
 *   { "date": "2026-03-29", "as_of": "2026-03-30T06:00:00Z",
 *     "data": [{ "model": "anthropic/claude-sonnet-4", "prompt_tokens": 412000000000,
 *                "completion_tokens": 9800000000, "cache_read_tokens": 150000000000 }] }
 */
export const OPENROUTER_SOURCE = "openrouter";

export type OpenRouterConfig = {
  baseUrl: string;
  /** Per request, in milliseconds. */
  timeoutMs: number;
  /** Retries after the first attempt, for timeouts, network errors, 429 and 5xx. */
  maxRetries: number;
  /** Backoff before retry n (0-based) is retryBaseMs * 2^n milliseconds. */
  retryBaseMs: number;
};

/** The sync could not get usable data; nothing was written. */
export class OpenRouterError extends Error {}

const perTokenPrice = z
  .string()
  .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, "a decimal number as a string");

export const openRouterModelsSchema = z.object({
  data: z.array(
    z.looseObject({
      id: z.string().min(1),
      pricing: z.looseObject({
        prompt: perTokenPrice,
        completion: perTokenPrice,
        input_cache_read: perTokenPrice.optional(),
      }),
    }),
  ),
});

const tokenCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const openRouterVolumesSchema = z.object({
  date: z.string(),
  as_of: z.string().optional(),
  data: z.array(
    z.looseObject({
      model: z.string().min(1),
      prompt_tokens: tokenCount,
      completion_tokens: tokenCount,
      cache_read_tokens: tokenCount.optional(),
    }),
  ),
});

/**
 * USD per token (decimal text) to USD per million tokens, by moving the decimal point in the text:
 * "0.000003" * 1e6 in binary floating point is 2.9999999999999996, the text shift gives exactly 3.
 * OpenRouter marks variable-price routers with "-1": no price.
 */
export function perTokenToPerMtok(text: string): number | null {
  const value = Number(text);
  if (value < 0) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return value * 1_000_000; // exponent notation: rare, and already inexact upstream
  const [whole = "0", fraction = ""] = [match[1], match[2]];
  const padded = fraction.padEnd(6, "0");
  return Number(`${whole}${padded.slice(0, 6)}.${padded.slice(6) || "0"}`);
}

async function fetchJson(url: string, config: OpenRouterConfig): Promise<unknown> {
  let lastProblem = "";
  for (let attempt = 0; attempt <= config.maxRetries; attempt++) {
    if (attempt > 0)
      await new Promise((resolve) => setTimeout(resolve, config.retryBaseMs * 2 ** (attempt - 1)));
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: { accept: "application/json" },
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      lastProblem = timedOut
        ? `timed out after ${config.timeoutMs} ms`
        : `network error: ${error instanceof Error ? error.message : String(error)}`;
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      lastProblem = `HTTP ${response.status}`;
      await response.body?.cancel();
      continue;
    }
    if (!response.ok)
      throw new OpenRouterError(`GET ${url} answered HTTP ${response.status}; not retried`);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      lastProblem = `body not received: ${error instanceof Error ? error.message : String(error)}`;
      continue;
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new OpenRouterError(
        `GET ${url} answered with a body that is not JSON: ${text.slice(0, 80)}`,
      );
    }
  }
  throw new OpenRouterError(
    `GET ${url} failed after ${config.maxRetries + 1} attempt(s): ${lastProblem}`,
  );
}

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new OpenRouterError(
    `malformed ${what}: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "unexpected shape"}`,
  );
}

export type OpenRouterDay = {
  rows: ObservationLine[];
  /** Models with volume whose lab is not in our catalog. */
  skippedOtherLabs: number;
  /** Models with volume but no usable price in the model list (stored without price; excluded from the index). */
  unpriced: number;
};

/** Fetches prices and one day's volumes and turns them into validated observation rows. */
export async function fetchOpenRouterDay(
  config: OpenRouterConfig,
  date: UtcDay,
): Promise<OpenRouterDay> {
  const base = config.baseUrl.replace(/\/+$/, "");
  const models = parsePayload(
    openRouterModelsSchema,
    await fetchJson(`${base}/api/v1/models`, config),
    "model list (/api/v1/models)",
  );
  const volumes = parsePayload(
    openRouterVolumesSchema,
    await fetchJson(`${base}/api/v1/volumes?date=${date}`, config),
    "volumes (/api/v1/volumes)",
  );
  if (volumes.date !== date)
    throw new OpenRouterError(`volumes were requested for ${date} but describe ${volumes.date}`);

  const pricing = new Map(models.data.map((model) => [model.id, model.pricing]));
  const result: OpenRouterDay = { rows: [], skippedOtherLabs: 0, unpriced: 0 };
  volumes.data.forEach((entry, index) => {
    const lab = labPrefixOfModelId(entry.model);
    if (lab === undefined || !isLabId(lab)) {
      result.skippedOtherLabs += 1;
      return;
    }
    const price = pricing.get(entry.model);
    const input = price ? perTokenToPerMtok(price.prompt) : null;
    const output = price ? perTokenToPerMtok(price.completion) : null;
    if (input === null || output === null) result.unpriced += 1;
    result.rows.push({
      // The position in the volumes payload stands in for a line number in error reports.
      line: index + 1,
      result: validateObservationFields({
        date,
        model_id: entry.model,
        lab,
        input_price_per_mtok: input,
        output_price_per_mtok: output,
        input_tokens: entry.prompt_tokens,
        output_tokens: entry.completion_tokens,
        cache_read_price_per_mtok:
          price?.input_cache_read === undefined ? null : perTokenToPerMtok(price.input_cache_read),
        cache_read_tokens: entry.cache_read_tokens ?? null,
        source: OPENROUTER_SOURCE,
      }),
    });
  });
  return result;
}
