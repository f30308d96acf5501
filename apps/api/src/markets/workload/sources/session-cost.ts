import {
  readSessionCostMeta,
  readSessionCostRow,
  type SessionCostCell,
  type SessionCostWeek,
} from "@tpi/domain";
import { z } from "zod";
import {
  OpenRouterDataApiError,
  type OpenRouterDataApiClient,
} from "../../../platform/ingest/openrouter-data-api";

/**
 * OpenRouter's session-cost dataset (`GET /api/v1/datasets/session-cost`, refreshed weekly): the
 * median USD cost of one agent session per harness, model and turn range over a trailing window,
 * paged with `limit` (1 to 500) and `offset`. It publishes only its latest snapshot, so past weeks
 * exist here only if they were synced when they were current. Asked through the platform's Data
 * API client (the token market's key, base URL, pacing and daily budget).
 */

export const SESSION_COST_PATH = "/api/v1/datasets/session-cost";
/** The largest page the dataset serves. */
export const SESSION_COST_PAGE_SIZE = 500;
/** Pages read at most (10,000 cells). */
export const SESSION_COST_MAX_PAGES = 20;

const pageSchema = z.object({ data: z.array(z.unknown()), meta: z.unknown() });

/**
 * The current snapshot, every page. Pages that disagree on their window (the snapshot refreshed
 * while paging) or an invalid row make the whole answer `malformed`: a week is kept whole or not
 * at all.
 */
export async function fetchSessionCostWeek(
  client: OpenRouterDataApiClient,
): Promise<SessionCostWeek> {
  const cells: SessionCostCell[] = [];
  let window: SessionCostWeek["window"] | null = null;
  for (let page = 0; page < SESSION_COST_MAX_PAGES; page++) {
    const offset = page * SESSION_COST_PAGE_SIZE;
    const what = `session-cost answer (offset ${offset})`;
    const parsed = pageSchema.safeParse(
      await client.getJson(`${SESSION_COST_PATH}?limit=${SESSION_COST_PAGE_SIZE}&offset=${offset}`),
    );
    if (!parsed.success)
      throw new OpenRouterDataApiError(
        "malformed",
        `malformed ${what}: it needs 'data' and 'meta'`,
      );
    const meta = readSessionCostMeta(parsed.data.meta);
    if (!meta.ok) throw new OpenRouterDataApiError("malformed", `malformed ${what}: ${meta.error}`);
    if (
      window !== null &&
      (meta.value.asOf !== window.asOf || meta.value.windowEndDate !== window.windowEndDate)
    )
      throw new OpenRouterDataApiError(
        "malformed",
        `the ${what} is of the snapshot as of ${meta.value.asOf}, the first page of ${window.asOf} (it refreshed while paging); sync again`,
      );
    window = meta.value;
    for (const [index, raw] of parsed.data.data.entries()) {
      const cell = readSessionCostRow(raw);
      if (!cell.ok)
        throw new OpenRouterDataApiError(
          "malformed",
          `malformed ${what}, row ${offset + index}: ${cell.error}`,
        );
      cells.push(cell.value);
    }
    if (parsed.data.data.length < SESSION_COST_PAGE_SIZE) break;
  }
  if (window === null)
    throw new OpenRouterDataApiError("malformed", "no session-cost page was read");
  // The dataset always prices some sessions: an empty week is a broken answer, and stored it
  // would become the latest week, with nothing in it.
  if (cells.length === 0)
    throw new OpenRouterDataApiError(
      "malformed",
      `the session-cost answer for the week ending ${window.windowEndDate} holds no cell`,
    );
  return { window, cells };
}
