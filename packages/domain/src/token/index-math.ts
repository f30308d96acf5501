import type { LabId } from "./catalog";
import { inputShareBasisPoints, matchesModelPattern, type MethodologyRules } from "./methodology";
import type { PriceBasis } from "./provenance";

/**
 * One model's market observation for one UTC day. Prices in USD per million tokens. Token
 * volumes are exact integers (bigint: a source may report more than 2^53 tokens): either the
 * input/output split as reported, or only the total (both split fields null).
 */
export type ModelDayObservation = {
  modelId: string;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  inputTokens: bigint | null;
  outputTokens: bigint | null;
  totalTokens: bigint;
  /** Where the observation came from (`openrouter`, `sample`, a file's source column). */
  source: string;
  /** How the prices were obtained; see PRICE_BASES. */
  priceBasis: PriceBasis;
  /** The stored price snapshot that priced this model-day, when a snapshot did. */
  priceSnapshotId: number | null;
};

/** Whether a constituent's input/output split came from the source or was estimated by the methodology. */
export type SplitBasis = "reported" | "estimated";

/** The token split the formula uses for one observation. */
export type ResolvedSplit = {
  inputTokens: bigint;
  outputTokens: bigint;
  split: SplitBasis;
  /** The input share applied when estimated (a fraction of 1); null when reported. */
  inputShare: number | null;
};

/**
 * The reported split when the source gave one; otherwise (methodology 1.1) the total split with
 * the configured input share, rounded half up to whole tokens in exact integer arithmetic, so that
 * the same total and share always give the same split.
 */
export function resolveSplit(
  observation: Pick<ModelDayObservation, "inputTokens" | "outputTokens" | "totalTokens">,
  inputShare: number,
): ResolvedSplit {
  const { inputTokens, outputTokens, totalTokens } = observation;
  if (inputTokens !== null && outputTokens !== null)
    return { inputTokens, outputTokens, split: "reported", inputShare: null };
  const basisPoints = BigInt(inputShareBasisPoints(inputShare));
  const estimatedInput = (totalTokens * basisPoints + 5_000n) / 10_000n;
  return {
    inputTokens: estimatedInput,
    outputTokens: totalTokens - estimatedInput,
    split: "estimated",
    inputShare,
  };
}

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

export type Constituent = Omit<ModelDayObservation, "inputTokens" | "outputTokens"> &
  ResolvedSplit & {
    exclusionReason: ExclusionReason | null;
    /** Share of the lab's eligible tokens (0 for excluded models). */
    weight: number;
    /** (inputPrice * inputTokens + outputPrice * outputTokens) / totalTokens, USD per Mtok, with the resolved split. */
    blendedPricePerMtok: number | null;
  };

export type PublishedLabDay = {
  published: true;
  indexPerMtok: number;
  constituentCount: number;
  totalTokens: bigint;
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
  observation: Pick<
    ModelDayObservation,
    "modelId" | "inputPricePerMtok" | "outputPricePerMtok" | "totalTokens"
  >,
  rules: MethodologyRules,
): ExclusionReason | null {
  const { modelId, inputPricePerMtok, outputPricePerMtok, totalTokens } = observation;
  if (modelId.endsWith(":free")) return "free_variant";
  if (rules.excludedModelPatterns.some((pattern) => matchesModelPattern(modelId, pattern)))
    return "excluded_model";
  if (!isPrice(inputPricePerMtok) || !isPrice(outputPricePerMtok)) return "missing_price";
  if (inputPricePerMtok === 0 && outputPricePerMtok === 0) return "zero_price";
  if (!(totalTokens > 0n)) return "no_volume";
  return null;
}

function isPrice(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value >= 0;
}

/** Spend in USD-per-Mtok times tokens: the numerator of the blend (floating point from here on). */
function weightedPriceSum(
  prices: Pick<ModelDayObservation, "inputPricePerMtok" | "outputPricePerMtok">,
  split: ResolvedSplit,
): number {
  return (
    (prices.inputPricePerMtok ?? 0) * Number(split.inputTokens) +
    (prices.outputPricePerMtok ?? 0) * Number(split.outputTokens)
  );
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
    split: resolveSplit(observation, rules.estimatedInputShare),
    reason: exclusionReasonOf(observation, rules),
  }));
  const eligible = classified.filter((c) => c.reason === null);

  let numerator = 0;
  let totalTokens = 0n;
  for (const { observation, split } of eligible) {
    numerator += weightedPriceSum(observation, split);
    totalTokens += observation.totalTokens;
  }

  const constituents: Constituent[] = classified.map(({ observation, split, reason }) => {
    const tokens = observation.totalTokens;
    const priced =
      isPrice(observation.inputPricePerMtok) &&
      isPrice(observation.outputPricePerMtok) &&
      tokens > 0n;
    return {
      modelId: observation.modelId,
      inputPricePerMtok: observation.inputPricePerMtok,
      outputPricePerMtok: observation.outputPricePerMtok,
      totalTokens: observation.totalTokens,
      source: observation.source,
      priceBasis: observation.priceBasis,
      priceSnapshotId: observation.priceSnapshotId,
      ...split,
      exclusionReason: reason,
      weight: reason === null && totalTokens > 0n ? Number(tokens) / Number(totalTokens) : 0,
      blendedPricePerMtok: priced ? weightedPriceSum(observation, split) / Number(tokens) : null,
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
  totalTokens: bigint,
  rules: MethodologyRules,
): PublishedLabDay | SuppressedLabDay {
  if (observationCount === 0) return { published: false, reason: "no_observations" };
  if (eligibleCount === 0 || totalTokens <= 0n)
    return { published: false, reason: "no_eligible_volume" };
  if (eligibleCount < rules.minEligibleModels)
    return { published: false, reason: "below_min_models" };
  if (totalTokens < BigInt(rules.minEligibleTokens))
    return { published: false, reason: "below_min_volume" };
  return {
    published: true,
    indexPerMtok: numerator / Number(totalTokens),
    constituentCount: eligibleCount,
    totalTokens,
    totalSpendUsd: numerator / TOKENS_PER_MTOK,
  };
}
