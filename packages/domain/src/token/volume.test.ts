import { describe, expect, it } from "vitest";
import type { UtcDay } from "../shared/calendar";
import { invalidDayParameterMessage, requiredParameterMessage } from "../shared/query-parameters";
import { invalidLabMessage } from "./query";
import { growthIndex, parseTokenVolumeQuery, tokenVolumeRows, volumeBaselines } from "./volume";

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
      parseTokenVolumeQuery({ startDate: "2026-03-01", endDate: "2026-03-01", lab: "qwen" }),
    ).toEqual({ ok: true, value: { startDate: "2026-03-01", endDate: "2026-03-01", lab: "qwen" } });
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
      { lab: "anthropic", baseDate: "2026-03-02", baseTotalTokens: 100 },
      { lab: "openai", baseDate: "2026-03-01", baseTotalTokens: 100 },
    ]);
  });

  it("shares a day among the labs published that day; growth from the base", () => {
    expect(tokenVolumeRows(volumes, volumeBaselines(volumes), ["anthropic", "openai"])).toEqual([
      { date: "2026-03-01", lab: "openai", totalTokens: 100, growthIndex: 100, share: 1 },
      { date: "2026-03-02", lab: "anthropic", totalTokens: 100, growthIndex: 100, share: 0.25 },
      { date: "2026-03-02", lab: "openai", totalTokens: 300, growthIndex: 300, share: 0.75 },
    ]);
  });

  it("has no growth over a base without tokens", () => {
    expect(growthIndex(5, 0)).toBeNull();
  });
});
