import { describe, expect, it } from "vitest";
import { newestDayFirst, volumeRowsToCsv, volumeShareSeries } from "./volume";

const row = (date: string, lab: string, share: number | null, growthIndex: number | null = 100) =>
  ({ date, lab, totalTokens: 1_000, growthIndex, share }) as Parameters<
    typeof volumeShareSeries
  >[0][number];

describe("volume page helpers", () => {
  it("chart one share series per lab in catalog order, oldest first, a missing share as a gap", () => {
    const series = volumeShareSeries([
      row("2026-03-29", "openai", 0.3),
      row("2026-03-28", "openai", null),
      row("2026-03-27", "openai", 0.25),
      row("2026-03-29", "anthropic", 0.7),
    ]);
    expect(series.map((line) => line.key)).toEqual(["anthropic", "openai"]);
    expect(series[1]?.points).toEqual([
      { date: "2026-03-27", value: 0.25 },
      { date: "2026-03-29", value: 0.3 },
    ]);
  });

  it("order rows newest day first, keeping the API's order within a day", () => {
    const rows = [row("2026-03-28", "anthropic", 0.5), row("2026-03-28", "openai", 0.5)];
    const later = [row("2026-03-29", "anthropic", 0.5), row("2026-03-29", "openai", 0.5)];
    expect(newestDayFirst([...rows, ...later])).toEqual([...later, ...rows]);
  });

  it("write a missing share or growth index as an empty field, never 0, and quote citations", () => {
    const csv = volumeRowsToCsv(
      [row("2026-03-29", "openai", null, null)],
      new Map([
        ["2026-03-29", { source: "openrouter", asOf: "x", citation: 'A "b", c', sample: true }],
      ]),
      false,
    );
    expect(csv).toBe(
      'date,lab,totalTokens,growthIndex,share,source,as_of,sample,citation\r\n2026-03-29,openai,1000,,,openrouter,x,true,"A ""b"", c"\r\n',
    );
  });
});
