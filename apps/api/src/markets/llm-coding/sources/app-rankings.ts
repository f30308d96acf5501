import { parseUtcDay, readAppRankingRow, type AppRankingRow, type UtcDay } from "@tpi/domain";
import { z } from "zod";
import {
  OpenRouterDataApiError,
  type OpenRouterDataApiClient,
} from "../../../platform/ingest/openrouter-data-api";

/**
 * OpenRouter's app rankings (`GET /api/v1/datasets/app-rankings`; openrouter.ai/docs/cookbook/
 * administration/data-api): apps by tokens over a date window, filtered by `category`, paged with
 * `limit` and `offset` (rank stays absolute). Asked through the platform's Data API client: the
 * token market's key, base URL, pacing and daily budget.
 */

export const APP_RANKINGS_PATH = "/api/v1/datasets/app-rankings";
/** The category the coding agents rank in. */
export const CODING_CATEGORY = "coding";
/** Rows per page. */
export const APP_RANKINGS_PAGE_SIZE = 100;
/** Pages read at most per window (1,000 apps): the coding category is far smaller. */
export const APP_RANKINGS_MAX_PAGES = 10;

const utcDay = z.string().refine((value) => parseUtcDay(value) !== undefined, {
  message: "a real UTC day in YYYY-MM-DD format",
});

const answerSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.looseObject({
    as_of: z.iso.datetime({ offset: true }),
    start_date: utcDay,
    end_date: utcDay,
  }),
});

export type AppRankingsAnswer = {
  category: string;
  windowStart: UtcDay;
  windowEnd: UtcDay;
  asOf: Date;
  rows: AppRankingRow[];
};

/**
 * Every page of one category's rankings over [start, end]. An answer whose window is not the one
 * asked for, whose pages disagree on `as_of` (the snapshot refreshed while paging), or with an
 * invalid row is `malformed`: nothing of it is kept.
 */
export async function fetchAppRankings(
  client: OpenRouterDataApiClient,
  window: { category: string; start: UtcDay; end: UtcDay },
): Promise<AppRankingsAnswer> {
  const rows: AppRankingRow[] = [];
  let asOf: string | null = null;
  for (let page = 0; page < APP_RANKINGS_MAX_PAGES; page++) {
    const offset = page * APP_RANKINGS_PAGE_SIZE;
    const what = `app-rankings answer for ${window.category} ${window.start} to ${window.end} (offset ${offset})`;
    const { meta, data } = client.parse(
      answerSchema,
      await client.getJson(
        `${APP_RANKINGS_PATH}?category=${encodeURIComponent(window.category)}&start_date=${window.start}&end_date=${window.end}&limit=${APP_RANKINGS_PAGE_SIZE}&offset=${offset}`,
      ),
      what,
    );
    if (meta.start_date !== window.start || meta.end_date !== window.end)
      throw new OpenRouterDataApiError(
        "malformed",
        `the ${what} covers ${meta.start_date} to ${meta.end_date}, not the window asked for`,
      );
    if (asOf !== null && meta.as_of !== asOf)
      throw new OpenRouterDataApiError(
        "malformed",
        `the ${what} is of the snapshot as of ${meta.as_of}, the first page of ${asOf} (it refreshed while paging); sync again`,
      );
    asOf = meta.as_of;
    for (const [index, raw] of data.entries()) {
      const row = readAppRankingRow(raw);
      if (!row.ok)
        throw new OpenRouterDataApiError(
          "malformed",
          `malformed ${what}, row ${index}: ${row.error}`,
        );
      rows.push(row.value);
    }
    if (data.length < APP_RANKINGS_PAGE_SIZE) break;
  }
  if (asOf === null) throw new OpenRouterDataApiError("malformed", "no app-rankings page was read");
  // The coding category always ranks some apps: an empty window is a broken answer, and stored
  // it would count as synced (the schedule syncs only days not stored) with no app, for good.
  if (rows.length === 0)
    throw new OpenRouterDataApiError(
      "malformed",
      `the app-rankings answer for ${window.category} ${window.start} to ${window.end} holds no app`,
    );
  return {
    category: window.category,
    windowStart: window.start,
    windowEnd: window.end,
    asOf: new Date(asOf),
    rows,
  };
}
