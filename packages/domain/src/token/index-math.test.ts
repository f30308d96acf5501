import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeLabDay,
  exclusionReasonOf,
  resolveSplit,
  type ModelDayObservation,
} from "./index-math";
import {
  DEFAULT_METHODOLOGY_RULES,
  matchesModelPattern,
  type MethodologyRules,
} from "./methodology";

const rules = DEFAULT_METHODOLOGY_RULES;
const obs = (partial: Partial<ModelDayObservation> & { modelId: string }): ModelDayObservation => ({
  inputPricePerMtok: 1,
  outputPricePerMtok: 4,
  inputTokens: 800n,
  outputTokens: 200n,
  totalTokens: (partial.inputTokens ?? 800n) + (partial.outputTokens ?? 200n),
  source: "test",
  priceBasis: "reported",
  priceSnapshotId: null,
  ...partial,
});

describe("computeLabDay", () => {
  it("is total spend over total tokens across eligible models", () => {
    const result = computeLabDay(
      "anthropic",
      [
        obs({
          modelId: "anthropic/a",
          inputPricePerMtok: 3,
          outputPricePerMtok: 15,
          inputTokens: 8_000_000n,
          outputTokens: 2_000_000n,
        }),
        obs({
          modelId: "anthropic/b",
          inputPricePerMtok: 1,
          outputPricePerMtok: 5,
          inputTokens: 3_000_000n,
          outputTokens: 1_000_000n,
        }),
      ],
      rules,
    );
    // (3*8M + 15*2M + 1*3M + 5*1M) / 14M = (24 + 30 + 3 + 5) / 14 = 62/14
    expect(result.outcome).toEqual({
      published: true,
      indexPerMtok: 62 / 14,
      constituentCount: 2,
      totalTokens: 14_000_000n,
      totalSpendUsd: 62,
    });
    expect(result.constituents.map((c) => c.weight)).toEqual([10 / 14, 4 / 14]);
    expect(result.constituents[0]?.blendedPricePerMtok).toBe(54 / 10);
  });

  it("excludes free variants, listed open-weight models, missing prices, zero prices and models without volume", () => {
    const result = computeLabDay(
      "openai",
      [
        obs({ modelId: "openai/paid", inputPricePerMtok: 2, outputPricePerMtok: 8 }),
        obs({ modelId: "openai/gpt-4o:free", inputPricePerMtok: 5, outputPricePerMtok: 5 }),
        obs({ modelId: "openai/gpt-oss-120b", inputPricePerMtok: 0.1, outputPricePerMtok: 0.5 }),
        obs({ modelId: "openai/no-price", inputPricePerMtok: null }),
        obs({ modelId: "openai/no-output-price", outputPricePerMtok: null }),
        obs({ modelId: "openai/zero", inputPricePerMtok: 0, outputPricePerMtok: 0 }),
        obs({ modelId: "openai/idle", inputTokens: 0n, outputTokens: 0n }),
      ],
      rules,
    );
    const reasons = Object.fromEntries(
      result.constituents.map((c) => [c.modelId, c.exclusionReason]),
    );
    expect(reasons).toEqual({
      "openai/paid": null,
      "openai/gpt-4o:free": "free_variant",
      "openai/gpt-oss-120b": "excluded_model",
      "openai/no-price": "missing_price",
      "openai/no-output-price": "missing_price",
      "openai/zero": "zero_price",
      "openai/idle": "no_volume",
    });
    expect(result.outcome).toMatchObject({
      published: true,
      indexPerMtok: (2 * 800 + 8 * 200) / 1000,
      constituentCount: 1,
    });
  });

  it("keeps a model with one zero price (a free input side is still a paid model)", () => {
    expect(
      exclusionReasonOf(
        obs({ modelId: "x/y", inputPricePerMtok: 0, outputPricePerMtok: 2 }),
        rules,
      ),
    ).toBeNull();
  });

  it("publishes no row (never a zero) for a lab-day without eligible volume", () => {
    expect(computeLabDay("google", [], rules).outcome).toEqual({
      published: false,
      reason: "no_observations",
    });
    expect(
      computeLabDay("google", [obs({ modelId: "google/gemma-3-27b-it" })], rules).outcome,
    ).toEqual({
      published: false,
      reason: "no_eligible_volume",
    });
  });

  it("applies the data-sufficiency minimums", () => {
    const strict: MethodologyRules = { ...rules, minEligibleModels: 2, minEligibleTokens: 10_000 };
    expect(computeLabDay("qwen", [obs({ modelId: "qwen/a" })], strict).outcome).toEqual({
      published: false,
      reason: "below_min_models",
    });
    expect(
      computeLabDay("qwen", [obs({ modelId: "qwen/a" }), obs({ modelId: "qwen/b" })], strict)
        .outcome,
    ).toEqual({
      published: false,
      reason: "below_min_volume",
    });
  });

  it("honours a configured exclusion list", () => {
    const custom: MethodologyRules = { ...rules, excludedModelPatterns: ["mistralai/*-nemo"] };
    expect(exclusionReasonOf(obs({ modelId: "mistralai/mistral-nemo" }), custom)).toBe(
      "excluded_model",
    );
    expect(exclusionReasonOf(obs({ modelId: "openai/gpt-oss-120b" }), custom)).toBeNull();
  });
});

describe("resolveSplit", () => {
  it("keeps a reported split as it is, whatever the share", () => {
    expect(resolveSplit({ inputTokens: 10n, outputTokens: 90n, totalTokens: 100n }, 0.75)).toEqual({
      inputTokens: 10n,
      outputTokens: 90n,
      split: "reported",
      inputShare: null,
    });
  });

  it("estimates input as the share of the total, rounded half up to whole tokens", () => {
    const only = (totalTokens: bigint) => ({ inputTokens: null, outputTokens: null, totalTokens });
    // 0.75 * 2 = 1.5 -> 2; 0.75 * 1 = 0.75 -> 1; 0.75 * 6 = 4.5 -> 5; 0.75 * 4 = 3 exactly.
    expect(resolveSplit(only(2n), 0.75)).toEqual({
      inputTokens: 2n,
      outputTokens: 0n,
      split: "estimated",
      inputShare: 0.75,
    });
    expect(resolveSplit(only(1n), 0.75).inputTokens).toBe(1n);
    expect(resolveSplit(only(6n), 0.75).inputTokens).toBe(5n);
    expect(resolveSplit(only(4n), 0.75)).toMatchObject({ inputTokens: 3n, outputTokens: 1n });
    // 0.6667 * 3 = 2.0001 -> 2 (not half up); 0.0001 * 5_000 = 0.5 -> 1 (half up).
    expect(resolveSplit(only(3n), 0.6667).inputTokens).toBe(2n);
    expect(resolveSplit(only(5_000n), 0.0001).inputTokens).toBe(1n);
    expect(resolveSplit(only(0n), 0.75)).toMatchObject({ inputTokens: 0n, outputTokens: 0n });
  });

  it("is exact for totals above 2^53, and input plus output is always the total", () => {
    const total = 2n ** 60n + 3n; // 1152921504606846979
    const split = resolveSplit({ inputTokens: null, outputTokens: null, totalTokens: total }, 0.75);
    // 1152921504606846979 * 3 / 4 = 864691128455135234.25 -> 864691128455135234
    expect(split.inputTokens).toBe(864691128455135234n);
    expect(split.outputTokens).toBe(288230376151711745n);
    expect(split.inputTokens + split.outputTokens).toBe(total);
  });

  it("refuses a share the methodology does not accept", () => {
    const only = { inputTokens: null, outputTokens: null, totalTokens: 10n };
    expect(() => resolveSplit(only, 1)).toThrow(RangeError);
    expect(() => resolveSplit(only, 0.12345)).toThrow("at most 4 decimal places");
  });
});

describe("computeLabDay with estimated splits", () => {
  it("blends a total-only model with the configured share and records it", () => {
    const result = computeLabDay(
      "anthropic",
      [
        obs({
          modelId: "anthropic/total-only",
          inputPricePerMtok: 3,
          outputPricePerMtok: 15,
          inputTokens: null,
          outputTokens: null,
          totalTokens: 4_000_000n,
        }),
      ],
      { ...rules, estimatedInputShare: 0.5 },
    );
    // 2M input at 3 + 2M output at 15 over 4M tokens = 9 USD per Mtok.
    expect(result.outcome).toMatchObject({
      published: true,
      indexPerMtok: 9,
      totalTokens: 4_000_000n,
    });
    expect(result.constituents[0]).toMatchObject({
      inputTokens: 2_000_000n,
      outputTokens: 2_000_000n,
      totalTokens: 4_000_000n,
      split: "estimated",
      inputShare: 0.5,
    });
  });
});

describe("matchesModelPattern", () => {
  it("treats * as a wildcard and everything else literally", () => {
    expect(matchesModelPattern("google/gemma-3-27b-it", "google/gemma-*")).toBe(true);
    expect(matchesModelPattern("google/gemini-2.5-pro", "google/gemma-*")).toBe(false);
    expect(matchesModelPattern("openai/gpt-oss-20b", "openai/gpt.oss-*")).toBe(false);
  });
});

const price = fc.double({ min: 0, max: 200, noNaN: true, noDefaultInfinity: true });
const tokens = fc.bigInt({ min: 0n, max: 50_000_000_000n });
/** Model-days with a reported split, or (as from a rankings source) only the total. */
const observationArb = fc
  .record({
    modelId: fc.stringMatching(/^deepseek\/[a-z0-9-]{1,12}(:free)?$/),
    inputPricePerMtok: fc.option(price, { nil: null, freq: 10 }),
    outputPricePerMtok: fc.option(price, { nil: null, freq: 10 }),
    inputTokens: tokens,
    outputTokens: tokens,
    reported: fc.boolean(),
  })
  .map(
    ({ reported, inputTokens, outputTokens, ...rest }): ModelDayObservation => ({
      ...rest,
      inputTokens: reported ? inputTokens : null,
      outputTokens: reported ? outputTokens : null,
      totalTokens: inputTokens + outputTokens,
      source: "test",
      priceBasis: "reported",
      priceSnapshotId: null,
    }),
  );
const uniqueObservations = fc.uniqueArray(observationArb, {
  selector: (o) => o.modelId,
  maxLength: 12,
});

describe("index math properties", () => {
  it("the index lies between the cheapest and the most expensive eligible blended price", () => {
    fc.assert(
      fc.property(uniqueObservations, (observations) => {
        const result = computeLabDay("deepseek", observations, rules);
        if (!result.outcome.published) return true;
        const blended = result.constituents
          .filter((c) => c.exclusionReason === null)
          .map((c) => c.blendedPricePerMtok ?? NaN);
        const tolerance = 1e-9 * Math.max(1, ...blended);
        return (
          result.outcome.indexPerMtok >= Math.min(...blended) - tolerance &&
          result.outcome.indexPerMtok <= Math.max(...blended) + tolerance
        );
      }),
    );
  });

  it("weights of eligible models sum to one and excluded models weigh nothing", () => {
    fc.assert(
      fc.property(uniqueObservations, (observations) => {
        const result = computeLabDay("deepseek", observations, rules);
        const eligible = result.constituents.filter((c) => c.exclusionReason === null);
        const excludedWeight = result.constituents
          .filter((c) => c.exclusionReason !== null)
          .reduce((s, c) => s + c.weight, 0);
        const total = eligible.reduce((s, c) => s + c.weight, 0);
        return excludedWeight === 0 && (!result.outcome.published || Math.abs(total - 1) < 1e-9);
      }),
    );
  });

  it("does not depend on the order of the inputs (bit-for-bit reproducible)", () => {
    fc.assert(
      fc.property(uniqueObservations, fc.func(fc.integer()), (observations, key) => {
        const shuffled = [...observations].sort(
          (a, b) => key(a) - key(b) || (a.modelId < b.modelId ? -1 : 1),
        );
        return Object.is(
          (computeLabDay("deepseek", observations, rules).outcome as { indexPerMtok?: number })
            .indexPerMtok,
          (computeLabDay("deepseek", shuffled, rules).outcome as { indexPerMtok?: number })
            .indexPerMtok,
        );
      }),
    );
  });

  it("is never zero or negative when published", () => {
    fc.assert(
      fc.property(uniqueObservations, (observations) => {
        const { outcome } = computeLabDay("deepseek", observations, rules);
        return !outcome.published || outcome.indexPerMtok >= 0;
      }),
    );
  });
});
