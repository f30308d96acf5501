// @module-tag zone
import { GPU_NAMES, addDays, winsorizedVolumeWeightedMean, type GpuName } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import {
  GPU_SAMPLE_TRADES_PER_DAY,
  generateGpuSample,
  gpuSampleStartDay,
  sampleGpuTradesOn,
} from "./gpu-sample";

const dailyMean = (gpu: GpuName, day: string) =>
  winsorizedVolumeWeightedMean(
    sampleGpuTradesOn(gpu, day).map((t) => ({ price: t.priceUsdPerGpuHour, gpuHours: t.gpuHours })),
  ) ?? NaN;

describe("GPU sample", () => {
  it("reproduces any GPU-day on its own", () => {
    expect(sampleGpuTradesOn("H100 SXM", "2026-02-03")).toEqual(
      sampleGpuTradesOn("H100 SXM", "2026-02-03"),
    );
    expect(sampleGpuTradesOn("H100 SXM", "2026-02-03")).not.toEqual(
      sampleGpuTradesOn("H100 SXM", "2026-02-04"),
    );
  });

  it("has about 1,000 trades a day across all six GPUs, within the day", () => {
    for (const day of ["2025-08-05", "2026-03-10", "2026-10-20"]) {
      const trades = GPU_NAMES.flatMap((gpu) => sampleGpuTradesOn(gpu, day));
      expect(trades.length, day).toBeGreaterThan(800);
      expect(trades.length, day).toBeLessThan(1_300);
      expect(new Set(trades.map((t) => t.gpuName)).size).toBe(6);
      expect(trades.every((t) => t.executedAt.toISOString().startsWith(day))).toBe(true);
    }
  });

  it("scales the density with tradesPerDay and leaves the default sample as it was", () => {
    const day = "2026-03-10";
    const dense = GPU_NAMES.flatMap((gpu) => sampleGpuTradesOn(gpu, day, 10_000));
    expect(dense.length).toBeGreaterThan(8_000);
    expect(dense.length).toBeLessThan(13_000);
    expect(new Set(dense.map((t) => `${t.gpuName}|${t.tradeId}`)).size).toBe(dense.length);
    expect(sampleGpuTradesOn("H100 SXM", day, GPU_SAMPLE_TRADES_PER_DAY)).toEqual(
      sampleGpuTradesOn("H100 SXM", day),
    );
  });

  it("keeps realistic USD per GPU-hour levels with the expected trends", () => {
    const ranges: Record<GpuName, [number, number]> = {
      // The ranges, widened 3% for a day's noise.
      "H100 SXM": [1.94, 2.99],
      H200: [2.91, 3.91],
      "A100 SXM4": [1.07, 1.55],
      "RTX 5090": [0.58, 0.93],
      B200: [4.36, 6.18],
      "RTX PRO 6000 WS": [1.16, 1.85],
    };
    const start = gpuSampleStartDay(new Date("2026-11-22T13:00:00Z"));
    for (const gpu of GPU_NAMES) {
      for (let day = start; day <= "2026-11-22"; day = addDays(day, 5)) {
        const mean = dailyMean(gpu, day);
        expect(mean, `${gpu} ${day}`).toBeGreaterThanOrEqual(ranges[gpu][0]);
        expect(mean, `${gpu} ${day}`).toBeLessThanOrEqual(ranges[gpu][1]);
      }
    }
    expect(dailyMean("H100 SXM", "2026-11-01")).toBeLessThan(dailyMean("H100 SXM", "2025-06-01"));
    expect(dailyMean("RTX 5090", "2026-11-01")).toBeGreaterThan(
      dailyMean("RTX 5090", "2025-06-01"),
    );
  });

  it("covers 18 months and stops at now", () => {
    const now = new Date("2026-11-22T13:00:00Z");
    expect(gpuSampleStartDay(now)).toBe("2025-05-22");
    let last = 0;
    for (const trades of generateGpuSample(now, "2026-11-22"))
      for (const t of trades) last = Math.max(last, t.executedAt.getTime());
    expect(last).toBeLessThan(now.getTime());
    expect(last).toBeGreaterThan(now.getTime() - 3_600_000);
  });
});
