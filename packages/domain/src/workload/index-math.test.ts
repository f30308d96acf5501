import { describe, expect, it } from "vitest";
import type { SessionCostCell, TurnRange } from "./cells";
import {
  ALL_FAMILIES,
  aggregateCells,
  blendedPricePerMtok,
  computeWorkloadIndex,
  impliedTokensPerSession,
  likeForLikeLink,
  lmdiDecomposition,
  logarithmicMean,
  priceCells,
  type PricedCell,
} from "./index-math";

const SONNET = "anthropic/claude-4.5-sonnet";

function cell(
  appSlug: string,
  turnRange: TurnRange,
  cost: number,
  model: string = SONNET,
): SessionCostCell {
  return {
    appSlug,
    appName: appSlug,
    modelPermaslug: model,
    turnRange,
    medianSessionCostUsd: cost,
  };
}

function priced(cells: SessionCostCell[], price: number): PricedCell[] {
  return priceCells(cells, () => price).priced;
}

/*
 * The worked example. Week 1 (window ending 2026-11-08), Sonnet at a blended $6/Mtok
 * (input 3, output 15: 0.75 * 3 + 0.25 * 15 = 6):
 *   A cline 1-turn       $0.12 -> q = 0.12 / 6 * 1e6 = 20,000 tokens
 *   B cline 10-49-turns  $1.80 -> q = 300,000 tokens
 *   C0 = (0.12 + 1.80) / 2 = $0.96 = 96 cents;  Q0 = (20,000 + 300,000) / 2 = 160,000 = 160 ktok
 * Week 2 (2026-11-15), Sonnet cut to $5/Mtok (input 2.5, output 12.5), and a new cell C:
 *   A $0.11 -> 22,000 tokens;  B $1.50 -> 300,000 tokens;  C kilo-code 2-9-turns $0.40 -> 80,000
 *   C1 = (0.11 + 1.50 + 0.40) / 3 = $0.67;  Q1 = (22,000 + 300,000 + 80,000) / 3 = 134,000
 *   total change = 0.67 - 0.96 = -$0.29 = -30.2083...% of C0
 * LMDI, x = share * cost:
 *   A: x0 = 0.12 / 2 = 0.06,  x1 = 0.11 / 3 = 0.036667,
 *      L_A = (0.036667 - 0.06) / ln(0.036667 / 0.06) = -0.023333 / -0.492476 = 0.0473796
 *   B: x0 = 0.9, x1 = 0.5,  L_B = -0.4 / ln(0.5 / 0.9) = -0.4 / -0.587787 = 0.680519
 *   price     = (L_A + L_B) * ln(5 / 6)  = 0.727899 * -0.182322 = -0.132712
 *   intensity = L_A * ln(22,000 / 20,000) + L_B * ln(1) = 0.0473796 * 0.0953102 = +0.0045158
 *   mix       = (L_A + L_B) * ln((1/3) / (1/2)) + x1_C = 0.727899 * -0.405465 + 0.133333 = -0.161804
 *   sum       = -0.132712 + 0.004516 - 0.161804 = -0.29 (the total)
 *   in percent of 0.96: price -13.8241%, intensity +0.4704%, mix -16.8546%, total -30.2083%
 * Like-for-like link over the matched cells A and B (Törnqvist):
 *   cost shares week 1: 0.12 / 1.92 = 0.0625, 1.80 / 1.92 = 0.9375
 *   cost shares week 2: 0.11 / 1.61 = 0.068323, 1.50 / 1.61 = 0.931677
 *   weights: A (0.0625 + 0.068323) / 2 = 0.0654115, B 0.9345885
 *   ln link = 0.0654115 * ln(0.11 / 0.12) + 0.9345885 * ln(1.50 / 1.80)
 *           = 0.0654115 * -0.0870114 + 0.9345885 * -0.1823216 = -0.0056915 - 0.1703955 = -0.176087
 *   link = e^-0.176087 = 0.838545, lfl = 100 * 0.838545 = 83.8545
 */
const week1 = priced([cell("cline", "1-turn", 0.12), cell("cline", "10-49-turns", 1.8)], 6);
const week2 = priced(
  [
    cell("cline", "1-turn", 0.11),
    cell("cline", "10-49-turns", 1.5),
    cell("kilo-code", "2-9-turns", 0.4),
  ],
  5,
);

describe("prices and implied tokens", () => {
  it("blends list prices 3:1 and turns a session's cost into tokens", () => {
    expect(blendedPricePerMtok(3, 15)).toBe(6);
    expect(blendedPricePerMtok(2.5, 12.5)).toBe(5);
    expect(blendedPricePerMtok(3, 15, 0.5)).toBe(9);
    expect(blendedPricePerMtok(null, 15)).toBeNull();
    expect(blendedPricePerMtok(3, -1)).toBeNull();
    // $1.20 at $6 per million tokens = 0.2 million tokens.
    expect(impliedTokensPerSession(1.2, 6)).toBeCloseTo(200_000, 6);
  });

  it("leaves out cells of unknown labs, unpriced or free models, and repeated cells", () => {
    const cells = [
      cell("cline", "1-turn", 0.12),
      cell("cline", "1-turn", 0.05, "x-ai/grok-code-fast-1"),
      cell("cline", "1-turn", 0.05, "openai/gpt-5"),
      cell("cline", "1-turn", 0.05, "google/gemini-2.5-flash"),
      cell("cline", "1-turn", 0.5),
    ];
    const prices: Record<string, number | null> = {
      [SONNET]: 6,
      "openai/gpt-5": null,
      "google/gemini-2.5-flash": 0,
    };
    const { priced: kept, excluded } = priceCells(cells, (m) => prices[m] ?? null);
    expect(kept.map((c) => [c.key, c.lab, c.family, c.impliedTokens])).toEqual([
      [`cline|${SONNET}|1-turn`, "anthropic", "claude-sonnet", 20_000],
    ]);
    expect(excluded.map((e) => [e.cell.modelPermaslug, e.reason])).toEqual([
      ["x-ai/grok-code-fast-1", "unknown_lab"],
      ["openai/gpt-5", "no_price"],
      ["google/gemini-2.5-flash", "no_price"],
      [SONNET, "duplicate_cell"],
    ]);
  });
});

describe("aggregateCells", () => {
  it("is the equal-weight mean of cells' costs and implied tokens", () => {
    const a = aggregateCells(week1);
    expect(a?.cellCount).toBe(2);
    expect(a?.costPerSessionUsd).toBeCloseTo(0.96, 12);
    expect(a?.tokensPerSession).toBeCloseTo(160_000, 6);
    // P = 0.96 / 160,000 * 1e6 = $6 per Mtok.
    expect(a?.pricePerMtok).toBeCloseTo(6, 12);
    expect(aggregateCells(week2)?.costPerSessionUsd).toBeCloseTo(0.67, 12);
    expect(aggregateCells([])).toBeNull();
  });
});

describe("logarithmicMean", () => {
  it("is (a - b) / ln(a / b), with L(a, a) = a and 0 at a zero", () => {
    expect(logarithmicMean(2, 1)).toBeCloseTo(1 / Math.LN2, 15);
    expect(logarithmicMean(1, 2)).toBeCloseTo(1 / Math.LN2, 15);
    expect(logarithmicMean(0.7, 0.7)).toBe(0.7);
    expect(logarithmicMean(3, 0)).toBe(0);
    expect(logarithmicMean(0, 3)).toBe(0);
    // Near equal values it tends to the arithmetic mean, without loss of precision.
    expect(logarithmicMean(1 + 1e-12, 1)).toBeCloseTo(1 + 0.5e-12, 15);
  });
});

describe("lmdiDecomposition", () => {
  it("splits the worked example into price, intensity and mix that add up to the change", () => {
    const e = lmdiDecomposition(week1, week2);
    if (e === null) throw new Error("no effects");
    expect(e.previousCostUsd).toBeCloseTo(0.96, 12);
    expect(e.costUsd).toBeCloseTo(0.67, 12);
    expect(e.totalChangeUsd).toBeCloseTo(-0.29, 12);
    expect(e.priceEffectUsd).toBeCloseTo(-0.1327116059324778, 12);
    expect(e.intensityEffectUsd).toBeCloseTo(0.0045157571228860455, 12);
    expect(e.mixEffectUsd).toBeCloseTo(-0.16180415119040817, 12);
    expect(e.priceEffectPct).toBeCloseTo(-13.824125617966438, 10);
    expect(e.intensityEffectPct).toBeCloseTo(0.47039136696729644, 10);
    expect(e.mixEffectPct).toBeCloseTo(-16.854599082334186, 10);
    expect(e.totalChangePct).toBeCloseTo(-30.208333333333325, 10);
    expect(
      Math.abs(e.priceEffectUsd + e.intensityEffectUsd + e.mixEffectUsd - e.totalChangeUsd),
    ).toBeLessThan(1e-12);
    expect([e.matchedCells, e.enteredCells, e.leftCells]).toEqual([2, 1, 0]);
  });

  it("puts a pure price rise in the price effect", () => {
    // One cell, $1.00 at $5 -> $1.10 at $5.50 (same 200,000 tokens):
    // L(1.1, 1) * ln(5.5 / 5) = (0.1 / ln 1.1) * ln 1.1 = 0.1.
    const e = lmdiDecomposition(
      priced([cell("cline", "1-turn", 1)], 5),
      priced([cell("cline", "1-turn", 1.1)], 5.5),
    );
    expect(e?.priceEffectUsd).toBeCloseTo(0.1, 15);
    expect(e?.intensityEffectUsd).toBeCloseTo(0, 15);
    expect(e?.mixEffectUsd).toBe(0);
    expect(e?.priceEffectPct).toBeCloseTo(10, 12);
  });

  it("offsets a price cut and a rise in tokens when the cost does not change", () => {
    // $1.00 both weeks; price 5 -> 4, tokens 200,000 -> 250,000. L(1, 1) = 1:
    // price = ln(0.8) = -0.2231435513, intensity = ln(1.25) = +0.2231435513, total 0.
    const e = lmdiDecomposition(
      priced([cell("cline", "1-turn", 1)], 5),
      priced([cell("cline", "1-turn", 1)], 4),
    );
    expect(e?.totalChangeUsd).toBe(0);
    expect(e?.priceEffectUsd).toBeCloseTo(Math.log(0.8), 15);
    expect(e?.intensityEffectUsd).toBeCloseTo(Math.log(1.25), 15);
    expect(e?.mixEffectUsd).toBe(0);
  });

  it("gives zero effects when nothing changes", () => {
    const e = lmdiDecomposition(week1, week1);
    expect([e?.totalChangeUsd, e?.priceEffectUsd, e?.intensityEffectUsd, e?.mixEffectUsd]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("attributes cells entering and leaving to the mix", () => {
    // Week 1: A $1, B $3 (shares 1/2): C0 = 2. Week 2: A, B unchanged, D $2 enters (shares 1/3): C1 = 2.
    // A: x 0.5 -> 0.3333: mix -0.1667; B: x 1.5 -> 1: mix -0.5; D enters: +0.6667; sum 0.
    const before = priced([cell("a", "1-turn", 1), cell("b", "1-turn", 3)], 6);
    const entered = priced(
      [cell("a", "1-turn", 1), cell("b", "1-turn", 3), cell("d", "1-turn", 2)],
      6,
    );
    const e = lmdiDecomposition(before, entered);
    expect(e?.totalChangeUsd).toBeCloseTo(0, 15);
    expect(e?.mixEffectUsd).toBeCloseTo(0, 15);
    expect(e?.priceEffectUsd).toBe(0);
    // Week 3: B leaves (A alone, share 1): C = 1, total -1 from C0 = 2.
    // A: x 0.5 -> 1: mix +0.5; B leaves: -1.5; mix = -1.
    const left = lmdiDecomposition(before, priced([cell("a", "1-turn", 1)], 6));
    expect(left?.totalChangeUsd).toBe(-1);
    expect(left?.mixEffectUsd).toBeCloseTo(-1, 15);
    expect(left?.mixEffectPct).toBeCloseTo(-50, 12);
    expect([left?.matchedCells, left?.enteredCells, left?.leftCells]).toEqual([1, 0, 1]);
  });

  it("handles weeks with no cell in common: the whole change is mix", () => {
    const e = lmdiDecomposition(
      priced([cell("a", "1-turn", 1)], 6),
      priced([cell("b", "1-turn", 3)], 6),
    );
    expect(e?.mixEffectUsd).toBe(2);
    expect(e?.totalChangeUsd).toBe(2);
    expect(e?.matchedCells).toBe(0);
    expect(lmdiDecomposition([], week1)).toBeNull();
  });
});

describe("likeForLikeLink", () => {
  it("is the Törnqvist index of the matched cells' costs", () => {
    const link = likeForLikeLink(week1, week2);
    expect(link.ratio).toBeCloseTo(0.8385448792832992, 12);
    expect(link.matchedCells).toBe(2);
    expect(link.imputed).toBe(false);
  });

  it("is the common factor when every matched cell moves alike, whatever enters", () => {
    // A 1 -> 1.1, B 3 -> 3.3: shares stay 0.25 / 0.75, ln link = ln 1.1, link = 1.1.
    const link = likeForLikeLink(
      priced([cell("a", "1-turn", 1), cell("b", "1-turn", 3)], 6),
      priced([cell("a", "1-turn", 1.1), cell("b", "1-turn", 3.3), cell("c", "1-turn", 5)], 6),
    );
    expect(link.ratio).toBeCloseTo(1.1, 14);
  });

  it("imputes no change, flagged, when no cell is matched", () => {
    expect(
      likeForLikeLink(priced([cell("a", "1-turn", 1)], 6), priced([cell("b", "1-turn", 2)], 6)),
    ).toEqual({ ratio: 1, matchedCells: 0, imputed: true });
  });
});

describe("computeWorkloadIndex", () => {
  const window = (end: string) => ({
    asOf: `${end}T02:00:00.000Z`,
    windowDays: 30,
    windowEndDate: end,
  });
  const gpt = (app: string, cost: number) => cell(app, "2-9-turns", cost, "openai/gpt-5");

  it("chains the like-for-like index from 100 per group and carries the effects", () => {
    const openai1 = priced([gpt("cline", 0.5)], 10);
    const openai3 = priced([gpt("cline", 0.55)], 10);
    const rows = computeWorkloadIndex([
      { window: window("2026-11-15"), cells: week2 },
      { window: window("2026-11-08"), cells: [...week1, ...openai1] },
      { window: window("2026-11-22"), cells: [...week2, ...openai3] },
    ]);
    expect(rows.map((r) => [r.windowEndDate, r.lab, r.family])).toEqual([
      ["2026-11-08", "anthropic", ALL_FAMILIES],
      ["2026-11-08", "anthropic", "claude-sonnet"],
      ["2026-11-08", "openai", ALL_FAMILIES],
      ["2026-11-08", "openai", "gpt-5"],
      ["2026-11-15", "anthropic", ALL_FAMILIES],
      ["2026-11-15", "anthropic", "claude-sonnet"],
      ["2026-11-22", "anthropic", ALL_FAMILIES],
      ["2026-11-22", "anthropic", "claude-sonnet"],
      ["2026-11-22", "openai", ALL_FAMILIES],
      ["2026-11-22", "openai", "gpt-5"],
    ]);
    const [first, , , , second, , third] = rows;
    expect(first?.lfl).toBe(100);
    expect(first?.effects).toBeNull();
    expect(first?.costPerSessionCents).toBeCloseTo(96, 10);
    expect(first?.ktokPerSession).toBeCloseTo(160, 10);
    expect(second?.lfl).toBeCloseTo(83.85448792832992, 10);
    expect(second?.costPerSessionCents).toBeCloseTo(67, 10);
    expect(second?.ktokPerSession).toBeCloseTo(134, 10);
    expect(second?.pricePerMtok).toBeCloseTo(5, 12);
    expect(second?.effects?.priceEffectPct).toBeCloseTo(-13.824125617966438, 10);
    // Week 3 has the same cells as week 2: link 1, lfl unchanged, effects 0.
    expect(third?.lfl).toBeCloseTo(83.85448792832992, 10);
    expect(third?.effects?.totalChangeUsd).toBe(0);
    // OpenAI has no cells in the week of 2026-11-15: its link runs from 2026-11-08,
    // 0.50 -> 0.55 = 1.1, lfl 110.
    const openaiLast = rows.find((r) => r.windowEndDate === "2026-11-22" && r.family === "gpt-5");
    expect(openaiLast?.lfl).toBeCloseTo(110, 10);
    expect(openaiLast?.effects?.priceEffectUsd).toBe(0);
    expect(openaiLast?.effects?.intensityEffectUsd).toBeCloseTo(0.05, 14);
  });

  it("refuses two snapshots of the same week (a caller's bug)", () => {
    expect(() =>
      computeWorkloadIndex([
        { window: window("2026-11-08"), cells: week1 },
        { window: window("2026-11-08"), cells: week2 },
      ]),
    ).toThrow("two snapshots for the week ending 2026-11-08");
  });
});
