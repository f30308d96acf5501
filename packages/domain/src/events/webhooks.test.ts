import { describe, expect, it } from "vitest";
import { ACCOUNT_PLANS } from "../shared/access";
import { WEBHOOK_PLAN_LIMITS, deliveriesWithinCap, utcDayStart } from "./webhooks";

describe("webhook plan rules", () => {
  it("gives every plan limits, more for each plan up", () => {
    const limits = ACCOUNT_PLANS.map((plan) => WEBHOOK_PLAN_LIMITS[plan]);
    for (const [lower, higher] of limits.slice(0, -1).map((limit, i) => [limit, limits[i + 1]])) {
      expect(higher?.subscriptions).toBeGreaterThan(lower?.subscriptions ?? 0);
      expect(higher?.deliveriesPerDay).toBeGreaterThan(lower?.deliveriesPerDay ?? 0);
    }
  });

  it("counts the daily cap from 00:00 UTC", () => {
    expect(utcDayStart(new Date("2026-11-29T23:59:59.999Z")).toISOString()).toBe(
      "2026-11-29T00:00:00.000Z",
    );
    expect(utcDayStart(new Date("2026-11-30T00:00:00.000Z")).toISOString()).toBe(
      "2026-11-30T00:00:00.000Z",
    );
  });

  it("lets the first deliveries through up to the cap and none past it", () => {
    expect(deliveriesWithinCap(0, 3, 5)).toBe(3);
    expect(deliveriesWithinCap(4, 3, 5)).toBe(1);
    expect(deliveriesWithinCap(5, 3, 5)).toBe(0);
    expect(deliveriesWithinCap(7, 3, 5)).toBe(0);
  });
});
