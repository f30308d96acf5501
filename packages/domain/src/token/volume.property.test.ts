import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LAB_IDS, type LabId } from "./catalog";
import {
  GROWTH_INDEX_BASE,
  tokenVolumeRows,
  totalVolumeBaseline,
  volumeBaselines,
  volumeShares,
  type LabDayVolume,
  type TokenVolumeBases,
} from "./volume";
import type { UtcDay } from "../shared/calendar";

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"] as UtcDay[];

/** Published lab-days of a few days: any subset of labs each day (the rest suppressed). */
const publishedVolumes = fc
  .uniqueArray(
    fc.record({
      date: fc.constantFrom(...DAYS),
      lab: fc.constantFrom(...LAB_IDS),
      totalTokens: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    }),
    { selector: (v) => `${v.date}/${v.lab}`, minLength: 1, maxLength: 40 },
  )
  .map((vs): LabDayVolume[] => vs);

/** The bases of every tracked lab over `volumes` (all history). */
const allLabBases = (volumes: readonly LabDayVolume[]): TokenVolumeBases => ({
  labs: LAB_IDS,
  baselines: volumeBaselines(volumes),
  totalBaseline: totalVolumeBaseline(volumes, LAB_IDS),
});

describe("token volume index (property)", () => {
  it("a lab's growth index is 100 on its base day, which is its first published day", () => {
    fc.assert(
      fc.property(publishedVolumes, (volumes) => {
        const bases = allLabBases(volumes);
        const rows = tokenVolumeRows(volumes, bases, LAB_IDS);
        for (const base of bases.baselines) {
          const days = volumes.filter((v) => v.lab === base.lab).map((v) => v.date);
          expect(base.date).toBe([...days].sort()[0]);
          const row = rows.find((r) => r.lab === base.lab && r.date === base.date);
          expect(row?.growthIndex).toBe(GROWTH_INDEX_BASE);
        }
      }),
    );
  });

  it("the shares of a day with volume sum to 1", () => {
    fc.assert(
      fc.property(publishedVolumes, (volumes) => {
        for (const day of DAYS) {
          const ofDay = volumes.filter((v) => v.date === day);
          if (ofDay.length === 0) continue;
          let sum = 0;
          for (const share of volumeShares(ofDay).values()) sum += share ?? Number.NaN;
          expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-12);
        }
      }),
    );
  });

  it("growth and shares do not change when every volume is scaled by the same factor", () => {
    fc.assert(
      fc.property(publishedVolumes, fc.integer({ min: 2, max: 1_000_000 }), (volumes, factor) => {
        const small = volumes.map((v) => ({ ...v, totalTokens: Math.max(1, v.totalTokens % 1e9) }));
        const scaled = small.map((v) => ({ ...v, totalTokens: v.totalTokens * factor }));
        const before = tokenVolumeRows(small, allLabBases(small), LAB_IDS);
        const after = tokenVolumeRows(scaled, allLabBases(scaled), LAB_IDS);
        expect(after.length).toBe(before.length);
        before.forEach((row, i) => {
          const other = after[i];
          expect(other?.growthIndex).toBeCloseTo(row.growthIndex ?? Number.NaN, 9);
          expect(other?.share).toBeCloseTo(row.share ?? Number.NaN, 12);
        });
      }),
    );
  });

  it("a lab filter keeps the shares over every lab of the day", () => {
    fc.assert(
      fc.property(publishedVolumes, fc.constantFrom(...LAB_IDS), (volumes, lab: LabId) => {
        const bases = allLabBases(volumes);
        const all = tokenVolumeRows(volumes, bases, LAB_IDS);
        const one = tokenVolumeRows(volumes, bases, [lab]);
        expect(one).toEqual(all.filter((r) => r.lab === lab));
      }),
    );
  });

  it("the shares of a day are over the labs asked: they sum to 1 among those published", () => {
    fc.assert(
      fc.property(
        publishedVolumes,
        fc.uniqueArray(fc.constantFrom(...LAB_IDS), { minLength: 1 }),
        (volumes, labs: LabId[]) => {
          const bases = {
            labs,
            baselines: volumeBaselines(volumes),
            totalBaseline: totalVolumeBaseline(volumes, labs),
          };
          const rows = tokenVolumeRows(volumes, bases, LAB_IDS);
          expect(rows.every((r) => labs.includes(r.lab))).toBe(true);
          for (const day of new Set(rows.map((r) => r.date))) {
            const sum = rows.filter((r) => r.date === day).reduce((s, r) => s + (r.share ?? 0), 0);
            expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-12);
          }
        },
      ),
    );
  });

  it("the total growth index is 100 on the total's base day and null on a day missing a lab", () => {
    fc.assert(
      fc.property(publishedVolumes, (volumes) => {
        const labs = [...new Set(volumes.map((v) => v.lab))];
        const bases = { labs, baselines: [], totalBaseline: totalVolumeBaseline(volumes, labs) };
        for (const row of tokenVolumeRows(volumes, bases, labs)) {
          const complete = labs.every((lab) =>
            volumes.some((v) => v.lab === lab && v.date === row.date),
          );
          if (!complete) expect(row.totalGrowthIndex).toBeNull();
          if (row.date === bases.totalBaseline?.date)
            expect(row.totalGrowthIndex).toBe(GROWTH_INDEX_BASE);
        }
      }),
    );
  });
});
