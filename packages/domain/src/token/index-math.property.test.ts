import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeLabDay, type ModelDayObservation } from "./index-math";
import { DEFAULT_METHODOLOGY_RULES } from "./methodology";

/** Random model-days of one lab: some free, some unpriced, some without volume. */
const labObservations = fc.uniqueArray(
  fc
    .record({
      modelId: fc.oneof(
        fc.stringMatching(/^[a-z0-9-]{1,8}$/).map((name) => `openai/${name}`),
        fc.stringMatching(/^[a-z0-9-]{1,8}$/).map((name) => `openai/${name}:free`),
      ),
      inputPricePerMtok: fc.option(fc.double({ min: 0, max: 200, noNaN: true }), {
        nil: null,
        freq: 8,
      }),
      outputPricePerMtok: fc.option(fc.double({ min: 0, max: 800, noNaN: true }), {
        nil: null,
        freq: 8,
      }),
      inputTokens: fc.bigInt({ min: 0n, max: 5_000_000_000_000n }),
      outputTokens: fc.bigInt({ min: 0n, max: 1_000_000_000_000n }),
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
    ),
  { selector: (o) => o.modelId, maxLength: 12 },
);

const RELATIVE_TOLERANCE = 1e-12;

describe("computeLabDay properties", () => {
  it("an index lies between the cheapest and the most expensive eligible blended model price", () => {
    fc.assert(
      fc.property(labObservations, (observations: ModelDayObservation[]) => {
        const { constituents, outcome } = computeLabDay(
          "openai",
          observations,
          DEFAULT_METHODOLOGY_RULES,
        );
        if (!outcome.published) return;
        const blended = constituents
          .filter((c) => c.exclusionReason === null)
          .map((c) => c.blendedPricePerMtok ?? Number.NaN);
        const [low, high] = [Math.min(...blended), Math.max(...blended)];
        expect(outcome.indexPerMtok).toBeGreaterThanOrEqual(
          low - Math.abs(low) * RELATIVE_TOLERANCE,
        );
        expect(outcome.indexPerMtok).toBeLessThanOrEqual(
          high + Math.abs(high) * RELATIVE_TOLERANCE,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("eligible weights sum to one and excluded models weigh nothing", () => {
    fc.assert(
      fc.property(labObservations, (observations: ModelDayObservation[]) => {
        const { constituents, outcome } = computeLabDay(
          "openai",
          observations,
          DEFAULT_METHODOLOGY_RULES,
        );
        for (const c of constituents) if (c.exclusionReason !== null) expect(c.weight).toBe(0);
        if (outcome.published)
          expect(constituents.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 9);
      }),
      { numRuns: 300 },
    );
  });
});
