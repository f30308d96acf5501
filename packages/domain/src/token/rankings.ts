import { addDays, startOfUtcDay, type UtcDay } from "../shared/calendar";
import { isLabId, labPrefixOfModelId, type LabId } from "./catalog";
import { PRICE_SNAPSHOT_WINDOW_HOURS, type PriceBasis } from "./provenance";
import type { ObservationRecord } from "./record";

/**
 * Daily token rankings (OpenRouter's `rankings-daily` shape: per day the top models by total
 * tokens plus one aggregated `other` row) priced by a stored model-list snapshot. Pure: the
 * connector and the generated sample both turn their data into observations here.
 */
export const OTHER_PERMASLUG = "other";

/** One ranking row: a model variant's total tokens (input + output) on one UTC day. */
export type RankingsRow = { date: UtcDay; permaslug: string; totalTokens: bigint };

/** One model of a price list as the source gives it: USD per token as decimal text. */
export type PriceListModel = {
  modelId: string;
  canonicalSlug: string | null;
  prompt: string;
  completion: string;
  inputCacheRead: string | null;
};

export type PriceSnapshotRef = { id: number; fetchedAt: Date };

/**
 * USD per token (decimal text) to USD per million tokens, by moving the decimal point in the
 * text: "0.000003" * 1e6 in binary floating point is 2.9999999999999996, the text shift gives
 * exactly 3. Negative prices ("-1" marks variable-price routers) and non-numbers are no price.
 */
export function perTokenToPerMtok(text: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) {
    const value = Number(text);
    // Exponent notation: rare, and already inexact upstream.
    return Number.isFinite(value) && value >= 0 && text.trim() !== "" ? value * 1_000_000 : null;
  }
  const [whole = "0", fraction = ""] = [match[1], match[2]];
  const padded = fraction.padEnd(6, "0");
  return Number(`${whole}${padded.slice(0, 6)}.${padded.slice(6) || "0"}`);
}

/** `openai/gpt-4o-2024-05-13:free` -> base `openai/gpt-4o-2024-05-13`, variant `free`. */
export function splitPermaslug(permaslug: string): { base: string; variant: string | null } {
  const colon = permaslug.lastIndexOf(":");
  if (colon <= permaslug.indexOf("/")) return { base: permaslug, variant: null };
  return { base: permaslug.slice(0, colon), variant: permaslug.slice(colon + 1) };
}

/** A price list indexed for permaslug lookups: by model id and by canonical slug (+ variant). */
export type PriceIndex = {
  byId: ReadonlyMap<string, PriceListModel>;
  /** `canonical_slug` or `canonical_slug:variant` -> model. */
  byCanonical: ReadonlyMap<string, PriceListModel>;
};

export function indexPriceList(models: readonly PriceListModel[]): PriceIndex {
  const byId = new Map<string, PriceListModel>();
  const byCanonical = new Map<string, PriceListModel>();
  for (const model of models) {
    byId.set(model.modelId, model);
    if (model.canonicalSlug === null) continue;
    const { variant } = splitPermaslug(model.modelId);
    const key = variant === null ? model.canonicalSlug : `${model.canonicalSlug}:${variant}`;
    // The first entry wins: the list names each variant once; a repeat is ignored, not merged.
    if (!byCanonical.has(key)) byCanonical.set(key, model);
  }
  return { byId, byCanonical };
}

/**
 * The price-list model that prices a permaslug. Rankings name models by permaslug (the model
 * list's `canonical_slug`, dated); the list's ids are the public slugs. A `:variant` permaslug
 * takes that variant's own entry where the list has one, otherwise its base model's price.
 */
export function priceListModelOf(
  permaslug: string,
  prices: PriceIndex,
): PriceListModel | undefined {
  const { base, variant } = splitPermaslug(permaslug);
  return (
    prices.byCanonical.get(permaslug) ??
    prices.byId.get(permaslug) ??
    (variant === null ? undefined : (prices.byCanonical.get(base) ?? prices.byId.get(base)))
  );
}

export type PricingChoice =
  | { ok: true; snapshot: PriceSnapshotRef; basis: Extract<PriceBasis, "snapshot" | "backfilled"> }
  | { ok: false; reason: string };

/**
 * Which stored snapshot prices a day: the first one fetched after the day ended. Fetched within
 * PRICE_SNAPSHOT_WINDOW_HOURS it prices the day as a snapshot; later, the price is back-filled,
 * which only an explicit request (`backfillFrom` on or before the day) allows.
 */
export function choosePricingSnapshot(
  day: UtcDay,
  snapshots: readonly PriceSnapshotRef[],
  backfillFrom: UtcDay | null,
): PricingChoice {
  const dayEnd = startOfUtcDay(addDays(day, 1)).getTime();
  const first = [...snapshots]
    .filter((s) => s.fetchedAt.getTime() >= dayEnd)
    .sort((a, b) => a.fetchedAt.getTime() - b.fetchedAt.getTime() || a.id - b.id)[0];
  if (first === undefined)
    return { ok: false, reason: `${day} has not ended before the newest price snapshot was taken` };
  const hoursAfter = (first.fetchedAt.getTime() - dayEnd) / 3_600_000;
  if (hoursAfter <= PRICE_SNAPSHOT_WINDOW_HOURS)
    return { ok: true, snapshot: first, basis: "snapshot" };
  if (backfillFrom !== null && backfillFrom <= day)
    return { ok: true, snapshot: first, basis: "backfilled" };
  return {
    ok: false,
    reason: `no price snapshot was taken within ${PRICE_SNAPSHOT_WINDOW_HOURS} hours after ${day} ended (the first later one is from ${first.fetchedAt.toISOString()}); pass --backfill-from ${day} (or earlier) to price it with that snapshot, marked back-filled`,
  };
}

/** The day's traffic as the rankings describe it: the listed models and the aggregated rest. */
export type DayCoverage = {
  /** Tokens of every listed model (top models, all authors and variants). */
  listedTokens: bigint;
  /** Tokens of the `other` row: every model outside the listed top models. */
  otherTokens: bigint;
  /** Tokens of listed models of tracked labs (the index's universe that day). */
  trackedTokens: bigint;
};

/** Share of the day's traffic in the listed top models (0..1); null when the day had no traffic. */
export function listedShare(coverage: DayCoverage): number | null {
  const total = coverage.listedTokens + coverage.otherTokens;
  return total === 0n ? null : Number(coverage.listedTokens) / Number(total);
}

/** Share of the day's traffic in listed models of the tracked labs (0..1); null when the day had no traffic. */
export function trackedShare(coverage: DayCoverage): number | null {
  const total = coverage.listedTokens + coverage.otherTokens;
  return total === 0n ? null : Number(coverage.trackedTokens) / Number(total);
}

export type PricedRankingsDay = {
  date: UtcDay;
  observations: ObservationRecord[];
  coverage: DayCoverage;
  /** Listed models whose author is not a tracked lab: ignored. */
  ignoredModels: number;
  /** Tracked-lab models the price list does not price: kept, excluded as `missing_price`. */
  unpricedModels: number;
};

/** Largest value of PostgreSQL's bigint: token totals beyond it cannot be stored exactly. */
export const MAX_STORED_TOKENS = 9_223_372_036_854_775_807n;

/**
 * One day's rows and the snapshot that prices it as observations. Problems that make the day's
 * answer unusable (rows of another day, a repeated permaslug, two `other` rows, a total beyond
 * storage) are returned as a reason instead: such a day is written not at all.
 */
export function priceRankingsDay(
  date: UtcDay,
  rows: readonly RankingsRow[],
  prices: PriceIndex,
  pricing: { snapshot: PriceSnapshotRef; basis: PriceBasis },
  source: string,
): { ok: true; day: PricedRankingsDay } | { ok: false; reason: string } {
  const seen = new Set<string>();
  const coverage: DayCoverage = { listedTokens: 0n, otherTokens: 0n, trackedTokens: 0n };
  const observations: ObservationRecord[] = [];
  let ignoredModels = 0;
  let unpricedModels = 0;
  let sawOther = false;
  for (const row of rows) {
    if (row.date !== date) return { ok: false, reason: `a row of ${row.date} among ${date}'s` };
    if (row.totalTokens < 0n || row.totalTokens > MAX_STORED_TOKENS)
      return { ok: false, reason: `${row.permaslug} has an out-of-range total ${row.totalTokens}` };
    if (row.permaslug === OTHER_PERMASLUG) {
      if (sawOther) return { ok: false, reason: "two `other` rows" };
      sawOther = true;
      coverage.otherTokens = row.totalTokens;
      continue;
    }
    if (seen.has(row.permaslug)) return { ok: false, reason: `${row.permaslug} is listed twice` };
    seen.add(row.permaslug);
    coverage.listedTokens += row.totalTokens;
    const lab = labPrefixOfModelId(row.permaslug);
    if (lab === undefined || !isLabId(lab)) {
      ignoredModels += 1;
      continue;
    }
    coverage.trackedTokens += row.totalTokens;
    const listed = priceListModelOf(row.permaslug, prices);
    const inputPrice = listed ? perTokenToPerMtok(listed.prompt) : null;
    const outputPrice = listed ? perTokenToPerMtok(listed.completion) : null;
    if (inputPrice === null || outputPrice === null) unpricedModels += 1;
    observations.push(
      observationOf(date, row, lab, inputPrice, outputPrice, listed, pricing, source),
    );
  }
  if (coverage.listedTokens + coverage.otherTokens > MAX_STORED_TOKENS)
    return { ok: false, reason: `the day's total exceeds ${MAX_STORED_TOKENS} tokens` };
  return { ok: true, day: { date, observations, coverage, ignoredModels, unpricedModels } };
}

function observationOf(
  date: UtcDay,
  row: RankingsRow,
  lab: LabId,
  inputPricePerMtok: number | null,
  outputPricePerMtok: number | null,
  listed: PriceListModel | undefined,
  pricing: { snapshot: PriceSnapshotRef; basis: PriceBasis },
  source: string,
): ObservationRecord {
  return {
    date,
    modelId: row.permaslug,
    lab,
    inputPricePerMtok,
    outputPricePerMtok,
    inputTokens: null,
    outputTokens: null,
    totalTokens: row.totalTokens,
    cacheReadPricePerMtok:
      listed?.inputCacheRead == null ? null : perTokenToPerMtok(listed.inputCacheRead),
    cacheReadTokens: null,
    source,
    priceBasis: pricing.basis,
    priceSnapshotId: pricing.snapshot.id,
  };
}
