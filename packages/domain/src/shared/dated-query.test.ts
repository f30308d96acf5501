import { describe, expect, it } from "vitest";
import {
  latestRowsInRange,
  parseDatedRows,
  parseDayRange,
  parseOptionalDayRange,
  parseRowLimit,
} from "./dated-query";

const day = (text: string) => text;

describe("dated query", () => {
  it("reads optional days in order and names a reversed range in the shared words", () => {
    expect(parseOptionalDayRange({})).toEqual({ ok: true, value: {} });
    expect(parseOptionalDayRange({ endDate: "2026-02-01" })).toEqual({
      ok: true,
      value: { endDate: "2026-02-01" },
    });
    const reversed = parseOptionalDayRange({ startDate: "2026-02-02", endDate: "2026-02-01" });
    expect(reversed.ok ? null : reversed.error.message).toBe(
      "'startDate' (2026-02-02) is after 'endDate' (2026-02-01).",
    );
    const unreal = parseOptionalDayRange({ startDate: "2026-02-30" });
    expect(unreal.ok ? null : unreal.error.message).toBe(
      "Query parameter 'startDate' must be a real calendar date in YYYY-MM-DD format; got '2026-02-30'.",
    );
  });

  it("checks a required range's start before its end", () => {
    const both = parseDayRange("2026-13-01", "nope");
    expect(both.ok ? null : both.error.message).toContain("'startDate'");
    expect(parseDayRange("2026-01-01", "2026-01-01")).toEqual({
      ok: true,
      value: { startDate: "2026-01-01", endDate: "2026-01-01" },
    });
  });

  it("takes a limit from 1 to the ceiling, the default when absent", () => {
    const limit = { default: 10, max: 50 };
    expect(parseRowLimit(undefined, limit)).toEqual({ ok: true, value: 10 });
    expect(parseRowLimit("50", limit)).toEqual({ ok: true, value: 50 });
    for (const refused of ["0", "51", "1.5", "-1", "1e3", "9999999999"]) {
      const parsed = parseRowLimit(refused, limit);
      expect(parsed.ok ? null : parsed.error.message).toBe(
        `Query parameter 'limit' must be a whole number from 1 to 50; got '${refused}'.`,
      );
    }
  });

  it("reads a history's days and limit together, naming a bad range before a bad limit", () => {
    const limit = { default: 10, max: 50 };
    expect(parseDatedRows({}, limit)).toEqual({ ok: true, value: { limit: 10 } });
    expect(parseDatedRows({ startDate: "2026-01-01", limit: "5" }, limit)).toEqual({
      ok: true,
      value: { startDate: "2026-01-01", limit: 5 },
    });
    const both = parseDatedRows(
      { startDate: "2026-02-02", endDate: "2026-02-01", limit: "0" },
      limit,
    );
    expect(both.ok ? null : both.error.message).toBe(
      "'startDate' (2026-02-02) is after 'endDate' (2026-02-01).",
    );
    const badLimit = parseDatedRows({ limit: "51" }, limit);
    expect(badLimit.ok ? null : badLimit.error.message).toBe(
      "Query parameter 'limit' must be a whole number from 1 to 50; got '51'.",
    );
  });

  it("keeps the latest rows of a range, oldest first", () => {
    const rows = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"].map(day);
    expect(latestRowsInRange(rows, (d) => d, { endDate: day("2026-01-03"), limit: 2 })).toEqual([
      "2026-01-02",
      "2026-01-03",
    ]);
    expect(latestRowsInRange(rows, (d) => d, { startDate: day("2026-01-04"), limit: 9 })).toEqual([
      "2026-01-04",
    ]);
  });
});
