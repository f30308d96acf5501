import type { UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseDayRange } from "../shared/dated-query";
import { singleParameterQuery, requiredParameterMessage } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import { LAB_IDS, labOrder, type LabId } from "./catalog";
import { parseLab } from "./query";

/**
 * The token volume index: how many tokens each lab's published index value was computed from
 * (frozen at settlement), how that volume grew since the lab's first published day, and each
 * lab's share of the tracked labs' tokens on a day. Volumes are token counts as JSON numbers
 * (exact up to 2^53; a larger count is its nearest double, which moves a share by < 1e-15).
 */

export const TOKEN_VOLUME_QUERY_PARAMETERS = ["startDate", "endDate", "labs", "lab"] as const;

/**
 * The labs `GET /api/token-volume` serves without `labs`: the closed labs, as the reference
 * service serves them, so `share` is of the closed labs' tokens by default.
 */
export const CLOSED_LAB_IDS: readonly LabId[] = ["anthropic", "openai", "google"];

/** The `labs` value that asks for every tracked lab. */
export const ALL_LABS_VALUE = "all";

/** The website's volume page shows this many latest settled days (about the free window). */
export const RECENT_TOKEN_VOLUME_DAYS = 30;

/** A growth index equals this on the lab's base day. */
export const GROWTH_INDEX_BASE = 100;

/**
 * `labs` is the set the shares and the totals are over (catalog order, never empty); `lab`
 * narrows the rows to one of them.
 */
export type TokenVolumeQuery = {
  startDate: UtcDay;
  endDate: UtcDay;
  labs: readonly LabId[];
  lab?: LabId;
};

/** The 400 text for a `lab` outside the labs the shares are over. */
export function labOutsideVolumeLabsMessage(lab: LabId, labs: readonly LabId[]): string {
  return `Lab '${lab}' is not among the labs asked (${labs.join(", ")}); add it to 'labs' or send labs=${ALL_LABS_VALUE}.`;
}

/**
 * `labs`: absent is the closed labs, `all` every tracked lab, otherwise a comma-separated list
 * of lab identifiers (repeats count once), returned in catalog order.
 */
export function parseVolumeLabs(value: string | undefined): Result<readonly LabId[], DomainError> {
  if (value === undefined) return ok(CLOSED_LAB_IDS);
  if (value === ALL_LABS_VALUE) return ok(LAB_IDS);
  const labs = new Set<LabId>();
  for (const part of value.split(",")) {
    const lab = parseLab(part);
    if (!lab.ok) return lab;
    labs.add(lab.value);
  }
  return ok([...labs].sort((a, b) => labOrder(a) - labOrder(b)));
}

/**
 * Parses `GET /api/token-volume`'s query. Both days are required and a missing one is reported
 * first (the route's schema marks them required, so its answer is the same); then `labs`, the
 * lab, each day's format and their order.
 */
export const parseTokenVolumeQuery = singleParameterQuery(
  TOKEN_VOLUME_QUERY_PARAMETERS,
  (params): Result<TokenVolumeQuery, DomainError> => {
    const { startDate, endDate, lab } = params;
    if (startDate === undefined) return err(badRequest(requiredParameterMessage("startDate")));
    if (endDate === undefined) return err(badRequest(requiredParameterMessage("endDate")));
    const labs = parseVolumeLabs(params.labs);
    if (!labs.ok) return labs;
    let labFilter: LabId | undefined;
    if (lab !== undefined) {
      const parsedLab = parseLab(lab);
      if (!parsedLab.ok) return parsedLab;
      if (!labs.value.includes(parsedLab.value))
        return err(badRequest(labOutsideVolumeLabsMessage(parsedLab.value, labs.value)));
      labFilter = parsedLab.value;
    }
    const range = parseDayRange(startDate, endDate);
    if (!range.ok) return range;
    const query = { ...range.value, labs: labs.value };
    return ok(labFilter === undefined ? query : { ...query, lab: labFilter });
  },
);

/** One published lab-day's volume: the tokens its index value was computed from. */
export type LabDayVolume = { date: UtcDay; lab: LabId; totalTokens: number };

/** A lab's base: its first settled day with a published value, and that day's tokens. */
export type VolumeBaseline = { lab: LabId; date: UtcDay; totalTokens: number };

/** The base of the labs' total: the first day every one of them was published, and their tokens. */
export type TotalVolumeBaseline = { date: UtcDay; totalTokens: number };

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
    .map((v) => ({ lab: v.lab, date: v.date, totalTokens: v.totalTokens }));
}

/**
 * The base of the total of `labs`: the first day of all history on which every one of them has
 * a published value (so the total grows like-for-like from it), with their summed tokens; null
 * when no day has them all.
 */
export function totalVolumeBaseline(
  volumes: readonly LabDayVolume[],
  labs: readonly LabId[],
): TotalVolumeBaseline | null {
  let base: TotalVolumeBaseline | null = null;
  for (const [date, ofDay] of volumesByDay(volumes)) {
    if (base !== null && date >= base.date) continue;
    const total = completeDayTotal(ofDay, labs);
    if (total !== null) base = { date, totalTokens: total };
  }
  return base;
}

/** The day's summed tokens of `labs` when every one of them is published that day, else null. */
function completeDayTotal(day: readonly LabDayVolume[], labs: readonly LabId[]): number | null {
  let total = 0;
  for (const lab of labs) {
    const volume = day.find((v) => v.lab === lab);
    if (volume === undefined) return null;
    total += volume.totalTokens;
  }
  return total;
}

function volumesByDay(volumes: readonly LabDayVolume[]): Map<UtcDay, LabDayVolume[]> {
  const byDay = new Map<UtcDay, LabDayVolume[]>();
  for (const v of volumes) {
    const list = byDay.get(v.date);
    if (list) list.push(v);
    else byDay.set(v.date, [v]);
  }
  return byDay;
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
 * Each lab's fraction of the day's tokens, over the labs given that have a published value that
 * day (a suppressed lab-day is neither a share nor part of the total). Null for every lab when
 * the day has no tokens at all.
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
  totalGrowthIndex: number | null;
};

/** What the rows of a range are computed against: the labs asked and the bases of all history. */
export type TokenVolumeBases = {
  /** The labs the shares and the total are over. */
  labs: readonly LabId[];
  baselines: readonly VolumeBaseline[];
  totalBaseline: TotalVolumeBaseline | null;
};

/**
 * The rows of `rowLabs` from the published volumes of a range, date ascending then catalog
 * order. `share` is of the day's total over `bases.labs` (those published that day);
 * `totalGrowthIndex` is that total against `bases.totalBaseline`, null on a day when one of the
 * labs is not published (its total is not like-for-like with the base). `dayVolumes` must hold
 * the published volume of every lab of `bases.labs` on each day in the range.
 */
export function tokenVolumeRows(
  dayVolumes: readonly LabDayVolume[],
  bases: TokenVolumeBases,
  rowLabs: readonly LabId[],
): TokenVolumeRow[] {
  const byDay = volumesByDay(dayVolumes.filter((v) => bases.labs.includes(v.lab)));
  const baseOf = new Map(bases.baselines.map((b) => [b.lab, b.totalTokens]));
  const rows: TokenVolumeRow[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const volumes = byDay.get(day) ?? [];
    const shares = volumeShares(volumes);
    const dayTotal = completeDayTotal(volumes, bases.labs);
    const totalGrowthIndex =
      dayTotal === null || bases.totalBaseline === null
        ? null
        : growthIndex(dayTotal, bases.totalBaseline.totalTokens);
    for (const v of [...volumes].sort((a, b) => labOrder(a.lab) - labOrder(b.lab))) {
      if (!rowLabs.includes(v.lab)) continue;
      const base = baseOf.get(v.lab);
      rows.push({
        date: v.date,
        lab: v.lab,
        totalTokens: v.totalTokens,
        growthIndex: base === undefined ? null : growthIndex(v.totalTokens, base),
        share: shares.get(v.lab) ?? null,
        totalGrowthIndex,
      });
    }
  }
  return rows;
}
