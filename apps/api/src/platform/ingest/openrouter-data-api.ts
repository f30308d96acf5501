import { OPENROUTER_SOURCE, SESSION_COST_SOURCE_NAME, startOfUtcDay, utcDayOf } from "@tpi/domain";
import { sourceRequestsSince, type Db } from "@tpi/db";
import type { z } from "zod";
import { SourceError } from "./source-error";
import {
  jsonErrorText,
  PacedHttpClient,
  type HttpAnswer,
  type PacingConfig,
  type TransportProblem,
} from "./paced-http";

/**
 * OpenRouter's Data API datasets (`/api/v1/datasets/...`) for every market that reads one: the
 * same key, base URL, pacing and daily budget as the token market's connector (its
 * `OpenRouterConfig` has this shape), and one budget for the account, counted over the sync log
 * rows of every OpenRouter source.
 */

/** The sync log's names of the OpenRouter datasets read outside the token market. */
export const APP_RANKINGS_SOURCE = "openrouter-app-rankings";
export const SESSION_COST_SOURCE = SESSION_COST_SOURCE_NAME;

/** Every sync log source whose requests go to the OpenRouter account (500 a day). */
export const OPENROUTER_ACCOUNT_SOURCES = [
  OPENROUTER_SOURCE,
  APP_RANKINGS_SOURCE,
  SESSION_COST_SOURCE,
] as const;

export type OpenRouterDataApiConfig = PacingConfig & {
  baseUrl: string;
  /** Any OpenRouter key; sent only in the Authorization header, never logged. */
  apiKey: string;
  /** Requests the account may make per UTC day (OpenRouter allows 500). */
  dailyRequestBudget: number;
};

/** Why a request failed; `budget` (the day's requests used up) also stops a run. */
export type DataApiProblem = TransportProblem | "budget" | "range";

export class OpenRouterDataApiError extends SourceError<DataApiProblem> {
  constructor(problem: DataApiProblem, message: string) {
    super("OpenRouterDataApiError", problem, message, ["auth", "budget", "rate-limit", "stopped"]);
  }
}

export const DATA_API_STOPPED_MESSAGE =
  "the sync was stopped before it finished (the process is stopping); what was not written is synced by the next run";

/** Requests the OpenRouter account made today (UTC) across every OpenRouter sync. */
export async function openRouterRequestsToday(db: Db, now: Date): Promise<number> {
  const since = startOfUtcDay(utcDayOf(now));
  let total = 0;
  for (const source of OPENROUTER_ACCOUNT_SOURCES)
    total += await sourceRequestsSince(db, source, since);
  return total;
}

/** One run's paced, budgeted connection to OpenRouter's Data API. */
export class OpenRouterDataApiClient {
  private readonly http: PacedHttpClient;

  constructor(
    private readonly config: OpenRouterDataApiConfig,
    /** Requests the account already made today (`openRouterRequestsToday`). */
    private readonly requestsBeforeToday: number,
    onRequest: (requests: number) => Promise<void> = () => Promise.resolve(),
    /** Once aborted, waits end and the request in flight is cut: `stopped`, with `stoppedMessage`. */
    stopping?: AbortSignal,
    stoppedMessage = DATA_API_STOPPED_MESSAGE,
  ) {
    this.http = new PacedHttpClient(
      config,
      {
        sourceName: "OpenRouter",
        headers: { accept: "application/json", authorization: `Bearer ${config.apiKey}` },
        secrets: [config.apiKey],
        refusal: (answer, what) =>
          answer.status === 401 || answer.status === 403
            ? `OPENROUTER_API_KEY was refused by OpenRouter (HTTP ${answer.status} on ${what}${errorDetail(answer)}); check the key (openrouter.ai/settings/keys)`
            : undefined,
        errorDetail,
        stoppedMessage,
        beforeAttempt: (what) => {
          if (this.budgetLeft <= 0)
            throw new OpenRouterDataApiError(
              "budget",
              `the daily budget of ${this.config.dailyRequestBudget} OpenRouter requests (OPENROUTER_DAILY_REQUEST_BUDGET) is used up for today (UTC), so ${what} was not sent; sync again after 00:00 UTC`,
            );
        },
        error: (problem, message) => new OpenRouterDataApiError(problem, message),
      },
      onRequest,
      stopping,
    );
  }

  /** Requests this client sent (attempts, retries included). */
  get requests(): number {
    return this.http.requests;
  }

  /** Requests left today before the budget is reached. */
  get budgetLeft(): number {
    return this.config.dailyRequestBudget - this.requestsBeforeToday - this.requests;
  }

  /**
   * The JSON body of a GET of `path` (with its query string); `what` names the request in
   * messages (its path without the query unless given).
   */
  async getJson(path: string, what = `GET ${path.split("?")[0] ?? path}`): Promise<unknown> {
    const body = await this.http.send({
      url: `${this.config.baseUrl.replace(/\/+$/, "")}${path}`,
      what,
    });
    return this.http.json(body, what);
  }

  /** An answer read by its schema; another shape is `malformed` (see PacedHttpClient.parse). */
  parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
    return this.http.parse(schema, payload, what);
  }
}

/** OpenRouter's error text (`{ error: { message } }`), shortened, for the operator's message. */
function errorDetail(answer: HttpAnswer): string {
  const message = jsonErrorText(answer.text, (body) =>
    typeof body.error === "object" && body.error !== null
      ? (body.error as { message?: unknown }).message
      : undefined,
  );
  return message === undefined ? "" : `: ${message.slice(0, 200)}`;
}
