import { describe, expect, it } from "vitest";
import { gpuCsvFileName, gpuNameOfSegment } from "./paths";
import { GPU_HELD_RANGE, gpuChanges, gpuDailyToCsv, gpuSeries, windowStats } from "./shape";

describe("gpuSeries", () => {
  it("keeps one point per UTC day (the latest), oldest first, and drops GPUs without rows", () => {
    const series = gpuSeries([
      {
        gpu: "H100 SXM",
        rows: [
          { timestamp: "2026-03-02T00:00:00.000Z", index_value: 2.5 },
          { timestamp: "2026-03-01T23:00:00.000Z", index_value: 2.2 },
          { timestamp: "2026-03-01T01:00:00.000Z", index_value: 2.1 },
        ],
      },
      { gpu: "B200", rows: [] },
    ]);
    expect(series).toEqual([
      {
        key: "H100 SXM",
        label: "H100 SXM",
        points: [
          { date: "2026-03-01", value: 2.2 },
          { date: "2026-03-02", value: 2.5 },
        ],
      },
    ]);
  });
});

describe("gpuChanges", () => {
  const points = [
    { date: "2026-02-28", value: 2 },
    { date: "2026-03-23", value: 2.2 },
    { date: "2026-03-29", value: 2.3 },
    { date: "2026-03-30", value: 2.31 },
  ];

  it("compares with exactly 1, 7 and 30 calendar days earlier (GPU values settle every day)", () => {
    const changes = gpuChanges(points, { date: "2026-03-30", value: 2.31 });
    expect(changes.map(({ days, fromDate }) => [days, fromDate])).toEqual([
      [1, "2026-03-29"],
      [7, "2026-03-23"],
      [30, "2026-02-28"],
    ]);
    expect(changes.map(({ change }) => Number(change?.absolute.toFixed(4)))).toEqual([
      0.01, 0.11, 0.31,
    ]);
    expect(changes[2]?.change?.percent).toBeCloseTo(15.5, 10);
  });

  it("has no change where the earlier day has no value, rather than using a nearer day", () => {
    const changes = gpuChanges(points, { date: "2026-03-29", value: 2.3 });
    // 03-28 and 02-27 are missing; 03-22 too.
    expect(changes.map(({ change }) => change)).toEqual([undefined, undefined, undefined]);
  });
});

describe("windowStats", () => {
  it("gives the low and high with their days (earliest on ties), the mean and the span", () => {
    const stats = windowStats([
      { date: "2026-03-01", value: 3 },
      { date: "2026-03-02", value: 1 },
      { date: "2026-03-03", value: 1 },
      { date: "2026-03-04", value: 4 },
    ]);
    expect(stats).toEqual({
      min: { date: "2026-03-02", value: 1 },
      max: { date: "2026-03-04", value: 4 },
      mean: 2.25,
      count: 4,
      first: "2026-03-01",
      last: "2026-03-04",
    });
    expect(windowStats([])).toBeUndefined();
  });
});

describe("gpuDailyToCsv", () => {
  const ledger = {
    source: "gpurentalprices",
    sample: false,
    citation: "GPU rental price data by gpurentalprices.com, licensed under CC BY 4.0.",
    licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  };
  const sample = { source: "sample", sample: true, citation: "SAMPLE DATA", licence: null };

  it("writes the rows oldest first with the day, GPU, region, exact value, settlement instant and provenance", () => {
    const csv = gpuDailyToCsv(
      "RTX 5090",
      [
        {
          timestamp: "2026-03-30T20:00:00.000Z",
          index_value: 0.412345,
          basis: "quotes",
          sources: ["gpurentalprices"],
          backfilled: true,
        },
        {
          timestamp: "2026-01-05T21:00:00.000Z",
          index_value: 0.4,
          basis: "mixed",
          sources: ["gpurentalprices", "sample"],
          backfilled: false,
        },
      ],
      { sample: true, sources: [ledger, sample] },
    );
    expect(csv).toBe(
      "date,gpu_type,region,index_value,timestamp,basis,sources,backfilled,sample,citation\r\n" +
        '2026-01-05,RTX 5090,global,0.4,2026-01-05T21:00:00.000Z,mixed,gpurentalprices sample,false,true,"GPU rental price data by gpurentalprices.com, licensed under CC BY 4.0. | SAMPLE DATA"\r\n' +
        '2026-03-30,RTX 5090,global,0.412345,2026-03-30T20:00:00.000Z,quotes,gpurentalprices,true,false,"GPU rental price data by gpurentalprices.com, licensed under CC BY 4.0."\r\n',
    );
  });
});

describe("GPU paths", () => {
  it("names the CSV after the GPU and its last settled day, without spaces", () => {
    expect(gpuCsvFileName("RTX PRO 6000 WS", "2026-03-30")).toBe(
      "tpi-gpu-RTX-PRO-6000-WS-daily-to-2026-03-30.csv",
    );
  });

  it("reads a path segment as a GPU name, encoded or not, and nothing else", () => {
    expect(gpuNameOfSegment("H100%20SXM")).toBe("H100 SXM");
    expect(gpuNameOfSegment("H100 SXM")).toBe("H100 SXM");
    expect(gpuNameOfSegment("h100%20sxm")).toBeUndefined();
    expect(gpuNameOfSegment("%E0%A4%A")).toBeUndefined();
  });
});

describe("the held range", () => {
  it("holds the GPU index's free window: three months", () => {
    expect(GPU_HELD_RANGE).toBe("3M");
  });
});
