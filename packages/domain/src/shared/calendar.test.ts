import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  eachUtcDay,
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
