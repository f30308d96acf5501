import { describe, expect, it } from "vitest";
import {
  chartValueKindOf,
  nearestDay,
  packIslandData,
  pinchSpan,
  zoomAround,
  zoomDays,
  plottedDays,
  stepDay,
  tooltipFor,
  unpackIslandData,
  type IslandSeries,
} from "./chart-tooltip";

const labs: IslandSeries[] = [
  {
    label: "Anthropic",
    stroke: "#000",
    points: [
      { date: "2026-03-01", value: 4, x: 0 },
      { date: "2026-03-02", value: 5, x: 50 },
      { date: "2026-03-03", value: 4.5, x: 100 },
    ],
  },
  {
    label: "OpenAI",
    stroke: "#111",
    points: [{ date: "2026-03-03", value: 2, x: 100 }],
  },
];

describe("nearestDay", () => {
  it("picks the plotted day nearest the pointer across series", () => {
    expect(nearestDay(labs, 20)).toBe("2026-03-01");
    expect(nearestDay(labs, 30)).toBe("2026-03-02");
    expect(nearestDay(labs, 99)).toBe("2026-03-03");
    expect(nearestDay([], 50)).toBeUndefined();
  });
});

describe("tooltipFor", () => {
  it("gives each series' value and its change against that series' previous point", () => {
    const tooltip = tooltipFor(labs, "2026-03-03", "usd");
    expect(tooltip?.heading).toBe("3 Mar 2026");
    expect(tooltip?.x).toBe(100);
    expect(tooltip?.lines).toEqual([
      {
        label: "Anthropic",
        stroke: "#000",
        value: "$4.5000",
        change: "\u2212$0.5000 (\u221210.00%) since 2 Mar 2026",
      },
      { label: "OpenAI", stroke: "#111", value: "$2.0000", change: "no earlier value" },
    ]);
  });

  it("skips series without that day and changes percent series in percentage points", () => {
    const volatility: IslandSeries[] = [
      {
        label: "H100",
        stroke: "#000",
        points: [
          { date: "2026-03-01", value: 0.5, x: 0 },
          { date: "2026-03-02", value: 0.525, x: 100 },
        ],
      },
    ];
    expect(tooltipFor(volatility, "2026-03-02", "percent")?.lines[0]).toMatchObject({
      value: "52.50%",
      change: "+2.50 pts since 1 Mar 2026",
    });
    expect(tooltipFor(labs, "2026-03-01", "usd")?.lines.map((line) => line.label)).toEqual([
      "Anthropic",
    ]);
    expect(tooltipFor(labs, "2026-04-01", "usd")).toBeUndefined();
  });

  it("shows index points with one decimal and their change in points", () => {
    const index: IslandSeries[] = [
      {
        label: "Anthropic",
        stroke: "#000",
        points: [
          { date: "2026-03-01", value: 100, x: 0 },
          { date: "2026-03-08", value: 96.44, x: 50 },
          { date: "2026-03-15", value: 96.42, x: 100 },
        ],
      },
    ];
    expect(tooltipFor(index, "2026-03-08", "points")?.lines[0]).toMatchObject({
      value: "96.4",
      change: "\u22123.6 pts since 1 Mar 2026",
    });
    // A move smaller than the shown decimal is no move, without a sign.
    expect(tooltipFor(index, "2026-03-15", "points")?.lines[0]?.change).toBe(
      "0.0 pts since 8 Mar 2026",
    );
  });

  it("reads the value kind a page names, USD for anything else", () => {
    expect(chartValueKindOf("points")).toBe("points");
    expect(chartValueKindOf("percent")).toBe("percent");
    expect(chartValueKindOf(undefined)).toBe("usd");
    expect(chartValueKindOf("cents")).toBe("usd");
  });
});

describe("count charts", () => {
  it("show whole counts and change by count and percent", () => {
    const prs: IslandSeries[] = [
      {
        label: "Claude PRs",
        stroke: "#000",
        points: [
          { date: "2026-11-01", value: 1000, x: 0 },
          { date: "2026-11-02", value: 1250, x: 100 },
        ],
      },
    ];
    expect(tooltipFor(prs, "2026-11-02", "count")?.lines[0]).toMatchObject({
      value: "1,250",
      change: "+250 (+25.00%) since 1 Nov 2026",
    });
  });

  it("are named count by the page", () => {
    expect(chartValueKindOf("count")).toBe("count");
  });
});

describe("keyboard cursor", () => {
  it("lists every plotted day once, oldest first", () => {
    expect(plottedDays(labs)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
  });

  it("starts at the latest day, steps one plotted day per arrow and stops at the ends", () => {
    const days = plottedDays(labs);
    expect(stepDay(days, undefined, "ArrowLeft")).toBe("2026-03-03");
    expect(stepDay(days, "2026-03-03", "ArrowLeft")).toBe("2026-03-02");
    expect(stepDay(days, "2026-03-02", "ArrowRight")).toBe("2026-03-03");
    expect(stepDay(days, "2026-03-03", "ArrowRight")).toBe("2026-03-03");
    expect(stepDay(days, "2026-03-01", "ArrowLeft")).toBe("2026-03-01");
    expect(stepDay(days, "2026-03-02", "Home")).toBe("2026-03-01");
    expect(stepDay(days, "2026-03-01", "End")).toBe("2026-03-03");
    expect(stepDay(days, "2026-03-01", "Tab")).toBeUndefined();
    expect(stepDay([], undefined, "ArrowLeft")).toBeUndefined();
  });
});

describe("the island's props in the page", () => {
  it("write each day once and unpack to the same series", () => {
    const packed = packIslandData(labs);
    expect(packed.days).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(packed.xs).toEqual([0, 50, 100]);
    expect(packed.series[1]?.values).toEqual([null, null, 2]);
    expect(unpackIslandData(packed)).toEqual(labs);
    expect(unpackIslandData(packIslandData([]))).toEqual([]);
  });
});

describe("zoom", () => {
  it("selects the plotted days nearest both ends of a drag, in either direction", () => {
    expect(zoomDays(labs, 10, 60)).toEqual({ from: "2026-03-01", to: "2026-03-02" });
    expect(zoomDays(labs, 95, 40)).toEqual({ from: "2026-03-02", to: "2026-03-03" });
    // Both ends nearest one day: no zoom.
    expect(zoomDays(labs, 45, 55)).toBeUndefined();
  });

  it("turns two spreading fingers into a narrower part of the plot, by the ratio of their spread", () => {
    // Twice as far apart: half the plot, centred where they started.
    expect(pinchSpan([40, 60], [30, 70])).toEqual([25, 75]);
    // Near an edge the span stays inside the plot.
    expect(pinchSpan([0, 10], [0, 40])).toEqual([0, 25]);
    // Closing or barely moving fingers: no zoom.
    expect(pinchSpan([30, 70], [40, 60])).toBeUndefined();
    expect(pinchSpan([40, 60], [40, 62])).toBeUndefined();
  });

  it("zooms the keyboard to the middle half of the days around the chosen one", () => {
    const days = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"];
    expect(zoomAround(days, "d4")).toEqual({ from: "d2", to: "d5" });
    expect(zoomAround(days, undefined)).toEqual({ from: "d5", to: "d8" });
    expect(zoomAround(days, "d1")).toEqual({ from: "d1", to: "d4" });
    expect(zoomAround(["d1", "d2", "d3"], "d2")).toBeUndefined();
  });

  it("carries each point's height through packing, for the marker", () => {
    const packed = packIslandData([
      { label: "A", stroke: "var(--series-1)", points: [{ date: "d1", value: 1, x: 0, y: 25 }] },
    ]);
    expect(unpackIslandData(packed)[0]?.points[0]?.y).toBe(25);
    expect(tooltipFor(unpackIslandData(packed), "d1", "usd")?.lines[0]?.y).toBe(25);
  });
});
