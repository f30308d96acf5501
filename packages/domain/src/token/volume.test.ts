import { describe, expect, it } from "vitest";
import type { UtcDay } from "../shared/calendar";
import { invalidDayParameterMessage, requiredParameterMessage } from "../shared/query-parameters";
import { invalidLabMessage } from "./query";
import { LAB_IDS } from "./catalog";
import {
  CLOSED_LAB_IDS,
  growthIndex,
  labOutsideVolumeLabsMessage,
  parseTokenVolumeQuery,
  tokenVolumeRows,
  totalVolumeBaseline,
  volumeBaselines,
} from "./volume";

const d = (day: string): UtcDay => day;

describe("parseTokenVolumeQuery", () => {
  it("needs both days", () => {
    expect(parseTokenVolumeQuery({ endDate: "2026-03-02" })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: requiredParameterMessage("startDate") },
    });
    expect(parseTokenVolumeQuery({ startDate: "2026-03-02" })).toMatchObject({
      ok: false,
      error: { message: requiredParameterMessage("endDate") },
    });
  });

  it("checks the missing days, then the lab, then each day, then their order", () => {
    expect(parseTokenVolumeQuery({ lab: "OpenAI" })).toMatchObject({
      error: { message: requiredParameterMessage("startDate") },
    });
    expect(
      parseTokenVolumeQuery({ startDate: "x", endDate: "2026-03-01", lab: "OpenAI" }),
    ).toMatchObject({ error: { message: invalidLabMessage("OpenAI") } });
    expect(parseTokenVolumeQuery({ startDate: "2026-02-30", endDate: "2026-03-01" })).toMatchObject(
      { error: { message: invalidDayParameterMessage("startDate", "2026-02-30") } },
    );
    expect(parseTokenVolumeQuery({ startDate: "2026-03-02", endDate: "2026-03-01" })).toMatchObject(
      { error: { message: "'startDate' (2026-03-02) is after 'endDate' (2026-03-01)." } },
    );
    expect(
      parseTokenVolumeQuery({ startDate: "2026-03-01", endDate: "2026-03-01", lab: "openai" }),
    ).toEqual({
      ok: true,
      value: {
        startDate: "2026-03-01",
        endDate: "2026-03-01",
        labs: CLOSED_LAB_IDS,
        lab: "openai",
      },
    });
  });

  const days = { startDate: "2026-03-01", endDate: "2026-03-02" };

  it("serves the closed labs unless 'labs' asks for others", () => {
    expect(CLOSED_LAB_IDS).toEqual(["anthropic", "openai", "google"]);
    expect(parseTokenVolumeQuery(days)).toEqual({
      ok: true,
      value: { ...days, labs: CLOSED_LAB_IDS },
    });
    expect(parseTokenVolumeQuery({ ...days, labs: "all" })).toEqual({
      ok: true,
      value: { ...days, labs: LAB_IDS },
    });
    expect(parseTokenVolumeQuery({ ...days, labs: "qwen,anthropic,qwen" })).toEqual({
      ok: true,
      value: { ...days, labs: ["anthropic", "qwen"] },
    });
  });

  it("refuses an unknown lab in 'labs' and a 'lab' outside the labs asked", () => {
    expect(parseTokenVolumeQuery({ ...days, labs: "anthropic,," })).toMatchObject({
      error: { code: "bad_request", message: invalidLabMessage("") },
    });
    expect(parseTokenVolumeQuery({ ...days, labs: "ALL" })).toMatchObject({
      error: { message: invalidLabMessage("ALL") },
    });
    expect(parseTokenVolumeQuery({ ...days, lab: "qwen" })).toMatchObject({
      error: { code: "bad_request", message: labOutsideVolumeLabsMessage("qwen", CLOSED_LAB_IDS) },
    });
    expect(labOutsideVolumeLabsMessage("qwen", CLOSED_LAB_IDS)).toBe(
      "Lab 'qwen' is not among the labs asked (anthropic, openai, google); add it to 'labs' or send labs=all.",
    );
    expect(parseTokenVolumeQuery({ ...days, labs: "all", lab: "qwen" })).toMatchObject({
      ok: true,
      value: { lab: "qwen" },
    });
  });
});

describe("token volume rows", () => {
  const volumes = [
    { date: d("2026-03-02"), lab: "openai" as const, totalTokens: 300 },
    { date: d("2026-03-01"), lab: "openai" as const, totalTokens: 100 },
    { date: d("2026-03-02"), lab: "anthropic" as const, totalTokens: 100 },
  ];

  it("bases each lab on its first published day, in catalog order", () => {
    expect(volumeBaselines(volumes)).toEqual([
      { lab: "anthropic", date: "2026-03-02", totalTokens: 100 },
      { lab: "openai", date: "2026-03-01", totalTokens: 100 },
    ]);
  });

  const labs = ["anthropic", "openai"] as const;
  const bases = {
    labs,
    baselines: volumeBaselines(volumes),
    totalBaseline: totalVolumeBaseline(volumes, labs),
  };

  it("bases the total on the first day every lab asked was published", () => {
    expect(totalVolumeBaseline(volumes, labs)).toEqual({ date: "2026-03-02", totalTokens: 400 });
    expect(totalVolumeBaseline(volumes, ["openai"])).toEqual({
      date: "2026-03-01",
      totalTokens: 100,
    });
    expect(totalVolumeBaseline(volumes, ["anthropic", "qwen"])).toBeNull();
  });

  it("shares a day among the labs published that day; growth from the base", () => {
    expect(tokenVolumeRows(volumes, bases, labs)).toEqual([
      {
        date: "2026-03-01",
        lab: "openai",
        totalTokens: 100,
        growthIndex: 100,
        share: 1,
        totalGrowthIndex: null,
      },
      {
        date: "2026-03-02",
        lab: "anthropic",
        totalTokens: 100,
        growthIndex: 100,
        share: 0.25,
        totalGrowthIndex: 100,
      },
      {
        date: "2026-03-02",
        lab: "openai",
        totalTokens: 300,
        growthIndex: 300,
        share: 0.75,
        totalGrowthIndex: 100,
      },
    ]);
  });

  it("shares and totals over the labs asked only, whatever the rows are narrowed to", () => {
    const withQwen = [
      ...volumes,
      { date: d("2026-03-02"), lab: "qwen" as const, totalTokens: 600 },
    ];
    const openaiOnly = {
      labs: ["openai"] as const,
      baselines: bases.baselines,
      totalBaseline: { date: d("2026-03-01"), totalTokens: 100 },
    };
    expect(tokenVolumeRows(withQwen, openaiOnly, LAB_IDS)).toEqual([
      {
        date: "2026-03-01",
        lab: "openai",
        totalTokens: 100,
        growthIndex: 100,
        share: 1,
        totalGrowthIndex: 100,
      },
      {
        date: "2026-03-02",
        lab: "openai",
        totalTokens: 300,
        growthIndex: 300,
        share: 1,
        totalGrowthIndex: 300,
      },
    ]);
    expect(tokenVolumeRows(withQwen, bases, ["anthropic"]).map((r) => r.share)).toEqual([0.25]);
  });

  it("has no growth over a base without tokens", () => {
    expect(growthIndex(5, 0)).toBeNull();
  });
});
