import { describe, expect, it } from "vitest";
import type { IndexRow } from "./api-types";
import { indexRowsToCsv, labSeries, labSnapshots, newestFirst } from "./shape";

const row = (date: string, lab: IndexRow["lab"], indexPerMtok: number): IndexRow => ({
  date,
  lab,
  indexPerMtok,
  computedAt: "2026-03-31T12:00:00.000Z",
});

describe("labSnapshots", () => {
  const history = [
    row("2026-03-22", "anthropic", 4),
    row("2026-03-28", "anthropic", 5),
    row("2026-03-29", "anthropic", 5.5),
    row("2026-03-22", "openai", 2),
    row("2026-03-29", "openai", 1.5),
  ];

  it("compares with the previous calendar day and seven days earlier", () => {
    const [anthropic] = labSnapshots([row("2026-03-29", "anthropic", 5.5)], history);
    expect(anthropic?.label).toBe("Anthropic");
    expect(anthropic?.dayChange?.absolute).toBeCloseTo(0.5, 12);
    expect(anthropic?.weekChange?.absolute).toBeCloseTo(1.5, 12);
  });

  it("reports no change when the previous day has no value, instead of using an older day", () => {
    const [openai] = labSnapshots([row("2026-03-29", "openai", 1.5)], history);
    expect(openai?.dayChange).toBeUndefined();
    expect(openai?.weekChange?.direction).toBe("down");
  });
});

describe("labSeries", () => {
  it("orders series by the lab catalog and points oldest first", () => {
    const series = labSeries([
      row("2026-03-29", "openai", 1),
      row("2026-03-28", "openai", 2),
      row("2026-03-28", "anthropic", 3),
    ]);
    expect(series.map((one) => one.key)).toEqual(["anthropic", "openai"]);
    expect(series[1]?.points.map((point) => point.date)).toEqual(["2026-03-28", "2026-03-29"]);
  });
});

describe("indexRowsToCsv", () => {
  it("writes the API's field names and exact values, newest first when given so", () => {
    const csv = indexRowsToCsv(
      newestFirst([
        row("2026-03-28", "anthropic", 5.459032221454965),
        row("2026-03-29", "anthropic", 0.1),
      ]),
    );
    expect(csv).toBe(
      "date,lab,indexPerMtok,computedAt\r\n" +
        "2026-03-29,anthropic,0.1,2026-03-31T12:00:00.000Z\r\n" +
        "2026-03-28,anthropic,5.459032221454965,2026-03-31T12:00:00.000Z\r\n",
    );
  });
  it("is just the header for no rows", () => {
    expect(indexRowsToCsv([])).toBe("date,lab,indexPerMtok,computedAt\r\n");
  });
});
