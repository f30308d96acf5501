import { describe, expect, it } from "vitest";
import {
  DEFAULT_TRIAL_PERIOD_HOURS,
  isAccountPlan,
  keyLimitMessage,
  planMayCreateKeys,
  trialEndFor,
} from "./accounts";

describe("account rules", () => {
  it("lets only paid plans create keys", () => {
    expect(planMayCreateKeys("trial")).toBe(false);
    expect(planMayCreateKeys("premium")).toBe(true);
    expect(planMayCreateKeys("full")).toBe(true);
  });

  it("ends a trial after the trial period and never ends a paid plan", () => {
    const start = new Date("2026-03-01T10:00:00.000Z");
    expect(trialEndFor("trial", start, DEFAULT_TRIAL_PERIOD_HOURS)?.toISOString()).toBe(
      "2026-03-04T10:00:00.000Z",
    );
    expect(trialEndFor("trial", start, 1)?.toISOString()).toBe("2026-03-01T11:00:00.000Z");
    expect(trialEndFor("premium", start, 72)).toBeNull();
    expect(trialEndFor("full", start, 72)).toBeNull();
  });

  it("recognises plans and states the key limit", () => {
    expect(isAccountPlan("premium")).toBe(true);
    expect(isAccountPlan("enterprise")).toBe(false);
    expect(keyLimitMessage(3)).toContain("3 active API keys");
  });
});
