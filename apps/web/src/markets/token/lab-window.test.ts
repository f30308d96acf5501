import { LAB_IDS } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import {
  canonicalLabOf,
  canonicalLabPath,
  LAB_ALIASES,
  TOKEN_HELD_RANGE,
  shownRange,
  summarizeWindow,
  tokenShares,
} from "./lab-window";

const row = (date: string, indexPerMtok: number) => ({ date, indexPerMtok });

describe("summarizeWindow", () => {
  it("is undefined without rows", () => {
    expect(summarizeWindow([])).toBeUndefined();
  });

  it("ends on the latest row's day, whatever order the rows come in", () => {
    const summary = summarizeWindow([
      row("2026-03-29", 5),
      row("2026-03-01", 4),
      row("2026-03-28", 6),
    ]);
    expect(summary?.endDate).toBe("2026-03-29");
    expect(summary?.startDate).toBe("2026-03-01");
    expect(summary?.latest).toEqual({ date: "2026-03-29", value: 5 });
    expect(summary?.days).toBe(3);
  });

  it("gives only the horizons the shown rows reach back to, compared by calendar day", () => {
    const rows = [
      row("2026-02-27", 2),
      row("2026-03-22", 4),
      row("2026-03-28", 5),
      row("2026-03-29", 5.5),
    ];
    const summary = summarizeWindow(rows);
    expect(summary?.changes.map((entry) => [entry.days, entry.from])).toEqual([
      [1, "2026-03-28"],
      [7, "2026-03-22"],
      [30, "2026-02-27"],
    ]);
    expect(summary?.changes[0]?.change?.absolute).toBeCloseTo(0.5, 12);
    expect(summary?.changes[1]?.change?.absolute).toBeCloseTo(1.5, 12);
    expect(summary?.changes[2]?.change?.percent).toBeCloseTo(175, 9);
  });

  it("reports no earlier value for a horizon day without a row, instead of using a neighbour", () => {
    const summary = summarizeWindow([
      row("2026-03-20", 1),
      row("2026-03-27", 4),
      row("2026-03-29", 5),
    ]);
    expect(summary?.changes.map((entry) => [entry.days, entry.change])).toEqual([
      [1, undefined],
      [7, undefined],
    ]);
  });

  it("gives the minimum, maximum (latest day on ties) and mean of the shown values", () => {
    const summary = summarizeWindow([
      row("2026-03-25", 3),
      row("2026-03-26", 1),
      row("2026-03-27", 3),
      row("2026-03-28", 1),
      row("2026-03-29", 2),
    ]);
    expect(summary?.min).toEqual({ date: "2026-03-28", value: 1 });
    expect(summary?.max).toEqual({ date: "2026-03-27", value: 3 });
    expect(summary?.mean).toBeCloseTo(2, 12);
  });
});

describe("canonicalLabOf", () => {
  it("leaves exact identifiers alone (no redirect, so no loop)", () => {
    for (const lab of LAB_IDS) expect(canonicalLabOf(lab)).toBeUndefined();
  });

  it("maps other cases, labels and aliases to the identifier", () => {
    expect(canonicalLabOf("Anthropic")).toBe("anthropic");
    expect(canonicalLabOf("OPENAI")).toBe("openai");
    expect(canonicalLabOf("Mistral AI")).toBe("mistralai");
    expect(canonicalLabOf("Z.ai")).toBe("z-ai");
    expect(canonicalLabOf("Mistral")).toBe("mistralai");
    expect(canonicalLabOf("meta")).toBe("meta-llama");
  });

  it("knows no other names (they stay 404), not even object properties", () => {
    expect(canonicalLabOf("not-a-lab")).toBeUndefined();
    expect(canonicalLabOf("constructor")).toBeUndefined();
    expect(canonicalLabOf("")).toBeUndefined();
  });

  it("maps every alias to a catalog lab", () => {
    for (const lab of Object.values(LAB_ALIASES)) expect(LAB_IDS).toContain(lab);
  });
});

describe("shownRange", () => {
  it("ends on the last settled day shown, not on the window's end (today)", () => {
    expect(
      shownRange({
        startDate: "2026-02-28",
        endDate: "2026-03-30",
        rows: [{ date: "2026-03-28" }, { date: "2026-03-29" }, { date: "2026-03-01" }],
      }),
    ).toEqual({ startDate: "2026-02-28", endDate: "2026-03-29" });
  });

  it("falls back to the window's end when nothing is shown", () => {
    expect(shownRange({ startDate: "2026-02-28", endDate: "2026-03-30", rows: [] })).toEqual({
      startDate: "2026-02-28",
      endDate: "2026-03-30",
    });
  });
});

describe("tokenShares", () => {
  it("divides by every observed model's tokens, excluded ones included", () => {
    expect(tokenShares([{ totalTokens: 3 }, { totalTokens: 1 }])).toEqual([0.75, 0.25]);
  });

  it("is null for a day without tokens", () => {
    expect(tokenShares([{ totalTokens: 0 }])).toEqual([null]);
  });
});

describe("canonicalLabPath", () => {
  it("rewrites the lab segment only, keeping what follows it", () => {
    expect(canonicalLabPath("/labs/Anthropic")).toBe("/labs/anthropic");
    expect(canonicalLabPath("/labs/Z.ai/history.csv")).toBe("/labs/z-ai/history.csv");
    expect(canonicalLabPath("/labs/Meta%20Llama")).toBe("/labs/meta-llama");
  });

  it("is undefined for canonical paths, unknown names, malformed escapes and other paths", () => {
    expect(canonicalLabPath("/labs/anthropic")).toBeUndefined();
    expect(canonicalLabPath("/labs/anthropic/history.csv")).toBeUndefined();
    expect(canonicalLabPath("/labs/not-a-lab")).toBeUndefined();
    expect(canonicalLabPath("/labs/%E0%A4%A")).toBeUndefined();
    expect(canonicalLabPath("/labs")).toBeUndefined();
    expect(canonicalLabPath("/gpus/Anthropic")).toBeUndefined();
  });
});

describe("the held range", () => {
  it("holds the token index's free window: a month", () => {
    expect(TOKEN_HELD_RANGE).toBe("1M");
  });
});
