import type { UtcDay } from "./calendar";
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
};

export const CURRENT_METHODOLOGY_VERSION = "1.0";

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
};

export const INDEX_FORMULA =
  "indexPerMtok = sum over eligible models of (inputPricePerMtok * inputTokens + outputPricePerMtok * outputTokens) / sum over eligible models of (inputTokens + outputTokens)";

export type MethodologyVersion = { version: string; effectiveFrom: UtcDay; summary: string };

/** Every methodology version with the first UTC day it applies to, oldest first. */
export const METHODOLOGY_HISTORY: readonly MethodologyVersion[] = [
  {
    version: "1.0",
    effectiveFrom: "2025-01-01",
    summary:
      "Daily volume-weighted blend of input and output list prices per lab over paid production models; free variants, open-weight releases of closed labs, models without volume or a price excluded; settles 36 hours after the UTC day.",
  },
];

/** `*` matches any run of characters; everything else is literal. */
export function matchesModelPattern(modelId: string, pattern: string): boolean {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`).test(modelId);
}

/** The token method in one paragraph, with the excluded patterns and settlement lag in force; the chat quotes it. */
export function tokenMethodologySummary(rules: MethodologyRules): string {
  return `Token Price Index: a daily volume-weighted blend of list prices per lab, in USD per million tokens: ${INDEX_FORMULA}. Free variants, open-weight releases of closed labs (${rules.excludedModelPatterns.join(", ")}) and models without a price or volume are excluded; each UTC day settles ${rules.settlementLagHours} hours after it ends.`;
}
