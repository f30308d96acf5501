import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TURN_RANGES, type SessionCostCell } from "./cells";
import { likeForLikeLink, lmdiDecomposition, logarithmicMean, priceCells } from "./index-math";

const MODELS = ["anthropic/claude-4.5-sonnet", "anthropic/claude-4.8-opus", "openai/gpt-5"];

/** A week: up to 12 cells over 4 apps x 3 models x 4 turn ranges, costs $0.001-$500, prices $0.05-$100/Mtok. */
const week = fc
  .uniqueArray(
    fc.record({
      app: fc.constantFrom("cline", "kilo-code", "roo-code", "hermes-agent"),
      model: fc.constantFrom(...MODELS),
      turnRange: fc.constantFrom(...TURN_RANGES),
      cost: fc.double({ min: 0.001, max: 500, noNaN: true }),
    }),
    { minLength: 1, maxLength: 12, selector: (c) => `${c.app}|${c.model}|${c.turnRange}` },
  )
  .map((rows) =>
    rows.map(
      (r): SessionCostCell => ({
        appSlug: r.app,
        appName: r.app,
        modelPermaslug: r.model,
        turnRange: r.turnRange,
        medianSessionCostUsd: r.cost,
      }),
    ),
  );
const prices = fc.tuple(
  fc.double({ min: 0.05, max: 100, noNaN: true }),
  fc.double({ min: 0.05, max: 100, noNaN: true }),
  fc.double({ min: 0.05, max: 100, noNaN: true }),
);

const priceOf =
  ([a, b, c]: [number, number, number]) =>
  (model: string): number =>
    model === MODELS[0] ? a : model === MODELS[1] ? b : c;

describe("LMDI properties", () => {
  it("price + intensity + mix equals the total change to 1e-9, for any two weeks", () => {
    fc.assert(
      fc.property(week, week, prices, prices, (cells0, cells1, p0, p1) => {
        const before = priceCells(cells0, priceOf(p0)).priced;
        const after = priceCells(cells1, priceOf(p1)).priced;
        const e = lmdiDecomposition(before, after);
        if (e === null) throw new Error("both weeks have cells");
        expect(
          Math.abs(e.priceEffectUsd + e.intensityEffectUsd + e.mixEffectUsd - e.totalChangeUsd),
        ).toBeLessThan(1e-9);
        // Percentages of a tiny C_0 can be huge (a cost going from $0.001 to $200 is +20,000,000%):
        // their sum holds to 1e-9 relative to the size of the change.
        expect(
          Math.abs(e.priceEffectPct + e.intensityEffectPct + e.mixEffectPct - e.totalChangePct),
        ).toBeLessThan(1e-9 * Math.max(1, Math.abs(e.totalChangePct), Math.abs(e.mixEffectPct)));
      }),
      { numRuns: 500 },
    );
  });

  it("a week compared with itself has zero effects and a link of 1", () => {
    fc.assert(
      fc.property(week, prices, (cells, p) => {
        const same = priceCells(cells, priceOf(p)).priced;
        const e = lmdiDecomposition(same, same);
        expect([
          e?.totalChangeUsd,
          e?.priceEffectUsd,
          e?.intensityEffectUsd,
          e?.mixEffectUsd,
        ]).toEqual([0, 0, 0, 0]);
        expect(likeForLikeLink(same, same).ratio).toBe(1);
      }),
    );
  });

  it("the logarithmic mean lies between its arguments and is symmetric", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (a, b) => {
          const l = logarithmicMean(a, b);
          expect(l).toBeGreaterThanOrEqual(Math.min(a, b) * (1 - 1e-12));
          expect(l).toBeLessThanOrEqual(Math.max(a, b) * (1 + 1e-12));
          expect(logarithmicMean(b, a)).toBe(l);
        },
      ),
    );
  });
});
