import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  eachUtcDay,
  UTC_DAY_PATTERN,
  parseUtcDay,
  subtractMonthsClamped,
  utcDayOf,
} from "./calendar";

const dayArb = fc
  .date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("2999-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map(utcDayOf);

describe("parseUtcDay", () => {
  it.each(["2026-02-28", "2024-02-29", "2000-02-29", "0001-01-01", "2026-12-31"])(
    "accepts the real day %s",
    (day) => {
      expect(parseUtcDay(day)).toBe(day);
    },
  );
  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-1-01",
    "26-01-01",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "",
    "2026/01/01",
    "0000-01-01",
  ])("rejects %j", (value) => {
    expect(parseUtcDay(value)).toBeUndefined();
  });
  it("accepts exactly what Date.UTC round-trips", () => {
    fc.assert(fc.property(dayArb, (day) => parseUtcDay(day) === day));
  });
});

describe("UTC_DAY_PATTERN", () => {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  it("matches exactly the days parseUtcDay accepts, month by month, around every leap rule", () => {
    // Centuries (leap every 400 years), the years around them, the first and last years.
    const years = [
      0, 1, 2, 3, 4, 99, 100, 104, 396, 400, 404, 1896, 1900, 1904, 1999, 2000, 2024,
    ].concat([2025, 2026, 2100, 2400, 9996, 9999]);
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(UTC_DAY_PATTERN.test(value), value).toBe(parseUtcDay(value) !== undefined);
        }
  });
  it("agrees with parseUtcDay on any string of day-like characters", () => {
    const dayLike = fc.string({
      unit: fc.constantFrom(..."0123456789-- T:Z".split("")),
      minLength: 8,
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.oneof(dayLike, fc.string(), dayArb), (value) => {
        expect(UTC_DAY_PATTERN.test(value), value).toBe(parseUtcDay(value) !== undefined);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("day arithmetic", () => {
  it("addDays and daysBetween are inverse", () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: -5000, max: 5000 }),
        (day, n) => daysBetween(day, addDays(day, n)) === n,
      ),
    );
  });
  it("eachUtcDay lists every day once, in order", () => {
    expect(eachUtcDay("2024-02-27", "2024-03-02")).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
      "2024-03-02",
    ]);
    expect(eachUtcDay("2024-03-02", "2024-03-01")).toEqual([]);
  });
});

describe("subtractMonthsClamped", () => {
  it.each([
    ["2026-03-31", "2026-02-28"],
    ["2024-03-31", "2024-02-29"],
    ["2026-01-15", "2025-12-15"],
    ["2026-05-31", "2026-04-30"],
    ["2026-07-31", "2026-06-30"],
    ["2026-11-22", "2026-10-22"],
  ])("%s minus one month is %s", (day, expected) => {
    expect(subtractMonthsClamped(day, 1)).toBe(expected);
  });
  it("always lands in the previous month, on the same day or the month's last day", () => {
    fc.assert(
      fc.property(
        dayArb.filter((d) => d >= "0002-01-01"),
        (day) => {
          const result = subtractMonthsClamped(day, 1);
          const [y, m, d] = day.split("-").map(Number) as [number, number, number];
          const [ry, rm, rd] = result.split("-").map(Number) as [number, number, number];
          const expectedMonth = m === 1 ? 12 : m - 1;
          const expectedYear = m === 1 ? y - 1 : y;
          const lastDay = new Date(Date.UTC(ry, rm, 0)).getUTCDate();
          return (
            parseUtcDay(result) === result &&
            ry === expectedYear &&
            rm === expectedMonth &&
            rd === Math.min(d, lastDay)
          );
        },
      ),
    );
  });
});
