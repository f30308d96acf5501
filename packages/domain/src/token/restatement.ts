/**
 * Restatement policy: a published value changes only through a recorded restatement, and only
 * when the change is material (CF Benchmarks restates above 0.10%), unless an operator forces it.
 */
export const DEFAULT_MATERIALITY_THRESHOLD_PERCENT = 0.1;

/**
 * A lab-day's state: a published value in USD per Mtok, or no value with the reason (a
 * `SuppressionReason` when computed now, or the reason a stored day was recorded with).
 */
export type LabDayValue =
  | { published: true; indexPerMtok: number }
  | { published: false; reason: string };

export type RestatementAssessment =
  | { material: true; changePercent: number | null }
  | { material: false; changePercent: number; thresholdPercent: number };

/**
 * Relative change of the value in percent; a lab-day that gains or loses its value is always
 * material (changePercent null: a percentage of nothing means nothing).
 */
export function assessRestatement(
  before: LabDayValue,
  after: LabDayValue,
  thresholdPercent: number,
): RestatementAssessment {
  if (!before.published || !after.published) {
    if (!before.published && !after.published && before.reason === after.reason) {
      return { material: false, changePercent: 0, thresholdPercent };
    }
    return { material: true, changePercent: null };
  }
  const changePercent =
    before.indexPerMtok === 0
      ? after.indexPerMtok === 0
        ? 0
        : Number.POSITIVE_INFINITY
      : (Math.abs(after.indexPerMtok - before.indexPerMtok) / Math.abs(before.indexPerMtok)) * 100;
  return changePercent >= thresholdPercent && changePercent > 0
    ? { material: true, changePercent }
    : { material: false, changePercent, thresholdPercent };
}
