import { describe, expect, it } from "vitest";
import { expectedSeries } from "../../testing/expected-series";
import { PROVENANCE_COLUMNS } from "../../kit/csv";
import {
  familySeries,
  formatKtok,
  formatSessionCost,
  latestWeekRows,
  lflSeries,
  openRouterLicenceNamed,
  latestWeekCells,
  totalEffect,
  turnRangeLabel,
  weekRange,
  WORKLOAD_CSV_COLUMNS,
  workloadCsvFileName,
  workloadCsvPathOf,
  workloadLabOf,
  workloadPathOf,
  workloadRowsToCsv,
  type WorkloadIndexRow,
} from "./lib";

function row(
  date: string,
  lab: string,
  family: string,
  lfl: number,
  effects: [number, number, number] | null = [1, -0.5, 0.25],
): WorkloadIndexRow {
  return {
    date,
    lab,
    family,
    cCents: 250.5,
    lfl,
    qKtok: 1820.46,
    priceEffect: effects?.[0] ?? null,
    intensityEffect: effects?.[1] ?? null,
    mixEffect: effects?.[2] ?? null,
  };
}

describe("lflSeries", () => {
  it("charts each lab's like-for-like index over all its families, catalog order, oldest first", () => {
    const rows = [
      row("2026-11-15", "openai", "all", 101),
      row("2026-11-08", "openai", "all", 100, null),
      row("2026-11-08", "anthropic", "all", 100, null),
      row("2026-11-08", "anthropic", "claude-opus", 100, null),
      row("2026-11-15", "anthropic", "claude-opus", 90),
      row("2026-11-15", "anthropic", "all", 97.5),
    ];
    expect(lflSeries(rows)).toEqual([
      expectedSeries("anthropic", "Anthropic", [
        ["2026-11-08", 100],
        ["2026-11-15", 97.5],
      ]),
      expectedSeries("openai", "OpenAI", [
        ["2026-11-08", 100],
        ["2026-11-15", 101],
      ]),
    ]);
  });

  it("gives no series for a lab with family rows only, and none for no rows", () => {
    expect(lflSeries([row("2026-11-08", "google", "gemini-flash", 100)])).toEqual([]);
    expect(lflSeries([])).toEqual([]);
  });
});

describe("familySeries", () => {
  it("charts a lab's families, `all` first, then A-Z, oldest first; other labs left out", () => {
    const rows = [
      row("2026-11-15", "anthropic", "claude-sonnet", 101),
      row("2026-11-08", "anthropic", "claude-sonnet", 100),
      row("2026-11-08", "anthropic", "all", 100),
      row("2026-11-08", "anthropic", "claude-haiku", 100),
      row("2026-11-08", "openai", "all", 100),
    ];
    expect(familySeries(rows, "anthropic")).toEqual([
      expectedSeries("all", "All families", [["2026-11-08", 100]]),
      expectedSeries("claude-haiku", "claude-haiku", [["2026-11-08", 100]]),
      expectedSeries("claude-sonnet", "claude-sonnet", [
        ["2026-11-08", 100],
        ["2026-11-15", 101],
      ]),
    ]);
    expect(familySeries(rows, "google")).toEqual([]);
  });
});

describe("the lab view's addresses", () => {
  it("reads a catalogue lab from the query and ignores anything else", () => {
    expect(workloadLabOf("openai")).toBe("openai");
    expect(workloadLabOf(["google", "openai"])).toBe("google");
    expect(workloadLabOf("OpenAI")).toBeUndefined();
    expect(workloadLabOf(undefined)).toBeUndefined();
  });

  it("links the page and its CSV with or without a lab", () => {
    expect(workloadPathOf()).toBe("/workload");
    expect(workloadPathOf("openai")).toBe("/workload?lab=openai");
    expect(workloadCsvPathOf()).toBe("/workload/history.csv");
    expect(workloadCsvPathOf("openai")).toBe("/workload/history.csv?lab=openai");
  });
});

describe("latestWeekRows", () => {
  it("keeps each lab's latest week, all its families, `all` first, labs in catalog order", () => {
    const rows = [
      row("2026-11-15", "openai", "gpt-5", 100),
      row("2026-11-15", "openai", "all", 100),
      row("2026-11-08", "anthropic", "claude-haiku", 100),
      row("2026-11-15", "anthropic", "claude-sonnet", 100),
      row("2026-11-15", "anthropic", "all", 100),
      row("2026-11-15", "anthropic", "claude-opus", 100),
      // Google's latest week is older than the others': it is still Google's latest.
      row("2026-11-08", "google", "all", 100),
      row("2026-11-01", "google", "gemini-pro", 100),
    ];
    expect(latestWeekRows(rows).map((one) => `${one.date} ${one.lab} ${one.family}`)).toEqual([
      "2026-11-15 anthropic all",
      "2026-11-15 anthropic claude-opus",
      "2026-11-15 anthropic claude-sonnet",
      "2026-11-15 openai all",
      "2026-11-15 openai gpt-5",
      "2026-11-08 google all",
    ]);
  });
});

describe("totalEffect", () => {
  it("is the sum of the three effects, the week's change in percent", () => {
    expect(totalEffect(row("2026-11-15", "openai", "all", 100, [1.5, -0.25, 0.5]))).toBe(1.75);
  });

  it("is null in a group's first week, whose effects are null", () => {
    expect(totalEffect(row("2026-11-08", "openai", "all", 100, null))).toBeNull();
    expect(totalEffect({ ...row("2026-11-08", "openai", "all", 100), mixEffect: null })).toBeNull();
  });
});

describe("weekRange", () => {
  it("spans the earliest to the latest day, or nothing without rows", () => {
    expect(
      weekRange([{ date: "2026-11-15" }, { date: "2026-10-04" }, { date: "2026-11-08" }]),
    ).toEqual({ startDate: "2026-10-04", endDate: "2026-11-15" });
    expect(weekRange([])).toBeUndefined();
  });
});

describe("cells", () => {
  it("keeps the latest week's cells, by harness, model and the source's turn-range order", () => {
    const cell = (date: string, harnessName: string, model: string, turnRange: string) => ({
      date,
      harnessName,
      model,
      turnRange,
      medianSessionCostUsd: 1,
    });
    const sorted = latestWeekCells([
      cell("2026-11-15", "Kilo Code", "anthropic/claude-4.5-sonnet", "50-plus-turns"),
      cell("2026-11-08", "Aider", "anthropic/claude-4.5-sonnet", "1-turn"),
      cell("2026-11-15", "Cline", "openai/gpt-5", "10-49-turns"),
      cell("2026-11-15", "Cline", "anthropic/claude-4.5-sonnet", "2-9-turns"),
      cell("2026-11-15", "Cline", "anthropic/claude-4.5-sonnet", "1-turn"),
      cell("2026-11-15", "Cline", "anthropic/claude-4.5-sonnet", "50-plus-turns"),
    ]);
    expect(sorted.map((one) => `${one.harnessName} ${one.model} ${one.turnRange}`)).toEqual([
      "Cline anthropic/claude-4.5-sonnet 1-turn",
      "Cline anthropic/claude-4.5-sonnet 2-9-turns",
      "Cline anthropic/claude-4.5-sonnet 50-plus-turns",
      "Cline openai/gpt-5 10-49-turns",
      "Kilo Code anthropic/claude-4.5-sonnet 50-plus-turns",
    ]);
    expect(latestWeekCells([])).toEqual([]);
  });

  it("names turn ranges in words", () => {
    expect(turnRangeLabel("1-turn")).toBe("1 turn");
    expect(turnRangeLabel("2-9-turns")).toBe("2\u20139 turns");
    expect(turnRangeLabel("10-49-turns")).toBe("10\u201349 turns");
    expect(turnRangeLabel("50-plus-turns")).toBe("50+ turns");
    expect(turnRangeLabel("other")).toBe("other");
  });
});

describe("formatting", () => {
  it("shows a session's cost in dollars and in cents, and its tokens whole", () => {
    expect(formatSessionCost(482.5)).toBe("$4.83 (482.50\u00a2)");
    expect(formatSessionCost(4.82)).toBe("$0.05 (4.82\u00a2)");
    expect(formatKtok(1820.46)).toBe("1,820,460");
    expect(formatKtok(0.0004)).toBe("0");
  });
});

describe("workloadRowsToCsv", () => {
  it("writes the API's fields and exact values, empty null effects, then the row's provenance", () => {
    const rows = [
      row("2026-11-08", "anthropic", "all", 100, null),
      row("2026-11-15", "anthropic", "claude-opus", 96.43718, [0.1234567, -1.1, 0.2]),
    ];
    const csv = workloadRowsToCsv(rows, (one) => ({
      source: "openrouter-session-cost",
      citation: `Source: OpenRouter, as of ${one.date}, "quoted", CC BY 4.0.`,
      sample: one.family === "all",
    }));
    expect(csv.split("\r\n")).toEqual([
      "date,lab,family,cCents,lfl,qKtok,priceEffect,intensityEffect,mixEffect,sample,source,citation",
      '2026-11-08,anthropic,all,250.5,100,1820.46,,,,true,openrouter-session-cost,"Source: OpenRouter, as of 2026-11-08, ""quoted"", CC BY 4.0."',
      '2026-11-15,anthropic,claude-opus,250.5,96.43718,1820.46,0.1234567,-1.1,0.2,false,openrouter-session-cost,"Source: OpenRouter, as of 2026-11-15, ""quoted"", CC BY 4.0."',
      "",
    ]);
  });

  it("is the header alone without rows", () => {
    expect(workloadRowsToCsv([], () => ({ source: "", citation: "", sample: false }))).toBe(
      `${[...WORKLOAD_CSV_COLUMNS, ...PROVENANCE_COLUMNS].join(",")}\r\n`,
    );
  });

  it("names the file after its first and last week", () => {
    expect(workloadCsvFileName("2026-10-04", "2026-11-22")).toBe(
      "tpi-workload-2026-10-04-to-2026-11-22.csv",
    );
    expect(workloadCsvFileName("2026-10-04", "2026-11-22", "openai")).toBe(
      "tpi-workload-openai-2026-10-04-to-2026-11-22.csv",
    );
  });
});

describe("openRouterLicenceNamed", () => {
  it("links the licence the api names, and keeps one it cannot link as words", () => {
    expect(openRouterLicenceNamed("CC BY 4.0")).toEqual({
      name: "CC BY 4.0",
      url: "https://creativecommons.org/licenses/by/4.0/",
    });
    expect(openRouterLicenceNamed("MIT")).toBe("MIT");
  });
});
