import {
  LAB_IDS,
  addDays,
  computeLabDay,
  isLabId,
  latestSettleableDay,
  minDay,
  type LabId,
  type MethodologyRules,
  type UtcDay,
} from "@tpi/domain";
import {
  lockSettlement,
  observationsOnDays,
  publishedIndexValuesOn,
  readSourceDaysBetween,
  settledDaysAmong,
  unsettledDaysWithObservations,
  writeSettlements,
  type Db,
  type DaySettlement,
  type StoredObservation,
} from "@tpi/db";
import { publishEvents } from "../../../platform/publication/events";
import { settledValueFacts } from "./events";

export type SettlementReport = {
  settledDays: UtcDay[];
  publishedValues: number;
  suppressedLabDays: number;
  /** The last day whose settlement time had passed. */
  settleableThrough: UtcDay;
};

/** Days settled per transaction: large enough to be fast, small enough to keep locks short. */
const DAYS_PER_TRANSACTION = 31;

/**
 * Settles every day that has observations and whose settlement time has passed (optionally no
 * later than `through`). Each batch of days is computed and written in one transaction under a
 * database-wide advisory lock, so that concurrent settlers publish each day once and a crash
 * leaves no half-settled day. A settled day is never recomputed here: changing it is a restatement.
 * Each published lab-day's value.settled event is written in its batch's transaction.
 */
export async function settleDueDays(
  db: Db,
  options: {
    now: Date;
    rules: MethodologyRules;
    through?: UtcDay;
    onProgress?: (done: number, total: number) => void;
    /** When aborted (the api is stopping), no further batch starts; settled batches stay settled. */
    signal?: AbortSignal;
  },
): Promise<SettlementReport> {
  const { now, rules } = options;
  const settleableThrough = latestSettleableDay(now, rules.settlementLagHours);
  const through =
    options.through === undefined ? settleableThrough : minDay(options.through, settleableThrough);
  const candidates = await unsettledDaysWithObservations(db, through);
  const report: SettlementReport = {
    settledDays: [],
    publishedValues: 0,
    suppressedLabDays: 0,
    settleableThrough,
  };

  for (let start = 0; start < candidates.length; start += DAYS_PER_TRANSACTION) {
    if (options.signal?.aborted) break;
    const batch = candidates.slice(start, start + DAYS_PER_TRANSACTION);
    await db.$transaction(
      async (tx) => {
        await lockSettlement(tx);
        const alreadySettled = await settledDaysAmong(tx, batch);
        const days = batch.filter((day) => !alreadySettled.has(day));
        const observations = await observationsOnDays(tx, days);
        const settlements = computeSettlements(days, observations, rules);
        const settledAt = new Date();
        const written = await writeSettlements(tx, settlements, settledAt, rules.version);
        await publishEvents(tx, await settledFactsOf(tx, settlements, rules.version), settledAt);
        report.settledDays.push(...days);
        report.publishedValues += written.published;
        report.suppressedLabDays += written.suppressed;
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
    options.onProgress?.(
      Math.min(start + DAYS_PER_TRANSACTION, candidates.length),
      candidates.length,
    );
  }
  return report;
}

/** The value.settled facts of a batch, with the values of the day before each and their sources. */
async function settledFactsOf(
  tx: Parameters<typeof observationsOnDays>[0],
  settlements: readonly DaySettlement[],
  methodologyVersion: string,
) {
  const days = settlements.map((settlement) => settlement.day);
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return [];
  const dayBefore = days.map((day) => addDays(day, -1)).filter((day) => !days.includes(day));
  const [publishedBefore, sourceDays] = await Promise.all([
    publishedIndexValuesOn(tx, dayBefore),
    readSourceDaysBetween(tx, first, last),
  ]);
  return settledValueFacts(settlements, publishedBefore, sourceDays, methodologyVersion);
}

/** Pure: the per-lab computation of each day from its observations. */
export function computeSettlements(
  days: readonly UtcDay[],
  observations: readonly StoredObservation[],
  rules: MethodologyRules,
): DaySettlement[] {
  const byDayAndLab = new Map<string, StoredObservation[]>();
  for (const observation of observations) {
    if (!isLabId(observation.lab)) continue;
    const key = `${observation.date}|${observation.lab}`;
    const list = byDayAndLab.get(key);
    if (list) list.push(observation);
    else byDayAndLab.set(key, [observation]);
  }
  return days.map((day) => ({
    day,
    labs: LAB_IDS.map((lab: LabId) =>
      computeLabDay(lab, byDayAndLab.get(`${day}|${lab}`) ?? [], rules),
    ),
  }));
}
