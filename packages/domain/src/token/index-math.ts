import type { LabId } from "./catalog";
import { matchesModelPattern, type MethodologyRules } from "./methodology";

/** One model's market observation for one UTC day. Prices in USD per million tokens. */
export type ModelDayObservation = {
  modelId: string;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  inputTokens: number;
  outputTokens: number;
};

export const EXCLUSION_REASONS = {
  free_variant: "Free variant (`:free` model id)",
  excluded_model: "On the methodology's exclusion list (open-weight release of a closed lab)",
  missing_price: "Input or output price missing",
  zero_price: "Zero price (free)",
  no_volume: "No token volume that day",
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

export const SUPPRESSION_REASONS = {
  no_observations: "No observations for the lab that day",
  no_eligible_volume: "No eligible model with volume that day",
  below_min_models: "Fewer eligible models than the data-sufficiency minimum",
  below_min_volume: "Less eligible volume than the data-sufficiency minimum",
} as const;
export type SuppressionReason = keyof typeof SUPPRESSION_REASONS;

export type Constituent = ModelDayObservation & {
  exclusionReason: ExclusionReason | null;
  /** Share of the lab's eligible tokens (0 for excluded models). */
  weight: number;
  /** (inputPrice * inputTokens + outputPrice * outputTokens) / (inputTokens + outputTokens), USD per Mtok. */
  blendedPricePerMtok: number | null;
};

export type PublishedLabDay = {
  published: true;
  indexPerMtok: number;
  constituentCount: number;
  totalTokens: number;
  /** USD spent across eligible models at list prices. */
  totalSpendUsd: number;
};
export type SuppressedLabDay = { published: false; reason: SuppressionReason };

export type LabDayComputation = {
  lab: LabId;
  constituents: Constituent[];
  outcome: PublishedLabDay | SuppressedLabDay;
};

const TOKENS_PER_MTOK = 1_000_000;

/** Why a model does not count, or null when it does. Checked in this order. */
export function exclusionReasonOf(
  observation: ModelDayObservation,
  rules: MethodologyRules,
): ExclusionReason | null {
  const { modelId, inputPricePerMtok, outputPricePerMtok, inputTokens, outputTokens } = observation;
  if (modelId.endsWith(":free")) return "free_variant";
  if (rules.excludedModelPatterns.some((pattern) => matchesModelPattern(modelId, pattern)))
    return "excluded_model";
  if (!isPrice(inputPricePerMtok) || !isPrice(outputPricePerMtok)) return "missing_price";
  if (inputPricePerMtok === 0 && outputPricePerMtok === 0) return "zero_price";
  if (!(inputTokens + outputTokens > 0)) return "no_volume";
  return null;
}

function isPrice(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value >= 0;
}

/** Spend in USD-per-Mtok times tokens: the numerator of the blend. */
function weightedPriceSum(o: ModelDayObservation): number {
  return (o.inputPricePerMtok ?? 0) * o.inputTokens + (o.outputPricePerMtok ?? 0) * o.outputTokens;
}

/**
 * The lab's index for one UTC day: total spend over total tokens across eligible models, in USD
 * per million tokens. Models are summed in model-id order so that a recomputation from the same
 * stored inputs gives the identical floating-point value.
 */
export function computeLabDay(
  lab: LabId,
  observations: readonly ModelDayObservation[],
  rules: MethodologyRules,
): LabDayComputation {
  const ordered = [...observations].sort((a, b) =>
    a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0,
  );
  const classified = ordered.map((observation) => ({
    observation,
    reason: exclusionReasonOf(observation, rules),
  }));
  const eligible = classified.filter((c) => c.reason === null).map((c) => c.observation);

  let numerator = 0;
  let totalTokens = 0;
  for (const o of eligible) {
    numerator += weightedPriceSum(o);
    totalTokens += o.inputTokens + o.outputTokens;
  }

  const constituents: Constituent[] = classified.map(({ observation, reason }) => {
    const tokens = observation.inputTokens + observation.outputTokens;
    const priced =
      isPrice(observation.inputPricePerMtok) &&
      isPrice(observation.outputPricePerMtok) &&
      tokens > 0;
    return {
      ...observation,
      exclusionReason: reason,
      weight: reason === null && totalTokens > 0 ? tokens / totalTokens : 0,
      blendedPricePerMtok: priced ? weightedPriceSum(observation) / tokens : null,
    };
  });

  return {
    lab,
    constituents,
    outcome: decideOutcome(observations.length, eligible.length, numerator, totalTokens, rules),
  };
}

function decideOutcome(
  observationCount: number,
  eligibleCount: number,
  numerator: number,
  totalTokens: number,
  rules: MethodologyRules,
): PublishedLabDay | SuppressedLabDay {
  if (observationCount === 0) return { published: false, reason: "no_observations" };
  if (eligibleCount === 0 || totalTokens <= 0)
    return { published: false, reason: "no_eligible_volume" };
  if (eligibleCount < rules.minEligibleModels)
    return { published: false, reason: "below_min_models" };
  if (totalTokens < rules.minEligibleTokens)
    return { published: false, reason: "below_min_volume" };
  return {
    published: true,
    indexPerMtok: numerator / totalTokens,
    constituentCount: eligibleCount,
    totalTokens,
    totalSpendUsd: numerator / TOKENS_PER_MTOK,
  };
}
