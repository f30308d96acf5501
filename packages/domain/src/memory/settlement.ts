import { addDays, type UtcDay } from "../shared/calendar";
import { MEMORY_TYPE_IDS } from "./catalog";
import { sessionDayOf } from "./trading-calendar";

/** One stored price observation (USD; per chip or per module, see the catalogue). */
export type MemoryObservation = {
  typeId: string;
  observedAt: Date;
  source: string;
  price: number;
  /** When the source says it published the price; null when it did not say. */
  sourceUpdatedAt: Date | null;
};

/** One settled value: a type's session average on one trading day, and what follows from it. */
export type MemorySettledValue = {
  typeId: string;
  /** The trading day (New York calendar date) whose 4 PM settlement this is. */
  day: UtcDay;
  /** USD: the mean of the session's observations. */
  price: number;
  /** Percent change from the type's previous settled price; null without one (or it was 0). */
  changePct: number | null;
  /** Highest and lowest settled price of the type over the 7 calendar days ending on `day`. */
  weeklyHigh: number;
  weeklyLow: number;
  /** The latest source time among the session's observations (its observation time when the source gave none). */
  sourceUpdatedAt: Date;
  observations: number;
  /** The sources of the session's observations, sorted. */
  sources: string[];
};

/**
 * Decimal places kept of prices (USD) and percentages: 0.000001. Values are rounded to them
 * before they are stored or compared, so that a value read back from the database (whose
 * floating-point text keeps 15 significant digits) is the very value computed, and settling the
 * same observations again changes nothing.
 */
export const MEMORY_VALUE_DECIMALS = 6;
const SCALE = 10 ** MEMORY_VALUE_DECIMALS;

/** A price or percentage rounded to MEMORY_VALUE_DECIMALS places (half away from zero). */
export function roundMemoryValue(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * SCALE)) / SCALE;
}

/** Calendar days the weekly high and low look back over, the settled day included. */
export const WEEKLY_WINDOW_DAYS = 7;

/** The source time an observation stands for: the source's own, else when it was observed. */
export function sourceTimeOf(observation: MemoryObservation): Date {
  return observation.sourceUpdatedAt ?? observation.observedAt;
}

/**
 * Every settled value the observations give through `throughDay` (the latest trading day whose
 * 4 PM settlement has passed), per type in catalogue order, oldest day first. A session runs
 * from the previous trading day's settlement (excluded) to the day's (included); a day without
 * an observation of a type has no value for it: nothing is carried forward. Pure and
 * order-independent, so the same observations always settle to the same values.
 */
export function settleMemory(
  observations: readonly MemoryObservation[],
  throughDay: UtcDay,
): MemorySettledValue[] {
  const sessions = new Map<string, Map<UtcDay, MemoryObservation[]>>();
  for (const observation of observations) {
    const day = sessionDayOf(observation.observedAt);
    if (day > throughDay) continue;
    let days = sessions.get(observation.typeId);
    if (days === undefined)
      sessions.set(observation.typeId, (days = new Map<UtcDay, MemoryObservation[]>()));
    const session = days.get(day);
    if (session === undefined) days.set(day, [observation]);
    else session.push(observation);
  }
  const values: MemorySettledValue[] = [];
  for (const typeId of MEMORY_TYPE_IDS) {
    const days = sessions.get(typeId);
    if (days === undefined) continue;
    const settled: MemorySettledValue[] = [];
    for (const day of [...days.keys()].sort()) {
      const session = days.get(day) ?? [];
      const price = roundMemoryValue(
        session.reduce((sum, observation) => sum + observation.price, 0) / session.length,
      );
      const previous = settled.at(-1);
      const windowStart = addDays(day, -(WEEKLY_WINDOW_DAYS - 1));
      const week = [
        ...settled.filter((value) => value.day >= windowStart).map((v) => v.price),
        price,
      ];
      settled.push({
        typeId,
        day,
        price,
        changePct:
          previous === undefined || previous.price === 0
            ? null
            : roundMemoryValue(((price - previous.price) / previous.price) * 100),
        weeklyHigh: Math.max(...week),
        weeklyLow: Math.min(...week),
        sourceUpdatedAt: new Date(Math.max(...session.map((o) => sourceTimeOf(o).getTime()))),
        observations: session.length,
        sources: [...new Set(session.map((observation) => observation.source))].sort(),
      });
    }
    values.push(...settled);
  }
  return values;
}

/** A stored settled value with when it was settled. */
export type StoredMemorySettlement = MemorySettledValue & { updatedAt: Date };

/**
 * What settling changes in the stored values: days settled for the first time; days whose price
 * changed (a revision each, never a silent change); days whose price stands but whose derived
 * fields (change, weekly high/low, source time, sources) moved with a neighbour's revision or a
 * same-price observation; and days that lost every observation (a revision to no value).
 */
export type MemorySettlementPlan = {
  added: MemorySettledValue[];
  revised: { before: StoredMemorySettlement; after: MemorySettledValue }[];
  rederived: { before: StoredMemorySettlement; after: MemorySettledValue }[];
  withdrawn: StoredMemorySettlement[];
};

const keyOf = (value: { typeId: string; day: UtcDay }) => `${value.typeId}|${value.day}`;

function sameDerived(a: MemorySettledValue, b: MemorySettledValue): boolean {
  return (
    a.changePct === b.changePct &&
    a.weeklyHigh === b.weeklyHigh &&
    a.weeklyLow === b.weeklyLow &&
    a.sourceUpdatedAt.getTime() === b.sourceUpdatedAt.getTime() &&
    a.observations === b.observations &&
    a.sources.join("\n") === b.sources.join("\n")
  );
}

/** Compares what the observations settle to with what is stored. */
export function planMemorySettlement(
  stored: readonly StoredMemorySettlement[],
  computed: readonly MemorySettledValue[],
): MemorySettlementPlan {
  const storedByKey = new Map(stored.map((value) => [keyOf(value), value]));
  const plan: MemorySettlementPlan = { added: [], revised: [], rederived: [], withdrawn: [] };
  for (const after of computed) {
    const before = storedByKey.get(keyOf(after));
    storedByKey.delete(keyOf(after));
    if (before === undefined) plan.added.push(after);
    else if (before.price !== after.price) plan.revised.push({ before, after });
    else if (!sameDerived(before, after)) plan.rederived.push({ before, after });
  }
  plan.withdrawn.push(...storedByKey.values());
  return plan;
}

/** Percent change of a revision; null when either side has no value or the old one is 0. */
export function revisionChangePercent(
  oldPrice: number | null,
  newPrice: number | null,
): number | null {
  if (oldPrice === null || newPrice === null || oldPrice === 0) return null;
  return roundMemoryValue(((newPrice - oldPrice) / oldPrice) * 100);
}
