import type { MethodologyVersion } from "../shared/methodology-version";
import { DEFAULT_MATERIALITY_THRESHOLD_PERCENT } from "./restatement";
import { DEFAULT_SETTLEMENT_LAG_HOURS } from "./settlement-calendar";

/**
 * The token index methodology: which models count, how much data a lab-day needs, and the
 * formula. Every settled value records the methodology version that produced it.
 */
export type MethodologyRules = {
  version: string;
  /** Glob patterns (`*` = any characters) of model ids never eligible: open-weight releases of closed labs. */
  excludedModelPatterns: readonly string[];
  /** A lab-day with fewer eligible models is not published. */
  minEligibleModels: number;
  /** A lab-day with fewer eligible tokens (input + output) is not published. */
  minEligibleTokens: number;
  /** Hours after the end of a UTC day before it settles. */
  settlementLagHours: number;
  /** A restatement that moves a published value by less than this (percent) is refused unless forced. */
  materialityThresholdPercent: number;
  /**
   * Where a source reports only a model-day's total tokens, the share of it counted as input
   * (a fraction of 1, at most 4 decimal places). 0.75 is the 3:1 input:output convention of
   * published blended prices.
   */
  estimatedInputShare: number;
};

export const CURRENT_METHODOLOGY_VERSION = "1.1";

export const DEFAULT_ESTIMATED_INPUT_SHARE = 0.75;

/** Input shares are whole basis points (1/10,000), so that the estimated split is exact integer arithmetic. */
const BASIS_POINTS = 10_000;

/** Why an input share is not usable, or null when it is. */
export function inputShareProblem(share: number): string | null {
  if (!Number.isFinite(share) || share <= 0 || share >= 1)
    return `the estimated input share must lie strictly between 0 and 1, got ${share}`;
  if (Math.abs(share * BASIS_POINTS - Math.round(share * BASIS_POINTS)) > 1e-6)
    return `the estimated input share may have at most 4 decimal places, got ${share}`;
  return null;
}

/** The share in basis points (0.75 -> 7500). Throws on a share that `inputShareProblem` rejects. */
export function inputShareBasisPoints(share: number): number {
  const problem = inputShareProblem(share);
  if (problem !== null) throw new RangeError(problem);
  return Math.round(share * BASIS_POINTS);
}

export const DEFAULT_EXCLUDED_MODEL_PATTERNS: readonly string[] = [
  "openai/gpt-oss-*",
  "google/gemma-*",
];

export const DEFAULT_METHODOLOGY_RULES: MethodologyRules = {
  version: CURRENT_METHODOLOGY_VERSION,
  excludedModelPatterns: DEFAULT_EXCLUDED_MODEL_PATTERNS,
  minEligibleModels: 1,
  minEligibleTokens: 1,
  settlementLagHours: DEFAULT_SETTLEMENT_LAG_HOURS,
  materialityThresholdPercent: DEFAULT_MATERIALITY_THRESHOLD_PERCENT,
  estimatedInputShare: DEFAULT_ESTIMATED_INPUT_SHARE,
};

export const INDEX_FORMULA =
  "indexPerMtok = sum over eligible models of (inputPricePerMtok * inputTokens + outputPricePerMtok * outputTokens) / sum over eligible models of (inputTokens + outputTokens)";

/** Methodology 1.1's rule for sources that report only totals, with the share in force. */
export function describeEstimatedSplit(share: number): string {
  const input = Math.round(share * 100 * 100) / 100;
  return `Where a source reports only a model's total tokens for the day (OpenRouter's rankings do), the split is estimated: ${input}% of the total counts as input tokens and the rest as output tokens (rounded half up to whole tokens). Each constituent records whether its split was reported or estimated and the share used.`;
}

/**
 * Every methodology version with the day from which settlements use it, oldest first. A value
 * keeps the version it was settled under (stored with it); 1.1 gives the same value as 1.0
 * wherever the source reports the input/output split.
 */
export const METHODOLOGY_HISTORY: readonly MethodologyVersion[] = [
  {
    version: "1.0",
    effectiveFrom: "2025-01-01",
    summary:
      "Daily volume-weighted blend of input and output list prices per lab over paid production models; free variants, open-weight releases of closed labs, models without volume or a price excluded; settles 36 hours after the UTC day.",
  },
  {
    version: "1.1",
    effectiveFrom: "2026-11-23",
    summary:
      "As 1.0, and where a source reports only a model-day's total tokens (OpenRouter's daily rankings), the input/output split is estimated with a configurable input share (default 0.75, the 3:1 convention of published blended prices); each constituent records whether its split was reported or estimated and the share used. Values settled under 1.0 keep it.",
  },
];

/** The method in one paragraph, for answers that quote it (the chat), with the rules in force. */
export function describeTokenMethodology(rules: MethodologyRules): string {
  return `Token Price Index: a daily volume-weighted blend of list prices per lab, in USD per million tokens: ${INDEX_FORMULA}. ${describeEstimatedSplit(rules.estimatedInputShare)} Free variants, open-weight releases of closed labs (${rules.excludedModelPatterns.join(", ")}) and models without a price or volume are excluded; each UTC day settles ${rules.settlementLagHours} hours after it ends.`;
}

/** `*` matches any run of characters; everything else is literal. */
export function matchesModelPattern(modelId: string, pattern: string): boolean {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`).test(modelId);
}
