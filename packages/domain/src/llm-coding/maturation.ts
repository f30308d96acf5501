import { addDays, type UtcDay } from "../shared/calendar";
import type { Result } from "../shared/result";
import type { CountFailure } from "./queries";

/**
 * The maturation rule. A day's counts keep moving after the day: pull requests opened that day
 * are merged hours or days later (agent pull requests merge in a median of minutes to a few hours,
 * amplifying.ai/coding-agents/autonomy; for pull requests in general the mean is about two days
 * because of a long tail, graphite.dev/research/median-time-to-merge-prs), and GitHub's index
 * takes a while to see everything. So a day's counts are provisional, and updated in place at
 * every sync, until MATURATION_DAYS whole days have passed since the day ended; from then on
 * they are settled, and any later change of a settled count is a recorded revision, never a
 * silent overwrite.
 *
 * Seven days: by then the bulk of a day's merges has happened (what is left is the tail), and a
 * week keeps the provisional part of a chart short; a count that still moves after it produces a
 * revision with its old and new value.
 */
export const MATURATION_DAYS = 7;

export type CountStatus = "provisional" | "settled";

/**
 * The first UTC day on which a day's counts are settled: MATURATION_DAYS whole days after the
 * day ended (2026-11-01's counts settle on 2026-11-09; observed on 2026-11-08 they are still
 * provisional).
 */
export function settlesOn(day: UtcDay): UtcDay {
  return addDays(day, MATURATION_DAYS + 1);
}

/** The status of a count of `day` observed on UTC day `observedOn`. */
export function countStatus(day: UtcDay, observedOn: UtcDay): CountStatus {
  return observedOn >= settlesOn(day) ? "settled" : "provisional";
}

/** A count as stored: whole pull requests or commits and its status. */
export type StoredCount = { count: number; status: CountStatus };

export const COUNT_REVISION_REASONS = {
  rose_after_settlement:
    "The count rose after it settled (late merges, or pull requests GitHub indexed late)",
  fell_after_settlement:
    "The count fell after it settled (pull requests or commits deleted, or their repositories made private)",
} as const;
export type CountRevisionReason = keyof typeof COUNT_REVISION_REASONS;

/** The revision record of a settled count: old and new value and why. */
export type CountRevision = {
  oldCount: number;
  newCount: number;
  /** Relative change in percent; null when the old count was 0 (a percentage of nothing). */
  changePercent: number | null;
  reason: CountRevisionReason;
  /** The reason as a sentence, with both values. */
  message: string;
};

export type CountDecision =
  /** Nothing stored yet: store the count with this status. */
  | { action: "insert"; count: number; status: CountStatus }
  /** A provisional count: overwrite it in place (its status may turn settled now). */
  | { action: "update"; count: number; status: CountStatus; previousCount: number }
  /** The stored count stands: no write. */
  | { action: "unchanged"; status: CountStatus }
  /** A settled count changed: write the new count and record the revision. */
  | { action: "revise"; count: number; status: "settled"; revision: CountRevision }
  /** The search failed (or was incomplete): nothing changes, the failure is logged. */
  | { action: "failed"; failure: CountFailure }
  /** The day has not ended when observed: a partial day is never stored. */
  | { action: "day_not_over" };

export const DAY_NOT_OVER_MESSAGE = "The UTC day has not ended: its counts are not taken yet";

/**
 * What to do with a new observation of a day's count, given what is stored. `observedOn` is the
 * UTC day the search ran. A failed observation never changes a stored count and never becomes a
 * value; a provisional count is updated in place (and settles when the day has matured); a
 * settled count that changes is a revision.
 */
export function decideCountUpdate(input: {
  day: UtcDay;
  stored: StoredCount | null;
  observation: Result<number, CountFailure>;
  observedOn: UtcDay;
}): CountDecision {
  const { day, stored, observation, observedOn } = input;
  if (observedOn <= day) return { action: "day_not_over" };
  if (!observation.ok) return { action: "failed", failure: observation.error };
  const count = observation.value;
  const status = countStatus(day, observedOn);
  if (stored === null) return { action: "insert", count, status };
  if (stored.status === "provisional") {
    if (stored.count === count && status === "provisional") return { action: "unchanged", status };
    return { action: "update", count, status, previousCount: stored.count };
  }
  if (stored.count === count) return { action: "unchanged", status: "settled" };
  return {
    action: "revise",
    count,
    status: "settled",
    revision: countRevision(stored.count, count),
  };
}

export function countRevision(oldCount: number, newCount: number): CountRevision {
  const reason: CountRevisionReason =
    newCount > oldCount ? "rose_after_settlement" : "fell_after_settlement";
  return {
    oldCount,
    newCount,
    changePercent: oldCount === 0 ? null : ((newCount - oldCount) / oldCount) * 100,
    reason,
    message: `${COUNT_REVISION_REASONS[reason]}: ${oldCount} -> ${newCount}.`,
  };
}
