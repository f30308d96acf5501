import {
  DEFAULT_METHODOLOGY_RULES,
  EXCLUSION_REASONS,
  INDEX_FORMULA,
  METHODOLOGY_HISTORY,
  SUPPRESSION_REASONS,
  type MethodologyRules,
  type MethodologyVersion,
} from "@tpi/domain";

/**
 * The methodology as published data: what `GET /api/otpi/methodology` returns and what the
 * website renders. Built from the rules in force (configuration included), never from a second
 * copy of the text.
 */
export type MethodologyDocument = {
  version: string;
  unit: string;
  formula: string;
  eligibility: {
    excludedModelPatterns: readonly string[];
    exclusionReasons: Record<string, string>;
  };
  sufficiency: {
    minEligibleModels: number;
    minEligibleTokens: number;
    suppressionReasons: Record<string, string>;
  };
  settlement: { lagHours: number; calendar: string };
  restatements: { materialityThresholdPercent: number; policy: string };
  history: readonly MethodologyVersion[];
};

export function methodologyDocument(
  rules: MethodologyRules = DEFAULT_METHODOLOGY_RULES,
): MethodologyDocument {
  return {
    version: rules.version,
    unit: "USD per million tokens",
    formula: INDEX_FORMULA,
    eligibility: {
      excludedModelPatterns: rules.excludedModelPatterns,
      exclusionReasons: { ...EXCLUSION_REASONS },
    },
    sufficiency: {
      minEligibleModels: rules.minEligibleModels,
      minEligibleTokens: rules.minEligibleTokens,
      suppressionReasons: { ...SUPPRESSION_REASONS },
    },
    settlement: {
      lagHours: rules.settlementLagHours,
      calendar: `Each UTC day settles ${rules.settlementLagHours} hours after it ends, every day of the week. A settled value changes only through a recorded restatement.`,
    },
    restatements: {
      materialityThresholdPercent: rules.materialityThresholdPercent,
      policy: `A settled value is recomputed from its stored inputs only by a restatement with a recorded reason; it keeps the old and new value and time in the revision log (GET /api/otpi/revisions) and updates computedAt. Changes smaller than ${rules.materialityThresholdPercent}% are not restated unless an operator forces it, which is recorded too. Observations that arrive for a settled day are stored but change nothing until restated.`,
    },
    history: METHODOLOGY_HISTORY,
  };
}
