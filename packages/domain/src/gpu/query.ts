import type { AccessLevel } from "../shared/access";
import {
  UTC_DAY_PATTERN_SOURCE,
  addDays,
  parseUtcDay,
  utcDayOf,
  type UtcDay,
} from "../shared/calendar";
import { apiKeyRequired, badRequest, type DomainError } from "../shared/errors";
import {
  FREE_TIER_GPU_NAMES,
  GPU_NAMES,
  INVALID_GPU_MESSAGE,
  isFreeTierGpu,
  isGpuName,
  type GpuName,
} from "./catalog";
import {
  freeTierKeyRequired,
  singleParameterQuery,
  startAfterEndMessage,
} from "../shared/query-parameters";
import { parseOptionalDayRange, type OptionalDayRange } from "../shared/dated-query";
import { err, ok, type Result } from "../shared/result";
import { GPU_FREE_WINDOW_MONTHS, gpuFreeWindowStart } from "./free-window";
import { latestSettledDayAt } from "./settlement-calendar";

/** Rules of the GPU routes that do not depend on storage. */

/** `/api/daily-index/all` looks back this many settled days (the original's rule): a GPU without a value in them is left out. */
export const DAILY_INDEX_LOOKBACK_DAYS = 7;

/** The oldest New York day the daily-index routes serve: the last DAILY_INDEX_LOOKBACK_DAYS days settled by `now`. */
export function dailyLookbackStart(now: Date): UtcDay {
  return addDays(latestSettledDayAt(now), 1 - DAILY_INDEX_LOOKBACK_DAYS);
}

export const GPU_TYPE_REQUIRED_MESSAGE = `gpuType query parameter is required (one of: ${GPU_NAMES.join(", ")})`;
export const GPU_TYPE_CONFLICT_MESSAGE =
  "gpuType and its alias gpu name different GPUs: give one of them.";

/**
 * The GPU of `/api/daily-index`: `gpuType` (the documented name) or `gpu` (the name some
 * clients of the original send). Both may be given when they agree.
 */
export function resolveDailyIndexGpu(params: {
  gpuType?: string;
  gpu?: string;
}): Result<GpuName, DomainError> {
  const { gpuType, gpu } = params;
  if (gpuType !== undefined && gpu !== undefined && gpuType !== gpu)
    return err(badRequest(GPU_TYPE_CONFLICT_MESSAGE));
  const name = gpuType ?? gpu;
  if (name === undefined) return err(badRequest(GPU_TYPE_REQUIRED_MESSAGE));
  return parseGpuName(name);
}

export const DATETIME_REQUIRED_MESSAGE =
  "datetime query parameter is required (format: YYYY-MM-DD HH:MM:SS or ISO 8601)";

export function parseGpuName(value: string): Result<GpuName, DomainError> {
  return isGpuName(value) ? ok(value) : err(badRequest(INVALID_GPU_MESSAGE));
}

/** Keyless callers may read only free-tier GPUs. */
export function authorizeGpu(gpu: GpuName, access: AccessLevel): Result<GpuName, DomainError> {
  if (access === "full" || isFreeTierGpu(gpu)) return ok(gpu);
  return err(freeTierKeyRequired("GPU", gpu, FREE_TIER_GPU_NAMES));
}

// `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`.
const DATETIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * What `parseGpuDatetime` accepts, as one regular expression: the OpenAPI `pattern` of the
 * datetime parameters (the history route's `datetime`, the ranged series' bounds). Its days are
 * `UTC_DAY_PATTERN_SOURCE`'s real calendar days, its hours 00-23, minutes and seconds 00-59, an
 * offset's hours 00-23; `\s` is the white space `String.prototype.trim` removes. A test holds it
 * to the parser.
 */
export const GPU_DATETIME_PATTERN = new RegExp(
  [
    String.raw`^\s*${UTC_DAY_PATTERN_SOURCE}`,
    String.raw`(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?`,
    String.raw`\s*$`,
  ].join(""),
);

/**
 * Parses the `datetime` of the history route. A time without an offset is UTC. Calendar values
 * are checked (no 2026-02-30, no 25:00); anything else is undefined.
 */
export function parseGpuDatetime(value: string): Date | undefined {
  const match = DATETIME_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const [, day, hh = "00", mm = "00", ss = "00", fraction = "", zone = "Z"] = match;
  if (day === undefined || parseUtcDay(day) === undefined) return undefined;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  if (match[2] === undefined && match[6] !== undefined) return undefined;
  let offsetMinutes = 0;
  if (zone !== "Z") {
    const digits = zone.replace(":", "");
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (digits.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  }
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc =
    Date.parse(`${day}T${hh}:${mm}:${ss}.${String(ms).padStart(3, "0")}Z`) - offsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc) : undefined;
}

export type Timed = { hour: Date };

/**
 * The record nearest `target` among records sorted by time (ascending). Before the first record
 * the first is nearest, after the last the last: never nothing while any record exists. On a tie
 * the earlier record wins. `timeDifferenceSeconds` is the absolute gap in seconds.
 */
export function nearestRecord<T extends Timed>(
  sorted: readonly T[],
  target: Date,
): { record: T; timeDifferenceSeconds: number; isExact: boolean } | undefined {
  if (sorted.length === 0) return undefined;
  const t = target.getTime();
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as T).hour.getTime() < t) low = mid + 1;
    else high = mid;
  }
  const after = sorted[low];
  const before = low > 0 ? sorted[low - 1] : undefined;
  let record: T;
  if (after === undefined) record = before as T;
  else if (before === undefined) record = after;
  else record = t - before.hour.getTime() <= after.hour.getTime() - t ? before : after;
  const gapMs = Math.abs(record.hour.getTime() - t);
  return { record, timeDifferenceSeconds: gapMs / 1000, isExact: gapMs === 0 };
}

export type GpuHistoryRange = { startDate: UtcDay | undefined; endDate: UtcDay };

/** The parameters of `GET /api/gpu/{gpuName}/index-history`. */
export const GPU_HISTORY_QUERY_PARAMETERS = ["startDate", "endDate"] as const;

export type GpuHistoryQuery = OptionalDayRange;

/**
 * Parses the daily series' query: single values of known parameters, then the optional days
 * in order (the dated query every market reads).
 */
export const parseGpuHistoryQuery = singleParameterQuery(
  GPU_HISTORY_QUERY_PARAMETERS,
  (params): Result<GpuHistoryQuery, DomainError> => {
    return parseOptionalDayRange(params);
  },
);

/**
 * The date range of the daily series. Defaults: `endDate` today; `startDate` the start of the
 * free window without a key, all history with one. A keyless `startDate` before the window is a
 * 401 (the original's rule), not a silent clamp.
 */
export function resolveGpuHistoryRange(
  query: GpuHistoryQuery,
  access: AccessLevel,
  now: Date,
): Result<GpuHistoryRange, DomainError> {
  const endDate = query.endDate ?? utcDayOf(now);
  const windowStart = gpuFreeWindowStart(now);
  const startDate = query.startDate ?? (access === "full" ? undefined : windowStart);
  if (startDate !== undefined && startDate > endDate)
    return err(badRequest(startAfterEndMessage(startDate, endDate)));
  if (access !== "full" && startDate !== undefined && startDate < windowStart) {
    return err(
      apiKeyRequired(
        `An API key is required for dates before ${windowStart}: without a key only the trailing ${GPU_FREE_WINDOW_MONTHS} months are available.`,
      ),
    );
  }
  return ok({ startDate, endDate });
}
