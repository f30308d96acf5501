import { describe, expect, it } from "vitest";
import { OPEN_RANGE_MAX_DAYS, clampOpenRange, clampedRangeNotice } from "./open-range";
import { daysBetween } from "./calendar";

const TODAY = "2026-11-28";

describe("clampOpenRange", () => {
  it("answers a call without dates over the trailing window shorter than 180 days", () => {
    const range = clampOpenRange({}, TODAY);
    expect(range).toEqual({ startDate: "2026-06-03", endDate: TODAY });
    expect(OPEN_RANGE_MAX_DAYS).toBeLessThan(180);
    expect(daysBetween(range?.startDate ?? "", TODAY) + 1).toBe(OPEN_RANGE_MAX_DAYS);
  });

  it("keeps a given start or end and bounds the other side", () => {
    expect(clampOpenRange({ startDate: "2026-01-01" }, TODAY)).toEqual({
      startDate: "2026-01-01",
      endDate: "2026-06-28",
    });
    // A recent start ends today, not in the future.
    expect(clampOpenRange({ startDate: "2026-11-01" }, TODAY)).toEqual({
      startDate: "2026-11-01",
      endDate: TODAY,
    });
    expect(clampOpenRange({ endDate: "2026-03-31" }, TODAY)).toEqual({
      startDate: "2025-10-04",
      endDate: "2026-03-31",
    });
  });

  it("leaves a complete range, a malformed day and a future start to the route", () => {
    expect(clampOpenRange({ startDate: "2020-01-01", endDate: TODAY }, TODAY)).toBeUndefined();
    expect(clampOpenRange({ startDate: "2026-02-30" }, TODAY)).toBeUndefined();
    expect(clampOpenRange({ endDate: 20261128 }, TODAY)).toBeUndefined();
    expect(clampOpenRange({ startDate: "2026-12-01" }, TODAY)).toBeUndefined();
  });

  it("says the days it kept, why, and how to ask for others", () => {
    expect(clampedRangeNotice({ startDate: "2026-06-03", endDate: TODAY })).toBe(
      "The range was open-ended, so it was clamped to 2026-06-03 through 2026-11-28 (a trailing window of at most 179 days, shorter than 180 days as the reference service's tools clamp). Send both startDate and endDate for another range.",
    );
  });
});
