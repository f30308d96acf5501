import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeLabDay, exclusionReasonOf, type ModelDayObservation } from "./index-math";
import {
  DEFAULT_METHODOLOGY_RULES,
  matchesModelPattern,
  type MethodologyRules,
} from "./methodology";

const rules = DEFAULT_METHODOLOGY_RULES;
const obs = (partial: Partial<ModelDayObservation> & { modelId: string }): ModelDayObservation => ({
  inputPricePerMtok: 1,
  outputPricePerMtok: 4,
  inputTokens: 800,
  outputTokens: 200,
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
          inputTokens: 8_000_000,
          outputTokens: 2_000_000,
        }),
        obs({
          modelId: "anthropic/b",
          inputPricePerMtok: 1,
          outputPricePerMtok: 5,
          inputTokens: 3_000_000,
          outputTokens: 1_000_000,
        }),
      ],
      rules,
    );
    // (3*8M + 15*2M + 1*3M + 5*1M) / 14M = (24 + 30 + 3 + 5) / 14 = 62/14
    expect(result.outcome).toEqual({
      published: true,
      indexPerMtok: 62 / 14,
      constituentCount: 2,
      totalTokens: 14_000_000,
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
        obs({ modelId: "openai/idle", inputTokens: 0, outputTokens: 0 }),
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

describe("matchesModelPattern", () => {
  it("treats * as a wildcard and everything else literally", () => {
    expect(matchesModelPattern("google/gemma-3-27b-it", "google/gemma-*")).toBe(true);
    expect(matchesModelPattern("google/gemini-2.5-pro", "google/gemma-*")).toBe(false);
    expect(matchesModelPattern("openai/gpt-oss-20b", "openai/gpt.oss-*")).toBe(false);
  });
});

const price = fc.double({ min: 0, max: 200, noNaN: true, noDefaultInfinity: true });
const tokens = fc.integer({ min: 0, max: 50_000_000_000 });
const observationArb = fc.record({
  modelId: fc.stringMatching(/^deepseek\/[a-z0-9-]{1,12}(:free)?$/),
  inputPricePerMtok: fc.option(price, { nil: null, freq: 10 }),
  outputPricePerMtok: fc.option(price, { nil: null, freq: 10 }),
  inputTokens: tokens,
  outputTokens: tokens,
});
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
