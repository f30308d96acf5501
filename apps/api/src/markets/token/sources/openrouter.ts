import {
  addDays,
  eachUtcDay,
  maxDay,
  minDay,
  parseUtcDay,
  utcDayOf,
  type PriceListModel,
  type RankingsRow,
  type UtcDay,
} from "@tpi/domain";
import { z } from "zod";
import {
  OpenRouterDataApiClient,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";

/**
 * OpenRouter's Data API as documented (openrouter.ai/docs): the model list
 * (`GET /api/v1/models`, USD per token as decimal strings, a canonical slug per model) and the
 * daily rankings (`GET /api/v1/datasets/rankings-daily?start_date&end_date`: per UTC day the top
 * 50 public models by total tokens plus one aggregated `other` row, totals as decimal strings,
 * `meta.as_of`). Any OpenRouter key reads it as a bearer token; the account may make 30 requests
 * a minute per key and 500 a day. Plain fetch + zod: two GETs do not need the SDK.
 */

/** The first day the rankings dataset holds; earlier start dates are clamped forward to it. */
export const RANKINGS_FIRST_DAY: UtcDay = "2025-01-01";
/** Days per rankings request: a month of up to 51 rows a day keeps each answer small. */
export const RANKINGS_WINDOW_DAYS = 31;
/** The connector's settings: the ones every OpenRouter dataset sync shares (platform/ingest). */
export type OpenRouterConfig = OpenRouterDataApiConfig;

// --- the documented answers ---

const perTokenPrice = z
  .string()
  .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, "USD per token as a decimal string");

export const modelListSchema = z.object({
  data: z.array(
    z.looseObject({
      id: z.string().min(1),
      canonical_slug: z.string().min(1).nullish(),
      pricing: z.looseObject({
        prompt: perTokenPrice,
        completion: perTokenPrice,
        input_cache_read: perTokenPrice.nullish(),
      }),
    }),
  ),
});

const utcDay = z.string().refine((value) => parseUtcDay(value) !== undefined, {
  message: "a real UTC day in YYYY-MM-DD format",
});

/** Exact: a total may exceed 2^53, so it never passes through a float. */
const tokenTotal = z
  .string()
  .regex(/^\d+$/, "a whole number of tokens as a decimal string")
  .transform((text) => BigInt(text));

export const rankingsDailySchema = z.object({
  data: z.array(
    z.looseObject({
      date: utcDay,
      model_permaslug: z.string().min(1),
      total_tokens: tokenTotal,
    }),
  ),
  meta: z.looseObject({
    as_of: z.iso.datetime({ offset: true }),
    start_date: utcDay,
    end_date: utcDay,
    version: z.literal("v1"),
  }),
});

export type RankingsAnswer = {
  rows: RankingsRow[];
  asOf: Date;
  /** The window the answer says it covers (after OpenRouter's clamp). */
  startDate: UtcDay;
  endDate: UtcDay;
};

// --- which days may be asked for ---

/**
 * Why a range cannot be synced, or null: the dataset starts on 2025-01-01, and a day's totals
 * are complete only after it ends (UTC).
 */
export function rankingsRangeProblem(from: UtcDay, to: UtcDay, now: Date): string | null {
  if (from > to) return `the range starts (${from}) after it ends (${to})`;
  if (from < RANKINGS_FIRST_DAY)
    return `OpenRouter's rankings start on ${RANKINGS_FIRST_DAY}; ${from} is earlier`;
  const lastEnded = addDays(utcDayOf(now), -1);
  if (to > lastEnded)
    return `${to} has not ended yet (UTC); the latest day that can be synced is ${lastEnded}`;
  return null;
}

/** A range cut into request windows of at most RANKINGS_WINDOW_DAYS days, oldest first. */
export function rankingsWindows(from: UtcDay, to: UtcDay): { start: UtcDay; end: UtcDay }[] {
  const windows: { start: UtcDay; end: UtcDay }[] = [];
  for (let start = from; start <= to; start = addDays(start, RANKINGS_WINDOW_DAYS))
    windows.push({ start, end: minDay(to, addDays(start, RANKINGS_WINDOW_DAYS - 1)) });
  return windows;
}

/**
 * Why an answer does not describe the window asked for, or null. OpenRouter echoes the resolved
 * window in `meta` (a start before 2025-01-01 is clamped forward); rows must fall inside it.
 */
export function rankingsAnswerProblem(
  requested: { start: UtcDay; end: UtcDay },
  answer: RankingsAnswer,
): string | null {
  const expectedStart = maxDay(requested.start, RANKINGS_FIRST_DAY);
  if (answer.startDate !== expectedStart || answer.endDate !== requested.end)
    return `the answer covers ${answer.startDate} to ${answer.endDate}, not the requested ${expectedStart} to ${requested.end}`;
  const outside = answer.rows.find((row) => row.date < expectedStart || row.date > requested.end);
  if (outside) return `it holds a row of ${outside.date}, outside the requested window`;
  return null;
}

/** The answer's rows by requested day; a day the answer left out gets no rows (written not at all). */
export function rankingsRowsByDay(
  requested: { start: UtcDay; end: UtcDay },
  rows: readonly RankingsRow[],
): { date: UtcDay; rows: RankingsRow[] }[] {
  const byDay = new Map<UtcDay, RankingsRow[]>();
  for (const row of rows) {
    const list = byDay.get(row.date) ?? [];
    list.push(row);
    byDay.set(row.date, list);
  }
  return eachUtcDay(requested.start, requested.end).map((date) => ({
    date,
    rows: byDay.get(date) ?? [],
  }));
}

// --- the client ---

/** What a request cut short by the run's stop signal raises. */
export const STOPPED_MESSAGE =
  "the sync was stopped before it finished (the process is stopping); the days not written are synced by the next start";

/**
 * One run's connection to OpenRouter: the Data API's paced, budgeted client
 * (platform/ingest/openrouter-data-api), read as the model list and the daily rankings.
 */
export class OpenRouterClient {
  private readonly api: OpenRouterDataApiClient;

  constructor(
    config: OpenRouterConfig,
    /** Requests the account already made today (UTC), from the sync log. */
    requestsBeforeToday: number,
    /** Told the running count before each request goes out (the sync log keeps it). */
    onRequest?: (requests: number) => Promise<void>,
    /** Once aborted, waits end and the request in flight is cut: `stopped`. */
    stopping?: AbortSignal,
  ) {
    this.api = new OpenRouterDataApiClient(
      config,
      requestsBeforeToday,
      onRequest,
      stopping,
      STOPPED_MESSAGE,
    );
  }

  /** Requests this client sent (attempts, retries included). */
  get requests(): number {
    return this.api.requests;
  }

  /** Requests left today before the budget is reached. */
  get budgetLeft(): number {
    return this.api.budgetLeft;
  }

  async models(): Promise<PriceListModel[]> {
    const answer = this.api.parse(
      modelListSchema,
      await this.api.getJson("/api/v1/models"),
      "model list (/api/v1/models)",
    );
    return answer.data.map((model) => ({
      modelId: model.id,
      canonicalSlug: model.canonical_slug ?? null,
      prompt: model.pricing.prompt,
      completion: model.pricing.completion,
      inputCacheRead: model.pricing.input_cache_read ?? null,
    }));
  }

  async rankingsDaily(start: UtcDay, end: UtcDay): Promise<RankingsAnswer> {
    const path = `/api/v1/datasets/rankings-daily?start_date=${start}&end_date=${end}`;
    const answer = this.api.parse(
      rankingsDailySchema,
      // Messages name the window asked for.
      await this.api.getJson(path, `GET ${path}`),
      `rankings-daily answer for ${start} to ${end}`,
    );
    return {
      rows: answer.data.map((row) => ({
        date: row.date,
        permaslug: row.model_permaslug,
        totalTokens: row.total_tokens,
      })),
      asOf: new Date(answer.meta.as_of),
      startDate: answer.meta.start_date,
      endDate: answer.meta.end_date,
    };
  }
}
