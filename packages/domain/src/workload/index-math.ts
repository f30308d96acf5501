import type { UtcDay } from "../shared/calendar";
import { labOrder, type LabId } from "../token/catalog";
import { DEFAULT_ESTIMATED_INPUT_SHARE } from "../token/methodology";
import { cellKey, type SessionCostCell, type SessionCostWeek } from "./cells";
import { modelClassOf } from "./models";

/**
 * The Workload Cost index: what one coding-agent session costs, per lab and model family, week
 * by week, from OpenRouter's session costs and our own model prices.
 *
 * Units: cost per session in USD (served as US cents, `cCents` = 100 * USD); prices in USD per
 * million tokens; implied tokens per session in tokens (served in thousands, `qKtok`).
 *
 * For one cell i (harness, model, turn range) of a week t:
 *   c_i = median session cost (USD),  p_i = the model's blended list price (USD per Mtok),
 *   q_i = c_i / p_i * 1e6 = implied tokens per session (tokens), so that c_i = p_i * q_i / 1e6.
 * q_i is the session's cost expressed in tokens at list price: a measure of how much work a
 * session buys, not a token count anyone observed (the source publishes costs, not tokens).
 *
 * Aggregate of a group G (a lab's family, or all of a lab's cells: family `all`) in week t:
 *   C_t = sum over G's priced cells of s_i * c_i,  with s_i = 1 / n_t (n_t = number of cells).
 * Weights: the source gives medians, not session counts, so no cell is known to be more common
 * than another; each cell counts once (the aggregate is the mean over cells of the median session
 * cost). App-rankings tokens are not used as weights: they are per app (not per model or turn
 * range), keyed by app id rather than slug, and would weight long sessions more, mixing the
 * intensity we measure into the weights.
 *   Q_t = sum of s_i * q_i (mean implied tokens per session), P_t = C_t / Q_t * 1e6 (USD per Mtok).
 */

export const TOKENS_PER_MTOK = 1_000_000;
export const LIKE_FOR_LIKE_BASE = 100;
/** The family value of a lab's aggregate over all its cells. */
export const ALL_FAMILIES = "all";

/**
 * Blended list price of a model in USD per Mtok: input and output prices weighted by the input
 * share (default 0.75, the 3:1 input:output convention of published blended prices, the same
 * share the token index estimates splits with). Null when a price is missing or negative.
 * Example: input 3, output 15: 0.75 * 3 + 0.25 * 15 = 6.
 */
export function blendedPricePerMtok(
  inputPricePerMtok: number | null,
  outputPricePerMtok: number | null,
  inputShare: number = DEFAULT_ESTIMATED_INPUT_SHARE,
): number | null {
  if (inputPricePerMtok === null || outputPricePerMtok === null) return null;
  if (!Number.isFinite(inputPricePerMtok) || !Number.isFinite(outputPricePerMtok)) return null;
  if (inputPricePerMtok < 0 || outputPricePerMtok < 0) return null;
  return inputShare * inputPricePerMtok + (1 - inputShare) * outputPricePerMtok;
}

/** Tokens one session buys at the blended price: USD / (USD per Mtok) * 1e6. $1.20 at $6/Mtok = 200,000 tokens. */
export function impliedTokensPerSession(costUsd: number, blendedPerMtok: number): number {
  return (costUsd / blendedPerMtok) * TOKENS_PER_MTOK;
}

/** Why a cell does not enter the index. */
export const CELL_EXCLUSION_REASONS = {
  unknown_lab: "The model's lab is not one of the index's labs",
  no_price: "No blended price for the model in the week (missing or zero price)",
  duplicate_cell: "A second row for the same harness, model and turn range in the week",
} as const;
export type CellExclusionReason = keyof typeof CELL_EXCLUSION_REASONS;

/** A cell with its class and price: what the index computes with. */
export type PricedCell = SessionCostCell & {
  key: string;
  lab: LabId;
  family: string;
  blendedPricePerMtok: number;
  impliedTokens: number;
};

/**
 * Classifies and prices a week's cells (a repeated harness-model-turn range keeps its first row). `priceOf` gives the model's blended price (USD per Mtok)
 * for the week, or null: the list price in force on the window's end date (the latest stored
 * price snapshot at or before it), so that every cell of a week is priced at one instant. A
 * price of 0 (a free model) cannot turn a cost into tokens: excluded.
 */
export function priceCells(
  cells: readonly SessionCostCell[],
  priceOf: (modelPermaslug: string) => number | null,
): {
  priced: PricedCell[];
  excluded: { cell: SessionCostCell; reason: CellExclusionReason }[];
} {
  const priced: PricedCell[] = [];
  const excluded: { cell: SessionCostCell; reason: CellExclusionReason }[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const key = cellKey(cell);
    if (seen.has(key)) {
      excluded.push({ cell, reason: "duplicate_cell" });
      continue;
    }
    seen.add(key);
    const modelClass = modelClassOf(cell.modelPermaslug);
    if (modelClass === null) {
      excluded.push({ cell, reason: "unknown_lab" });
      continue;
    }
    const price = priceOf(cell.modelPermaslug);
    if (price === null || !Number.isFinite(price) || price <= 0) {
      excluded.push({ cell, reason: "no_price" });
      continue;
    }
    priced.push({
      ...cell,
      key,
      ...modelClass,
      blendedPricePerMtok: price,
      impliedTokens: impliedTokensPerSession(cell.medianSessionCostUsd, price),
    });
  }
  return { priced, excluded };
}

/** A group: one lab's family, or all its cells. */
export type WorkloadGroup = { lab: LabId; family: string };

export function inGroup(cell: Pick<PricedCell, "lab" | "family">, group: WorkloadGroup): boolean {
  return cell.lab === group.lab && (group.family === ALL_FAMILIES || cell.family === group.family);
}

/** The groups present in some cells: each lab's families (sorted) and its `all`. */
export function groupsOf(cells: readonly Pick<PricedCell, "lab" | "family">[]): WorkloadGroup[] {
  const byLab = new Map<LabId, Set<string>>();
  for (const cell of cells) {
    const families = byLab.get(cell.lab) ?? new Set<string>();
    families.add(cell.family);
    byLab.set(cell.lab, families);
  }
  const groups: WorkloadGroup[] = [];
  for (const [lab, families] of byLab) {
    groups.push({ lab, family: ALL_FAMILIES });
    for (const family of [...families].sort()) groups.push({ lab, family });
  }
  return groups;
}

export type GroupAggregate = {
  cellCount: number;
  /** C: mean over cells of the median session cost, USD per session. */
  costPerSessionUsd: number;
  /** Q: mean implied tokens per session (tokens). */
  tokensPerSession: number;
  /** P = C / Q * 1e6: the aggregate's blended price, USD per Mtok. */
  pricePerMtok: number;
};

/** The aggregate of a set of cells with equal weights; null for no cells. */
export function aggregateCells(cells: readonly PricedCell[]): GroupAggregate | null {
  const n = cells.length;
  if (n === 0) return null;
  let cost = 0;
  let tokens = 0;
  for (const cell of sortedByKey(cells)) {
    cost += cell.medianSessionCostUsd / n;
    tokens += cell.impliedTokens / n;
  }
  return {
    cellCount: n,
    costPerSessionUsd: cost,
    tokensPerSession: tokens,
    pricePerMtok: (cost / tokens) * TOKENS_PER_MTOK,
  };
}

function sortedByKey<T extends { key: string }>(cells: readonly T[]): T[] {
  return [...cells].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The logarithmic mean L(a, b) = (a - b) / (ln a - ln b) of two positive numbers, with its
 * limits: L(a, a) = a, and L(a, 0) = L(0, b) = 0. Near a = b the logarithm of the ratio is taken
 * with log1p so that the quotient keeps its precision. L(2, 1) = 1 / ln 2 = 1.4426950408889634.
 */
export function logarithmicMean(a: number, b: number): number {
  if (a === b) return a;
  if (a <= 0 || b <= 0) return 0;
  // Taken with the larger first, so that L(a, b) and L(b, a) are the same number.
  const [high, low] = a > b ? [a, b] : [b, a];
  return (high - low) / Math.log1p((high - low) / low);
}

/**
 * The additive LMDI (log-mean Divisia, LMDI-I) split of the change of the aggregate cost per
 * session between two weeks of a group, C_T - C_0 = price + intensity + mix, exactly:
 * with x_i = s_i * c_i (a cell's contribution to C), for each cell present in both weeks
 * (matched by harness, model and turn range),
 *   price_i     = L(x_iT, x_i0) * ln(p_iT / p_i0)
 *   intensity_i = L(x_iT, x_i0) * ln(q_iT / q_i0)
 *   mix_i       = L(x_iT, x_i0) * ln(s_iT / s_i0)
 * and these add up to x_iT - x_i0 because s * p * q / 1e6 = x. A cell that enters adds x_iT to
 * the mix effect and one that leaves takes x_i0 from it (the limit of the LMDI terms as a share
 * goes to 0, as in Ang & Liu 2007, "Handling zero values in the LMDI decomposition": the change of
 * an entering or leaving cell is a change of composition). The effects
 * are in USD per session; the `Pct` fields are percent of C_0, and add up to the total percent
 * change 100 * (C_T / C_0 - 1).
 */
export type LmdiEffects = {
  previousCostUsd: number;
  costUsd: number;
  totalChangeUsd: number;
  priceEffectUsd: number;
  intensityEffectUsd: number;
  mixEffectUsd: number;
  totalChangePct: number;
  priceEffectPct: number;
  intensityEffectPct: number;
  mixEffectPct: number;
  matchedCells: number;
  enteredCells: number;
  leftCells: number;
};

export function lmdiDecomposition(
  previous: readonly PricedCell[],
  current: readonly PricedCell[],
): LmdiEffects | null {
  const before = aggregateCells(previous);
  const after = aggregateCells(current);
  if (before === null || after === null) return null;
  const s0 = 1 / previous.length;
  const sT = 1 / current.length;
  const previousByKey = new Map(previous.map((c) => [cellKey(c), c]));
  const currentKeys = new Set(current.map((c) => cellKey(c)));
  let price = 0;
  let intensity = 0;
  let mix = 0;
  let matched = 0;
  let entered = 0;
  for (const cell of sortedByKey(current.map((c) => ({ ...c, key: cellKey(c) })))) {
    const xT = sT * cell.medianSessionCostUsd;
    const old = previousByKey.get(cell.key);
    if (old === undefined) {
      mix += xT;
      entered += 1;
      continue;
    }
    matched += 1;
    const x0 = s0 * old.medianSessionCostUsd;
    const weight = logarithmicMean(xT, x0);
    price += weight * Math.log(cell.blendedPricePerMtok / old.blendedPricePerMtok);
    intensity += weight * Math.log(cell.impliedTokens / old.impliedTokens);
    mix += weight * Math.log(sT / s0);
  }
  let left = 0;
  for (const old of sortedByKey(previous.map((c) => ({ ...c, key: cellKey(c) })))) {
    if (currentKeys.has(old.key)) continue;
    mix -= s0 * old.medianSessionCostUsd;
    left += 1;
  }
  const c0 = before.costPerSessionUsd;
  const total = after.costPerSessionUsd - c0;
  const pct = (usd: number): number => (100 * usd) / c0;
  return {
    previousCostUsd: c0,
    costUsd: after.costPerSessionUsd,
    totalChangeUsd: total,
    priceEffectUsd: price,
    intensityEffectUsd: intensity,
    mixEffectUsd: mix,
    totalChangePct: pct(total),
    priceEffectPct: pct(price),
    intensityEffectPct: pct(intensity),
    mixEffectPct: pct(mix),
    matchedCells: matched,
    enteredCells: entered,
    leftCells: left,
  };
}

/**
 * One link of the like-for-like chain: the Törnqvist index of cost per session over the cells
 * present in both weeks (same harness, model and turn range), so that cells entering or leaving
 * (the mix) do not move it:
 *   ln link = sum over matched i of w_i * ln(c_iT / c_i0),  w_i = (v_i0 + v_iT) / 2,
 *   v_it = c_it / sum over matched j of c_jt  (cell i's share of the matched cells' cost in week t;
 *   with equal cell weights this is the cell's expenditure share).
 * Törnqvist: a superlative index that weights each cell by its mean share in both weeks, so
 * neither week's composition is favoured. With no matched cell the link cannot be observed: it is
 * imputed as 1 (no like-for-like change) and flagged, and the whole change shows in the mix effect.
 */
export type LikeForLikeLink = { ratio: number; matchedCells: number; imputed: boolean };

export function likeForLikeLink(
  previous: readonly PricedCell[],
  current: readonly PricedCell[],
): LikeForLikeLink {
  const previousByKey = new Map(previous.map((c) => [cellKey(c), c]));
  const pairs = sortedByKey(current.map((c) => ({ ...c, key: cellKey(c) })))
    .map((c) => ({ now: c.medianSessionCostUsd, then: previousByKey.get(c.key) }))
    .filter((p): p is { now: number; then: PricedCell } => p.then !== undefined)
    .map((p) => ({ now: p.now, then: p.then.medianSessionCostUsd }));
  if (pairs.length === 0) return { ratio: 1, matchedCells: 0, imputed: true };
  const sumNow = pairs.reduce((sum, p) => sum + p.now, 0);
  const sumThen = pairs.reduce((sum, p) => sum + p.then, 0);
  let logRatio = 0;
  for (const p of pairs) {
    const weight = (p.then / sumThen + p.now / sumNow) / 2;
    logRatio += weight * Math.log(p.now / p.then);
  }
  return { ratio: Math.exp(logRatio), matchedCells: pairs.length, imputed: false };
}

/**
 * One row of the workload index: a group in one week. `lfl` is 100 in the group's first week
 * and then chained: lfl_t = lfl_(t-1) * link_t, the link taken against the group's previous week
 * with cells. `effects` is null in the first week.
 */
export type WorkloadRow = {
  windowEndDate: UtcDay;
  asOf: string;
  lab: LabId;
  family: string;
  cellCount: number;
  /** Cost per session, US cents. */
  costPerSessionCents: number;
  /** Implied tokens per session, thousands. */
  ktokPerSession: number;
  pricePerMtok: number;
  lfl: number;
  link: LikeForLikeLink | null;
  effects: LmdiEffects | null;
};

/**
 * The index rows of every group over weeks (oldest first; each week's cells already priced).
 * A group without cells in a week has no row that week.
 */
export function computeWorkloadIndex(
  weeks: readonly { window: SessionCostWeek["window"]; cells: readonly PricedCell[] }[],
): WorkloadRow[] {
  const ordered = [...weeks].sort((a, b) =>
    a.window.windowEndDate < b.window.windowEndDate ? -1 : 1,
  );
  for (let i = 1; i < ordered.length; i += 1) {
    const end = ordered[i]?.window.windowEndDate;
    if (end === ordered[i - 1]?.window.windowEndDate)
      throw new RangeError(`two snapshots for the week ending ${end}: keep one per week`);
  }
  const groups = groupsOf(ordered.flatMap((w) => w.cells));
  const rows: WorkloadRow[] = [];
  for (const group of groups) {
    let previous: readonly PricedCell[] | null = null;
    let lfl = LIKE_FOR_LIKE_BASE;
    for (const week of ordered) {
      const cells = week.cells.filter((c) => inGroup(c, group));
      const aggregate = aggregateCells(cells);
      if (aggregate === null) continue;
      const link = previous === null ? null : likeForLikeLink(previous, cells);
      if (link !== null) lfl *= link.ratio;
      rows.push({
        windowEndDate: week.window.windowEndDate,
        asOf: week.window.asOf,
        lab: group.lab,
        family: group.family,
        cellCount: aggregate.cellCount,
        costPerSessionCents: aggregate.costPerSessionUsd * 100,
        ktokPerSession: aggregate.tokensPerSession / 1000,
        pricePerMtok: aggregate.pricePerMtok,
        lfl,
        link,
        effects: previous === null ? null : lmdiDecomposition(previous, cells),
      });
      previous = cells;
    }
  }
  return rows.sort(compareRows);
}

/** Rows oldest first; within a week, labs in catalogue order, `all` first, then families A-Z. */
function compareRows(a: WorkloadRow, b: WorkloadRow): number {
  if (a.windowEndDate !== b.windowEndDate) return a.windowEndDate < b.windowEndDate ? -1 : 1;
  if (a.lab !== b.lab) return labOrder(a.lab) - labOrder(b.lab);
  if (a.family === b.family) return 0;
  if (a.family === ALL_FAMILIES) return -1;
  if (b.family === ALL_FAMILIES) return 1;
  return a.family < b.family ? -1 : 1;
}
