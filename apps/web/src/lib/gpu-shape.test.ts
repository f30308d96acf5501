import { describe, expect, it } from "vitest";
import { gpuSeries } from "./gpu-shape";

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
