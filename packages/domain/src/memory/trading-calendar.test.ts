import { describe, expect, it } from "vitest";
import {
  easterSunday,
  isTradingDay,
  latestSettledTradingDayAt,
  memoryDateInstant,
  memorySettlementInstant,
  nyseHolidays,
  sessionDayOf,
  tradingDaysThrough,
} from "./trading-calendar";

describe("the NYSE trading calendar", () => {
  it("closes on the ten holidays of 2026, the weekend ones observed", () => {
    expect(nyseHolidays(2026).map((holiday) => holiday.day)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-04-03",
      "2026-05-25",
      "2026-06-19",
      // 4 July 2026 is a Saturday: the Friday before.
      "2026-07-03",
      "2026-09-07",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("moves Sunday holidays to Monday, and skips New Year's Day on a Saturday", () => {
    expect(nyseHolidays(2023)[0]?.day).toBe("2023-01-02");
    expect(nyseHolidays(2022).map((holiday) => holiday.name)).not.toContain("New Year's Day");
    expect(isTradingDay("2021-12-31")).toBe(true);
    expect(nyseHolidays(2022).find((h) => h.name === "Juneteenth")?.day).toBe("2022-06-20");
    expect(nyseHolidays(2022).find((h) => h.name === "Christmas Day")?.day).toBe("2022-12-26");
    expect(nyseHolidays(2021).map((holiday) => holiday.name)).not.toContain("Juneteenth");
  });

  it("finds Good Friday from Western Easter", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(isTradingDay("2025-04-18")).toBe(false);
  });

  it("trades Monday to Friday only", () => {
    expect(isTradingDay("2026-03-06")).toBe(true);
    expect(isTradingDay("2026-03-07")).toBe(false);
    expect(isTradingDay("2026-03-08")).toBe(false);
  });
});

describe("sessions and settlement instants", () => {
  it("names a trading day by its 00:00 UTC instant, whatever the settlement hour", () => {
    expect(memoryDateInstant("2026-01-01")).toBe("2026-01-01T00:00:00.000Z");
    expect(memoryDateInstant("2026-03-09")).toBe("2026-03-09T00:00:00.000Z");
  });

  it("settles at 4 PM New York: 21:00 UTC in winter, 20:00 UTC in summer", () => {
    expect(memorySettlementInstant("2026-03-06").toISOString()).toBe("2026-03-06T21:00:00.000Z");
    expect(memorySettlementInstant("2026-03-09").toISOString()).toBe("2026-03-09T20:00:00.000Z");
  });

  it("puts 4 PM exactly in the day and a later instant, a weekend or a holiday in the next trading day", () => {
    expect(sessionDayOf(new Date("2026-03-09T20:00:00.000Z"))).toBe("2026-03-09");
    expect(sessionDayOf(new Date("2026-03-09T20:00:00.001Z"))).toBe("2026-03-10");
    expect(sessionDayOf(new Date("2026-03-06T20:59:59.000Z"))).toBe("2026-03-06");
    expect(sessionDayOf(new Date("2026-03-06T21:30:00.000Z"))).toBe("2026-03-09");
    expect(sessionDayOf(new Date("2026-03-08T12:00:00.000Z"))).toBe("2026-03-09");
    // Good Friday 2026 (3 April): its observations belong to Monday 6 April.
    expect(sessionDayOf(new Date("2026-04-03T15:00:00.000Z"))).toBe("2026-04-06");
  });

  it("names the latest trading day whose settlement passed", () => {
    expect(latestSettledTradingDayAt(new Date("2026-03-09T19:59:59.000Z"))).toBe("2026-03-06");
    expect(latestSettledTradingDayAt(new Date("2026-03-09T20:00:00.000Z"))).toBe("2026-03-09");
    expect(latestSettledTradingDayAt(new Date("2026-11-27T12:00:00.000Z"))).toBe("2026-11-25");
  });

  it("lists trading days backwards over holidays", () => {
    expect(tradingDaysThrough("2026-11-27", 3)).toEqual(["2026-11-24", "2026-11-25", "2026-11-27"]);
  });
});
