// @module-tag zone
import { describe, expect, it } from "vitest";
import { findCalendarPeriod, findNamedPeriod, findPeriod, findWeekday } from "./period";
import { readWhen } from "./when";

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
    expect(findPeriod("this year", now)).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-03-31",
    });
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
    expect(findPeriod("over the last quarter", now)).toEqual({
      startDate: "2025-12-10",
      endDate: "2026-03-10",
      label: "over the last quarter",
    });
    expect(findPeriod("last 2 years", now)).toMatchObject({ startDate: "2024-03-10" });
    expect(findPeriod("the last month", new Date("2026-03-31T00:00:00Z"))).toMatchObject({
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

describe("calendar words are calendar periods", () => {
  // Saturday 2026-11-21, 15:00 UTC.
  const saturday = new Date("2026-11-21T15:00:00Z");
  it.each([
    ["this month", "2026-11-01", "2026-11-21"],
    ["How did it change this month?", "2026-11-01", "2026-11-21"],
    ["last month", "2026-10-01", "2026-10-31"],
    ["this week", "2026-11-16", "2026-11-21"],
    ["last week", "2026-11-09", "2026-11-15"],
    ["previous week", "2026-11-09", "2026-11-15"],
    ["this year", "2026-01-01", "2026-11-21"],
    ["last year", "2025-01-01", "2025-12-31"],
    ["this quarter", "2026-10-01", "2026-11-21"],
    ["last quarter", "2026-07-01", "2026-09-30"],
  ])("%j runs from %s to %s", (text, startDate, endDate) => {
    expect(findNamedPeriod(text, saturday)).toMatchObject({ startDate, endDate });
  });

  it("reads the last month of January as December of the year before", () => {
    expect(findCalendarPeriod("last month", new Date("2026-01-10T00:00:00Z"))).toMatchObject({
      startDate: "2025-12-01",
      endDate: "2025-12-31",
    });
    expect(findCalendarPeriod("last quarter", new Date("2026-02-10T00:00:00Z"))).toMatchObject({
      startDate: "2025-10-01",
      endDate: "2025-12-31",
    });
  });

  it("keeps counting back from today for 'the last' and 'the past'", () => {
    expect(findNamedPeriod("over the last week", saturday)).toMatchObject({
      startDate: "2026-11-14",
      endDate: "2026-11-21",
    });
    expect(findNamedPeriod("the past month", saturday)).toMatchObject({
      startDate: "2026-10-21",
    });
    expect(findNamedPeriod("over the last 30 days", saturday)).toMatchObject({
      startDate: "2026-10-22",
      endDate: "2026-11-21",
    });
  });

  it("reads 'since June' as June 1st to today", () => {
    expect(findNamedPeriod("session cost since June", saturday)).toMatchObject({
      startDate: "2026-06-01",
      endDate: "2026-11-21",
    });
  });

  it.each([
    ["last Tuesday", "2026-11-17"],
    ["on Tuesday", "2026-11-17"],
    ["last Saturday", "2026-11-14"],
    ["on Saturday", "2026-11-21"],
    ["last Sunday", "2026-11-15"],
  ])("%j is the one day %s", (text, day) => {
    expect(findWeekday(text, saturday)).toEqual({ day, label: `on ${day}` });
    expect(readWhen(`What was the H100 price ${text}?`, saturday)).toEqual({
      kind: "day",
      day,
      label: `on ${day}`,
    });
  });

  it("reads the start or end of a named period as that one day", () => {
    expect(readWhen("What was Qwen's index at the start of November?", saturday)).toEqual({
      kind: "day",
      day: "2026-11-01",
      label: "on 2026-11-01",
    });
    expect(readWhen("the H100 price at the end of October 2026", saturday)).toEqual({
      kind: "day",
      day: "2026-10-31",
      label: "on 2026-10-31",
    });
    expect(readWhen("the H100 at the beginning of last week", saturday)).toMatchObject({
      kind: "day",
      day: "2026-11-09",
    });
    // One end of a range is not the day asked: the range stands.
    for (const text of [
      "How did DDR5 16Gb change since the start of November?",
      "H100 price from the start of October 2026 to now",
      "the H100 between the start of October and the end of November",
    ])
      expect(readWhen(text, saturday).kind, text).toBe("period");
  });

  it("reads 'N days ago' as that one day, not the last N days", () => {
    expect(readWhen("What was the RTX 5090 price 3 days ago?", saturday)).toMatchObject({
      kind: "day",
      day: "2026-11-18",
    });
    expect(findNamedPeriod("the H100 3 days ago", saturday)).toBeUndefined();
    expect(readWhen("What was the H100 price 2 months ago?", saturday)).toMatchObject({
      kind: "day",
      day: "2026-09-21",
    });
    expect(readWhen("the H100 a year ago", saturday)).toMatchObject({
      kind: "day",
      day: "2025-11-21",
    });
    expect(findNamedPeriod("the H100 over the last 3 days", saturday)).toMatchObject({
      startDate: "2026-11-18",
      endDate: "2026-11-21",
    });
  });

  it("reads no weekday in words that only contain one's name", () => {
    expect(findWeekday("sundays are quiet", saturday)).toBeUndefined();
    expect(findWeekday("Tuesday", saturday)).toBeUndefined();
  });

  it("reads a weekday alone as the latest such day up to today, never a coming one", () => {
    // Wednesday 2026-12-02: chrono-node alone reads "Friday" as the coming 2026-12-04.
    const wednesday = new Date("2026-12-02T09:00:00Z");
    for (const text of ["H100 price Friday", "What did the H100 cost on Black Friday?"])
      expect(readWhen(text, wednesday), text).toEqual({
        kind: "day",
        day: "2026-11-27",
        label: "on 2026-11-27",
      });
    expect(readWhen("Tuesday", wednesday)).toMatchObject({ kind: "day", day: "2026-12-01" });
    expect(readWhen("Wednesday", wednesday)).toMatchObject({ kind: "day", day: "2026-12-02" });
    expect(readWhen("the H100 since Friday", wednesday)).toMatchObject({
      kind: "period",
      period: { startDate: "2026-11-27", endDate: "2026-12-02" },
    });
  });

  it("reads a weekday with words around it as the day they say, and 'from Monday' as a range", () => {
    const wednesday = new Date("2026-11-25T12:00:00Z");
    // chrono-node's reading: "next Friday" is the Friday of next week.
    expect(readWhen("What was the H100 price next Friday?", wednesday)).toMatchObject({
      kind: "day",
      day: "2026-12-04",
    });
    expect(readWhen("this coming Friday", wednesday)).toMatchObject({
      kind: "day",
      day: "2026-11-27",
    });
    expect(readWhen("How did the H100 change from Monday?", wednesday)).toMatchObject({
      kind: "period",
      period: { startDate: "2026-11-23", endDate: "2026-11-25" },
    });
  });

  it("reads no date in an English word another language takes for a weekday", () => {
    const sunday = new Date("2026-11-22T12:00:00Z");
    // "do" is Thursday in German and Dutch, "so" Sunday in German.
    for (const text of ["How much do H100s cost?", "How many PRs did Codex open so far?"])
      expect(readWhen(text, sunday), text).toEqual({ kind: "latest" });
  });

  it("reads a weekday with a short name or a time of day as the latest such day", () => {
    const wednesday = new Date("2026-11-25T12:00:00Z");
    for (const text of ["H100 price on Fri", "What did the H100 cost Friday morning?"])
      expect(readWhen(text, wednesday), text).toMatchObject({ kind: "day", day: "2026-11-20" });
  });

  it("reads no year to come in a count ('over 5000 PRs yesterday' is yesterday)", () => {
    const wednesday = new Date("2026-11-25T12:00:00Z");
    expect(readWhen("Did Codex open over 5000 PRs yesterday?", wednesday)).toMatchObject({
      kind: "day",
      day: "2026-11-24",
    });
    expect(readWhen("Which GPUs cost over 3000?", wednesday)).toEqual({ kind: "latest" });
  });

  it("keeps a year to come as it is, so that the answer can say it has not come", () => {
    expect(readWhen("What will the H100 cost in 2027?", new Date("2026-11-22T12:00:00Z"))).toEqual({
      kind: "period",
      period: { startDate: "2027-01-01", endDate: "2027-12-31", label: "in 2027" },
    });
  });
});
