import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween, utcDayOf } from "../shared/calendar";
import { freeWindow } from "./free-window";

describe("freeWindow", () => {
  it("is the trailing calendar month through today (UTC)", () => {
    expect(freeWindow(new Date("2026-11-22T23:59:59.999Z"))).toEqual({
      startDate: "2026-10-22",
      endDate: "2026-11-22",
    });
    expect(freeWindow(new Date("2026-03-31T00:00:00.000Z"))).toEqual({
      startDate: "2026-02-28",
      endDate: "2026-03-31",
    });
    expect(freeWindow(new Date("2026-01-01T00:00:00.000Z"))).toEqual({
      startDate: "2025-12-01",
      endDate: "2026-01-01",
    });
  });
  it("follows the UTC clock, not local time", () => {
    // 23:30 UTC on the 22nd is already the 23rd in UTC+1, but the window stays on the 22nd.
    expect(freeWindow(new Date("2026-11-22T23:30:00.000Z")).endDate).toBe("2026-11-22");
    expect(freeWindow(new Date("2026-11-23T00:00:00.000Z")).endDate).toBe("2026-11-23");
  });
  it("always spans 28 to 31 days back and ends today", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (now) => {
          const window = freeWindow(now);
          const span = daysBetween(window.startDate, window.endDate);
          return window.endDate === utcDayOf(now) && span >= 28 && span <= 31;
        },
      ),
    );
  });
});
