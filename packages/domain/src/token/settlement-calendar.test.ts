import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, utcDayOf } from "../shared/calendar";
import { isSettleable, latestSettleableDay, settleableFrom } from "./settlement-calendar";

describe("settlement calendar", () => {
  it("settles a day 36 hours after it ends by default lag", () => {
    expect(settleableFrom("2026-11-20", 36).toISOString()).toBe("2026-11-22T12:00:00.000Z");
    expect(isSettleable("2026-11-20", new Date("2026-11-22T11:59:59.999Z"), 36)).toBe(false);
    expect(isSettleable("2026-11-20", new Date("2026-11-22T12:00:00.000Z"), 36)).toBe(true);
  });
  it("latestSettleableDay is the last day whose settlement time has passed", () => {
    expect(latestSettleableDay(new Date("2026-11-22T12:00:00.000Z"), 36)).toBe("2026-11-20");
    expect(latestSettleableDay(new Date("2026-11-22T11:59:59.999Z"), 36)).toBe("2026-11-19");
    expect(latestSettleableDay(new Date("2026-11-22T00:00:00.000Z"), 0)).toBe("2026-11-21");
  });
  it("agrees with isSettleable for any instant and lag", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 240 }),
        (now, lag) => {
          const latest = latestSettleableDay(now, lag);
          return (
            isSettleable(latest, now, lag) &&
            !isSettleable(addDays(latest, 1), now, lag) &&
            latest < utcDayOf(now)
          );
        },
      ),
    );
  });
});
