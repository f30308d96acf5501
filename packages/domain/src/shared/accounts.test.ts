import { describe, expect, it } from "vitest";
import {
  DEFAULT_TRIAL_PERIOD_HOURS,
  isAccountPlan,
  keyLimitMessage,
  planMayCreateKeys,
  trialEndFor,
  trialHasEnded,
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

  it("ends a trial's grant at its end instant, and never a paid plan's", () => {
    const end = new Date("2026-03-04T10:00:00.000Z");
    const before = new Date("2026-03-04T09:59:59.999Z");
    expect(trialHasEnded("trial", end, before)).toBe(false);
    expect(trialHasEnded("trial", end, end)).toBe(true);
    expect(trialHasEnded("trial", null, end)).toBe(false);
    expect(trialHasEnded("premium", end, end)).toBe(false);
    expect(trialHasEnded("full", end, end)).toBe(false);
  });
});
