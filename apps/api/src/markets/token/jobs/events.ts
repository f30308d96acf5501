import {
  addDays,
  dayPeriod,
  type DataProvenance,
  type EventFact,
  type EventValue,
  type LabDayComputation,
  type LabId,
  type UtcDay,
} from "@tpi/domain";
import type { DaySettlement, RevisionRecord, StoredSourceDay } from "@tpi/db";
import { TOKEN, TOKEN_INDEX_UNIT } from "../read-model/state";
import { constituentsProvenance } from "../services/provenance";

/**
 * The token market's events: one series per lab (`series` is the lab id, as `/api/otpi` names
 * it in `lab`), one value per UTC day named as the answers name it (`indexPerMtok`, USD per
 * million tokens). A lab-day settled without a value (suppressed) publishes nothing, so it
 * gives no value.settled; a restatement gives value.revised, its value null when the lab-day
 * lost it.
 */

/** The field of `/api/otpi` rows the events' value carries. */
export const TOKEN_EVENT_VALUE_NAME = "indexPerMtok";

const valuesOf = (indexPerMtok: number | null): EventValue[] => [
  { name: TOKEN_EVENT_VALUE_NAME, value: indexPerMtok, unit: TOKEN_INDEX_UNIT },
];

const dayLab = (day: UtcDay, lab: string): string => `${day}|${lab}`;

/** The source behind a lab-day, as its answers name it: the constituents' main source. */
function sourcesOf(
  computation: LabDayComputation,
  sourceDays: readonly StoredSourceDay[],
): DataProvenance[] {
  return [constituentsProvenance(computation.constituents, sourceDays).provenance];
}

/**
 * value.settled for each lab-day of `settlements` that published a value, day by day in lab
 * order, each with the lab's value of the day before (null when that day has none):
 * `publishedBefore` holds the values stored before these days (keyed by day and lab), the
 * settlements the rest.
 */
export function settledValueFacts(
  settlements: readonly DaySettlement[],
  publishedBefore: readonly { date: UtcDay; lab: string; indexPerMtok: number }[],
  sourceDays: readonly StoredSourceDay[],
  methodologyVersion: string,
): EventFact[] {
  const published = new Map<string, number>();
  for (const value of publishedBefore)
    published.set(dayLab(value.date, value.lab), value.indexPerMtok);
  for (const { day, labs } of settlements)
    for (const { lab, outcome } of labs)
      if (outcome.published) published.set(dayLab(day, lab), outcome.indexPerMtok);
  const facts: EventFact[] = [];
  for (const { day, labs } of settlements) {
    const daySources = sourceDays.filter((sourceDay) => sourceDay.date === day);
    const previousDay = addDays(day, -1);
    for (const computation of labs) {
      const { lab, outcome } = computation;
      if (!outcome.published) continue;
      const previous = published.get(dayLab(previousDay, lab));
      facts.push({
        type: "value.settled",
        data: {
          market: TOKEN.name,
          series: lab,
          period: dayPeriod(day),
          values: valuesOf(outcome.indexPerMtok),
          methodologyVersion,
          sources: sourcesOf(computation, daySources),
          previous:
            previous === undefined
              ? null
              : { period: dayPeriod(previousDay), values: valuesOf(previous) },
        },
      });
    }
  }
  return facts;
}

/** value.revised for a restated lab-day: its revision's old and new values, number and reason. */
export function revisedValueFact(
  revision: RevisionRecord,
  revisionNumber: number,
  computation: LabDayComputation,
  sourceDays: readonly StoredSourceDay[],
): EventFact {
  const lab: LabId = revision.lab;
  return {
    type: "value.revised",
    data: {
      market: TOKEN.name,
      series: lab,
      period: dayPeriod(revision.date),
      values: valuesOf(revision.newIndexPerMtok),
      oldValues: valuesOf(revision.oldIndexPerMtok),
      methodologyVersion: revision.methodologyVersion,
      sources: sourcesOf(
        computation,
        sourceDays.filter((sourceDay) => sourceDay.date === revision.date),
      ),
      revision: revisionNumber,
      reason: revision.reason,
    },
  };
}
