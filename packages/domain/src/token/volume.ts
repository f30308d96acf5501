import type { UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseDayRange } from "../shared/dated-query";
import {
  readSingleParameters,
  requiredParameterMessage,
  type RawQuery,
} from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import { labOrder, type LabId } from "./catalog";
import { parseLab } from "./query";

/**
 * The token volume index: how many tokens each lab's published index value was computed from
 * (frozen at settlement), how that volume grew since the lab's first published day, and each
 * lab's share of the tracked labs' tokens on a day. Volumes are token counts as JSON numbers
 * (exact up to 2^53; a larger count is its nearest double, which moves a share by < 1e-15).
 */

export const TOKEN_VOLUME_QUERY_PARAMETERS = ["startDate", "endDate", "lab"] as const;

/** The website's volume page shows this many latest settled days (about the free window). */
export const RECENT_TOKEN_VOLUME_DAYS = 30;

/** A growth index equals this on the lab's base day. */
export const GROWTH_INDEX_BASE = 100;

export type TokenVolumeQuery = { startDate: UtcDay; endDate: UtcDay; lab?: LabId };

/**
 * Parses `GET /api/token-volume`'s query. Both days are required and a missing one is reported
 * first (the route's schema marks them required, so its answer is the same); then the lab, each
 * day's format and their order.
 */
export function parseTokenVolumeQuery(raw: RawQuery): Result<TokenVolumeQuery, DomainError> {
  const params = readSingleParameters(raw, TOKEN_VOLUME_QUERY_PARAMETERS);
  if (!params.ok) return params;
  const { startDate, endDate, lab } = params.value;
  if (startDate === undefined) return err(badRequest(requiredParameterMessage("startDate")));
  if (endDate === undefined) return err(badRequest(requiredParameterMessage("endDate")));
  let labFilter: LabId | undefined;
  if (lab !== undefined) {
    const parsedLab = parseLab(lab);
    if (!parsedLab.ok) return parsedLab;
    labFilter = parsedLab.value;
  }
  const range = parseDayRange(startDate, endDate);
  if (!range.ok) return range;
  return ok(labFilter === undefined ? range.value : { ...range.value, lab: labFilter });
}

/** One published lab-day's volume: the tokens its index value was computed from. */
export type LabDayVolume = { date: UtcDay; lab: LabId; totalTokens: number };

/** A lab's base: its first settled day with a published value, and that day's tokens. */
export type VolumeBaseline = { lab: LabId; baseDate: UtcDay; baseTotalTokens: number };

/**
 * Each lab's base, in catalog order; a lab without any published value has none. The base is
 * the first published day of all history (not of a requested range), so a lab's growth index
 * for a day is the same in every answer that contains the day.
 */
export function volumeBaselines(volumes: readonly LabDayVolume[]): VolumeBaseline[] {
  const first = new Map<LabId, LabDayVolume>();
  for (const v of volumes) {
    const current = first.get(v.lab);
    if (current === undefined || v.date < current.date) first.set(v.lab, v);
  }
  return [...first.values()]
    .sort((a, b) => labOrder(a.lab) - labOrder(b.lab))
    .map((v) => ({ lab: v.lab, baseDate: v.date, baseTotalTokens: v.totalTokens }));
}

/**
 * 100 x tokens / base tokens: 100 on the base day, 200 when the volume doubled. Null when the
 * base has no tokens (the sufficiency rule publishes no such value, but a rule set may allow it).
 */
export function growthIndex(totalTokens: number, baseTotalTokens: number): number | null {
  // The ratio first: x / x is exactly 1, so the base day is exactly 100 at any volume.
  return baseTotalTokens > 0 ? GROWTH_INDEX_BASE * (totalTokens / baseTotalTokens) : null;
}

/**
 * Each lab's fraction of the day's tokens, over the labs that have a published value that day
 * (a suppressed lab-day is neither a share nor part of the total). Null for every lab when the
 * day has no tokens at all.
 */
export function volumeShares(
  day: readonly Pick<LabDayVolume, "lab" | "totalTokens">[],
): Map<LabId, number | null> {
  let total = 0;
  for (const v of day) total += v.totalTokens;
  return new Map(day.map((v) => [v.lab, total > 0 ? v.totalTokens / total : null]));
}

/** One row of the token volume index. */
export type TokenVolumeRow = {
  date: UtcDay;
  lab: LabId;
  totalTokens: number;
  growthIndex: number | null;
  share: number | null;
};

/**
 * The rows of `labs` from the published volumes of a range, date ascending then catalog order.
 * `dayVolumes` must hold every tracked lab's published volume of each day in the range (shares
 * are over all of them, whatever `labs` narrows the rows to); `baselines` come from all history.
 */
export function tokenVolumeRows(
  dayVolumes: readonly LabDayVolume[],
  baselines: readonly VolumeBaseline[],
  labs: readonly LabId[],
): TokenVolumeRow[] {
  const byDay = new Map<UtcDay, LabDayVolume[]>();
  for (const v of dayVolumes) {
    const list = byDay.get(v.date);
    if (list) list.push(v);
    else byDay.set(v.date, [v]);
  }
  const baseOf = new Map(baselines.map((b) => [b.lab, b.baseTotalTokens]));
  const rows: TokenVolumeRow[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const volumes = byDay.get(day) ?? [];
    const shares = volumeShares(volumes);
    for (const v of [...volumes].sort((a, b) => labOrder(a.lab) - labOrder(b.lab))) {
      if (!labs.includes(v.lab)) continue;
      const base = baseOf.get(v.lab);
      rows.push({
        date: v.date,
        lab: v.lab,
        totalTokens: v.totalTokens,
        growthIndex: base === undefined ? null : growthIndex(v.totalTokens, base),
        share: shares.get(v.lab) ?? null,
      });
    }
  }
  return rows;
}
