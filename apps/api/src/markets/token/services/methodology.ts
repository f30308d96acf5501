import {
  DEFAULT_METHODOLOGY_RULES,
  EXCLUSION_REASONS,
  INDEX_FORMULA,
  METHODOLOGY_HISTORY,
  PRICE_BASES,
  PRICE_SNAPSHOT_WINDOW_HOURS,
  describeEstimatedSplit,
  SUPPRESSION_REASONS,
  type MethodologyRules,
  type MethodologyVersion,
} from "@tpi/domain";
import type { DataSources } from "../../../platform/provenance/data-sources";

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
  /** Methodology 1.1: how a total-only volume is split, with the share in force. */
  estimatedSplit: { inputShare: number; rule: string; effectiveFrom: string };
  pricing: { snapshotWindowHours: number; priceBases: Readonly<Record<string, string>> };
  dataSources: DataSources;
  history: readonly MethodologyVersion[];
};

/** The first methodology version that estimates splits from totals. */
const ESTIMATED_SPLIT_VERSION = "1.1";

function effectiveFromOf(version: string): string {
  const entry = METHODOLOGY_HISTORY.find((v) => v.version === version);
  if (!entry) throw new Error(`methodology ${version} is not in METHODOLOGY_HISTORY`);
  return entry.effectiveFrom;
}

export function methodologyDocument(
  rules: MethodologyRules = DEFAULT_METHODOLOGY_RULES,
  dataSources: DataSources = { sample: false, notice: null, sources: [] },
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
    estimatedSplit: {
      inputShare: rules.estimatedInputShare,
      rule: describeEstimatedSplit(rules.estimatedInputShare),
      effectiveFrom: effectiveFromOf(ESTIMATED_SPLIT_VERSION),
    },
    pricing: { snapshotWindowHours: PRICE_SNAPSHOT_WINDOW_HOURS, priceBases: PRICE_BASES },
    dataSources,
    history: METHODOLOGY_HISTORY,
  };
}
