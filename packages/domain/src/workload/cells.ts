import { parseUtcDay, type UtcDay } from "../shared/calendar";
import { err, ok, type Result } from "../shared/result";

/**
 * Session-cost cells: OpenRouter's Data API `GET /api/v1/datasets/session-cost` publishes, for
 * each harness (the coding app), model and turn range, the median USD cost of one agent session
 * over a trailing window, refreshed weekly. Sessions are never pooled across apps. CC BY 4.0.
 */

/** How many turns (user-agent exchanges) a session had; the source's enum, in its order. */
export const TURN_RANGES = ["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"] as const;
export type TurnRange = (typeof TURN_RANGES)[number];

export function isTurnRange(value: string): value is TurnRange {
  return (TURN_RANGES as readonly string[]).includes(value);
}

/** One cell: the median cost in USD of one session of this app, on this model, in this turn range. */
export type SessionCostCell = {
  appSlug: string;
  appName: string;
  /** OpenRouter's exact model variant, `<lab>/<model>` (e.g. `anthropic/claude-4.8-opus`). */
  modelPermaslug: string;
  turnRange: TurnRange;
  /** USD per session (the median over the window's sessions of this cell). */
  medianSessionCostUsd: number;
};

/**
 * The window a snapshot covers (`meta`): sessions of the `windowDays` days ending on
 * `windowEndDate` (UTC, inclusive), as of the instant the source computed it. One weekly
 * snapshot is one "week" of the index, named by its `windowEndDate`.
 */
export type SessionCostWindow = { asOf: string; windowDays: number; windowEndDate: UtcDay };

/** A snapshot: its window and its cells. */
export type SessionCostWeek = { window: SessionCostWindow; cells: readonly SessionCostCell[] };

/** The cell's identity across weeks: same harness, same model, same turn range. */
export function cellKey(
  cell: Pick<SessionCostCell, "appSlug" | "modelPermaslug" | "turnRange">,
): string {
  return `${cell.appSlug}|${cell.modelPermaslug}|${cell.turnRange}`;
}

export const SESSION_COST_LICENCE = "Licensed under CC BY 4.0.";

/** The sync log's, the lock's and the served data's name for OpenRouter's session-cost dataset. */
export const SESSION_COST_SOURCE_NAME = "openrouter-session-cost";

/** The attribution line carried with every number built from session-cost data. */
export function sessionCostCitation(asOf: string): string {
  return `Source: OpenRouter (openrouter.ai), session-cost dataset, as of ${asOf}. ${SESSION_COST_LICENCE}`;
}

const SLUG = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const PERMASLUG = /^[a-z0-9][a-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._:~-]{0,199}$/;

function describe(value: unknown): string {
  const text = typeof value === "string" ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Validates one `data` row of the session-cost answer. The first problem is reported. A cost
 * must be a finite number above 0: a session that cost nothing cannot be split into price and
 * tokens, and a negative cost is not a cost.
 */
export function readSessionCostRow(raw: unknown): Result<SessionCostCell, string> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return err(`a session-cost row must be an object: ${describe(raw)}`);
  const row = raw as Record<string, unknown>;
  const { app_slug, app_name, model_permaslug, turn_range, median_session_cost_usd } = row;
  if (typeof app_slug !== "string" || !SLUG.test(app_slug))
    return err(`app_slug must be a lower-case slug: ${describe(app_slug)}`);
  if (typeof app_name !== "string" || app_name.trim() === "" || app_name.length > 200)
    return err(`app_name must be 1 to 200 characters: ${describe(app_name)}`);
  if (typeof model_permaslug !== "string" || !PERMASLUG.test(model_permaslug))
    return err(`model_permaslug must be '<lab>/<model>': ${describe(model_permaslug)}`);
  if (typeof turn_range !== "string" || !isTurnRange(turn_range))
    return err(`turn_range must be one of ${TURN_RANGES.join(", ")}: ${describe(turn_range)}`);
  if (
    typeof median_session_cost_usd !== "number" ||
    !Number.isFinite(median_session_cost_usd) ||
    median_session_cost_usd <= 0
  )
    return err(
      `median_session_cost_usd must be a number above 0 (USD): ${describe(median_session_cost_usd)}`,
    );
  return ok({
    appSlug: app_slug,
    appName: app_name,
    modelPermaslug: model_permaslug,
    turnRange: turn_range,
    medianSessionCostUsd: median_session_cost_usd,
  });
}

/** Validates the answer's `meta`: `as_of` (ISO instant), `window_days` (whole, >= 1), `window_end_date`. */
export function readSessionCostMeta(raw: unknown): Result<SessionCostWindow, string> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return err(`session-cost meta must be an object: ${describe(raw)}`);
  const { as_of, window_days, window_end_date } = raw as Record<string, unknown>;
  if (
    typeof as_of !== "string" ||
    Number.isNaN(Date.parse(as_of)) ||
    !/^\d{4}-\d{2}-\d{2}T/.test(as_of)
  )
    return err(`meta.as_of must be an ISO date-time: ${describe(as_of)}`);
  if (typeof window_days !== "number" || !Number.isInteger(window_days) || window_days < 1)
    return err(`meta.window_days must be a whole number of days >= 1: ${describe(window_days)}`);
  const end = typeof window_end_date === "string" ? parseUtcDay(window_end_date) : undefined;
  if (end === undefined)
    return err(
      `meta.window_end_date must be a real day in YYYY-MM-DD format: ${describe(window_end_date)}`,
    );
  return ok({ asOf: as_of, windowDays: window_days, windowEndDate: end });
}
