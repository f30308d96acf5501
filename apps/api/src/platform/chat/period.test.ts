// @module-tag zone
import { describe, expect, it } from "vitest";
import { findNamedPeriod, findPeriod } from "./period";

describe("findPeriod", () => {
  const now = new Date("2026-03-31T12:00:00Z");
  it("reads counted, named and explicit periods and defaults to 30 days", () => {
    expect(findPeriod("over the last 3 months", now)).toMatchObject({
      startDate: "2025-12-31",
      endDate: "2026-03-31",
    });
    expect(findPeriod("past week", now)).toMatchObject({
      startDate: "2026-03-24",
      endDate: "2026-03-31",
    });
    expect(findPeriod("this year", now)).toMatchObject({ startDate: "2025-03-31" });
    expect(findPeriod("since 2026-01-15", now)).toMatchObject({
      startDate: "2026-01-15",
      endDate: "2026-03-31",
    });
    expect(findPeriod("from 2026-01-01 to 2026-02-01", now)).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    expect(findPeriod("how did it change", now)).toMatchObject({
      startDate: "2026-03-01",
      endDate: "2026-03-31",
      label: "over the last 30 days",
    });
  });
});

describe("findPeriod labels and units", () => {
  const now = new Date("2026-03-10T12:30:00.000Z");
  it("counts days and weeks back from today, with or without 'last'", () => {
    expect(findPeriod("over the last 5 days", now)).toEqual({
      startDate: "2026-03-05",
      endDate: "2026-03-10",
      label: "over the last 5 days",
    });
    expect(findPeriod("2 weeks", now)).toEqual({
      startDate: "2026-02-24",
      endDate: "2026-03-10",
      label: "over the last 2 weeks",
    });
    expect(findPeriod("in the past week", now)).toMatchObject({ label: "over the last week" });
  });

  it("counts months, quarters and years in calendar months, clamping the day of month", () => {
    expect(findPeriod("last quarter", now)).toEqual({
      startDate: "2025-12-10",
      endDate: "2026-03-10",
      label: "over the last quarter",
    });
    expect(findPeriod("last 2 years", now)).toMatchObject({ startDate: "2024-03-10" });
    expect(findPeriod("last month", new Date("2026-03-31T00:00:00Z"))).toMatchObject({
      startDate: "2026-02-28",
      label: "over the last month",
    });
  });

  it("labels explicit dates as written and ignores a zero count", () => {
    expect(findPeriod("since 2026-01-15", now)).toMatchObject({ label: "since 2026-01-15" });
    expect(findPeriod("from 2026-01-01 until 2026-02-01", now)).toMatchObject({
      label: "from 2026-01-01 to 2026-02-01",
    });
    expect(findPeriod("the last 0 days", now)).toMatchObject({
      startDate: "2026-02-08",
      label: "over the last 30 days",
    });
  });
});

describe("findNamedPeriod: calendar months", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it.each([
    ["in October 2026", "2026-10-01", "2026-10-31", "in October 2026"],
    ["Oct. 2026", "2026-10-01", "2026-10-31", "in October 2026"],
    ["during february 2024", "2024-02-01", "2024-02-29", "in February 2024"],
    ["in 2026-02", "2026-02-01", "2026-02-28", "in February 2026"],
    ["in may", "2026-05-01", "2026-05-31", "in May 2026"],
    ["in november", "2026-11-01", "2026-11-23", "in November 2026"],
    ["in december", "2025-12-01", "2025-12-31", "in December 2025"],
  ])(
    "%j is one calendar month (to today when it is the current one)",
    (text, start, end, label) => {
      expect(findNamedPeriod(text, now)).toEqual({ startDate: start, endDate: end, label });
    },
  );

  it.each(["may I ask", "compare them", "on 2026-10-05", "the march of prices"])(
    "%j names no period",
    (text) => {
      expect(findNamedPeriod(text, now)).toBeUndefined();
    },
  );
});
