import { describe, expect, it } from "vitest";
import {
  applyChartState,
  chartStateHref,
  isRangeLocked,
  latestDay,
  shownFrom,
  parseChartState,
  zoomSeries,
  toggleSeries,
  type ChartOffer,
} from "./chart-state";

const home: ChartOffer = { held: "1M", keys: ["anthropic", "openai", "google"] };

describe("isRangeLocked", () => {
  it("locks the ranges wider than what the page holds for a visitor", () => {
    expect(["7D", "1M", "3M", "1Y", "All"].filter((r) => isRangeLocked(r as never, home))).toEqual([
      "3M",
      "1Y",
      "All",
    ]);
    expect(isRangeLocked("3M", { held: "3M", keys: [] })).toBe(false);
  });
});

describe("parseChartState", () => {
  it("reads the range and the shown series from the query", () => {
    expect(parseChartState("7D", "openai,anthropic", home)).toEqual({
      range: "7D",
      keys: ["anthropic", "openai"],
    });
  });
  it("falls back to the held range for an unknown or locked range, and to all series for none known", () => {
    expect(parseChartState("2W", undefined, home)).toEqual({ range: "1M", keys: home.keys });
    expect(parseChartState("All", "nobody", home)).toEqual({ range: "1M", keys: home.keys });
    expect(parseChartState(["7D", "1M"], ["google"], home)).toEqual({
      range: "7D",
      keys: ["google"],
    });
  });
});

describe("applyChartState", () => {
  const days = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      date: `2026-03-${String(index + 1).padStart(2, "0")}`,
      value: index,
    }));
  const series = [
    { key: "anthropic", label: "Anthropic", points: days(31) },
    { key: "openai", label: "OpenAI", points: days(30) },
  ];

  it("keeps the last seven days of the chart for 7D, counted from the latest day shown", () => {
    const shown = applyChartState(series, { range: "7D", keys: ["anthropic", "openai"] }, home);
    expect(shown[0]?.points.map((point) => point.date)).toEqual([
      "2026-03-25",
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
      "2026-03-31",
    ]);
    expect(shown[1]?.points[0]?.date).toBe("2026-03-25");
  });

  it("shows everything held for the held range and only the chosen series", () => {
    const shown = applyChartState(series, { range: "1M", keys: ["openai"] }, home);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.points).toHaveLength(30);
  });
});

describe("chartStateHref / toggleSeries", () => {
  it("leaves defaults out so the plain chart keeps the plain URL", () => {
    expect(chartStateHref("/", { range: "1M", keys: [...home.keys] }, home, "labs")).toBe("/");
    expect(chartStateHref("/", { range: "7D", keys: ["google", "anthropic"] }, home, "labs")).toBe(
      "/?range=7D&labs=anthropic,google",
    );
    expect(
      chartStateHref(
        "/gpus",
        { range: "3M", keys: ["H100 SXM"] },
        { held: "3M", keys: ["H100 SXM", "B200"] },
        "gpus",
      ),
    ).toBe("/gpus?gpus=H100+SXM");
  });
  it("keeps a path's own query (a page's filter) ahead of the state", () => {
    const offer = { held: "All" as const, keys: ["all", "claude-opus"] };
    expect(
      chartStateHref("/workload?lab=anthropic", { range: "1M", keys: ["all"] }, offer, "families"),
    ).toBe("/workload?lab=anthropic&range=1M&families=all");
    expect(
      chartStateHref(
        "/workload?lab=anthropic",
        { range: "All", keys: [...offer.keys] },
        offer,
        "families",
      ),
    ).toBe("/workload?lab=anthropic");
  });
  it("toggles a series but never hides the last one shown", () => {
    expect(toggleSeries({ range: "1M", keys: ["openai", "google"] }, "openai").keys).toEqual([
      "google",
    ]);
    expect(toggleSeries({ range: "1M", keys: ["google"] }, "openai").keys).toEqual([
      "google",
      "openai",
    ]);
    expect(toggleSeries({ range: "1M", keys: ["google"] }, "google").keys).toEqual(["google"]);
  });
});

describe("the held ranges and the first day shown", () => {
  it("cuts a narrower range back from the last day, and not the held range", () => {
    expect(shownFrom({ range: "7D", keys: [] }, home, "2026-03-31")).toBe("2026-03-25");
    expect(shownFrom({ range: "1M", keys: [] }, home, "2026-03-31")).toBeUndefined();
    expect(shownFrom({ range: "1M", keys: [] }, { held: "3M", keys: [] }, "2026-03-31")).toBe(
      "2026-03-01",
    );
    expect(shownFrom({ range: "7D", keys: [] }, home, undefined)).toBeUndefined();
  });

  it("finds the latest day", () => {
    expect(latestDay(["2026-03-02", "2026-03-09", "2026-03-01"])).toBe("2026-03-09");
    expect(latestDay([])).toBeUndefined();
  });

  it("reads the y scale, leaves the default and unknown scales unset, and writes it into links", () => {
    const offer: ChartOffer = { held: "1M", keys: ["a", "b"] };
    expect(parseChartState(undefined, undefined, offer, { y: "log" }).y).toBe("log");
    expect(parseChartState(undefined, undefined, offer, { y: ["zero"] }).y).toBe("zero");
    expect(parseChartState(undefined, undefined, offer, { y: "fit" }).y).toBeUndefined();
    expect(parseChartState(undefined, undefined, offer, { y: "cubic" }).y).toBeUndefined();
    expect(chartStateHref("/", { range: "7D", keys: ["a"], y: "log" }, offer, "labs")).toBe(
      "/?range=7D&labs=a&y=log",
    );
    expect(chartStateHref("/", { range: "1M", keys: ["a", "b"], y: "fit" }, offer, "labs")).toBe(
      "/",
    );
    // Toggling a series or a range keeps the scale.
    expect(toggleSeries({ range: "1M", keys: ["a", "b"], y: "zero" }, "b").y).toBe("zero");
  });

  it("reads a zoom of two valid days in order, keeps it in links, and cuts the series to it", () => {
    const offer: ChartOffer = { held: "1M", keys: ["a"] };
    const zoomed = parseChartState("1M", undefined, offer, {
      from: "2026-03-02",
      to: "2026-03-03",
    });
    expect(zoomed.zoom).toEqual({ from: "2026-03-02", to: "2026-03-03" });
    for (const [from, to] of [
      ["2026-03-03", "2026-03-02"],
      ["2026-02-30", "2026-03-02"],
      ["2026-03-02", undefined],
      ["yesterday", "2026-03-02"],
    ])
      expect(
        parseChartState("1M", undefined, offer, { from, to }).zoom,
        `${from} ${to}`,
      ).toBeUndefined();
    expect(chartStateHref("/labs/a", zoomed, offer, "labs")).toBe(
      "/labs/a?from=2026-03-02&to=2026-03-03",
    );
    const points = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"].map((date, value) => ({
      date,
      value,
    }));
    expect(
      zoomSeries([{ key: "a", label: "A", points }], zoomed.zoom)[0]?.points.map((p) => p.date),
    ).toEqual(["2026-03-02", "2026-03-03"]);
    expect(zoomSeries([{ key: "a", label: "A", points }], undefined)[0]?.points).toHaveLength(4);
  });
});
