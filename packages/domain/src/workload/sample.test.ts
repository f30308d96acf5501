import { describe, expect, it } from "vitest";
import { publishWorkloadIndex } from "./publication";
import { WORKLOAD_SAMPLE_FIRST_WEEK, workloadSampleInputs, workloadSampleWeekEnds } from "./sample";

describe("the Workload Cost sample", () => {
  it("has a window ending each Sunday from the first one through the last one over before today", () => {
    expect(workloadSampleWeekEnds(new Date("2026-06-14T12:00:00Z"))).toEqual([]);
    expect(workloadSampleWeekEnds(new Date("2026-06-15T00:00:00Z"))).toEqual([
      WORKLOAD_SAMPLE_FIRST_WEEK,
    ]);
    const ends = workloadSampleWeekEnds(new Date("2026-11-25T12:00:00Z"));
    expect(ends.at(-1)).toBe("2026-11-22");
    expect(new Set(ends.map((end) => new Date(`${end}T00:00:00Z`).getUTCDay()))).toEqual(
      new Set([0]),
    );
  });

  it("is deterministic and goes through the index with every cell priced, showing price, intensity and mix", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(workloadSampleInputs(now)).toEqual(workloadSampleInputs(now));
    const published = publishWorkloadIndex(workloadSampleInputs(now));
    for (const week of published.weeks)
      expect(week.excluded).toEqual({ unknown_lab: 0, no_price: 0, duplicate_cell: 0 });
    const effects = published.rows.flatMap((row) => (row.effects === null ? [] : [row.effects]));
    expect(effects.some((e) => Math.abs(e.priceEffectPct) > 1)).toBe(true);
    expect(effects.some((e) => Math.abs(e.mixEffectPct) > 1)).toBe(true);
    expect(effects.some((e) => Math.abs(e.intensityEffectPct) > 0.1)).toBe(true);
    for (const e of effects)
      expect(
        Math.abs(e.priceEffectPct + e.intensityEffectPct + e.mixEffectPct - e.totalChangePct),
      ).toBeLessThan(1e-9);
  });
});
