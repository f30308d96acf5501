import { describe, expect, it } from "vitest";
import {
  UPGRADE_MESSAGES,
  newAccountTermsText,
  parseRefusalReason,
  parseUpgradeRequest,
  planAllowances,
  planSummary,
} from "./plans";
import { TRIAL_KEY_CREATION_MESSAGE } from "../shared/accounts";

const now = new Date("2026-11-26T03:00:00Z");

describe("planSummary", () => {
  it("a trial says its end in UTC and asks for an upgrade", () => {
    const summary = planSummary({
      plan: "trial",
      trialEndsAt: new Date("2026-11-29T03:00:59Z"),
      activeKeys: 0,
      upgrade: { status: "none" },
      now,
    });
    expect(summary.name).toBe("Trial");
    expect(summary.until).toBe("until 2026-11-29 03:00 UTC");
    expect(summary.expired).toBe(false);
    expect(summary.next.step).toBe("request-upgrade");
    expect(summary.allows).toContain("No API keys of your own: trial accounts cannot create keys");
  });

  it("an ended trial says so", () => {
    const summary = planSummary({
      plan: "trial",
      trialEndsAt: new Date("2026-11-25T00:00:00Z"),
      activeKeys: 0,
      upgrade: { status: "none" },
      now,
    });
    expect(summary.until).toBe("ended 2026-11-25 00:00 UTC");
    expect(summary.expired).toBe(true);
  });

  it("a pending request is named with its date; a refusal with its reason", () => {
    const pending = planSummary({
      plan: "trial",
      trialEndsAt: now,
      activeKeys: 0,
      upgrade: { status: "pending", plan: "full", createdAt: new Date("2026-11-26T01:02:00Z") },
      now,
    });
    expect(pending.next).toEqual({
      step: "request-pending",
      text: "Your request for Full is pending since 2026-11-26 01:02 UTC. You will hear by mail.",
    });
    const refused = planSummary({
      plan: "trial",
      trialEndsAt: now,
      activeKeys: 0,
      upgrade: {
        status: "refused",
        plan: "premium",
        decidedAt: new Date("2026-11-26T02:00:00Z"),
        reason: "Use a work address.",
      },
      now,
    });
    expect(refused.next.step).toBe("request-upgrade");
    expect(refused.next.text).toContain("Reason given: Use a work address.");
  });

  it("paid plans do not expire and lead to a key", () => {
    const first = planSummary({
      plan: "premium",
      trialEndsAt: null,
      activeKeys: 0,
      upgrade: { status: "none" },
      now,
    });
    expect(first.until).toBe("does not expire");
    expect(first.next.step).toBe("create-key");
    const later = planSummary({
      plan: "full",
      trialEndsAt: null,
      activeKeys: 2,
      upgrade: { status: "approved", plan: "full", decidedAt: now },
      now,
    });
    expect(later.next.step).toBe("use-keys");
  });

  it("allowances follow the access rules: every plan's keys read full history", () => {
    for (const plan of ["trial", "premium", "full"] as const)
      expect(planAllowances(plan)[0]).toBe("API keys read every lab's full history");
    expect(planAllowances("premium")[1]).toBe("Create and revoke your own API keys on this page");
    // The trial's refusal text at the api stays the contract's.
    expect(TRIAL_KEY_CREATION_MESSAGE).toMatch(/not available on trial accounts/);
  });
});

describe("newAccountTermsText", () => {
  it("names the configured plan, and the trial's length and way on", () => {
    expect(newAccountTermsText("premium", 72)).toBe(
      "New accounts get the Premium plan: you create your own API keys as soon as you have confirmed your email address.",
    );
    expect(newAccountTermsText("trial", 48)).toContain(
      "48-hour trial, which cannot create API keys",
    );
  });
});

describe("upgrade input", () => {
  it("takes premium or full with an optional trimmed note", () => {
    expect(parseUpgradeRequest({ plan: "full", message: "  for research " })).toEqual({
      ok: true,
      value: { plan: "full", message: "for research" },
    });
    expect(parseUpgradeRequest({ plan: "premium", message: "   " })).toEqual({
      ok: true,
      value: { plan: "premium", message: null },
    });
  });

  it("refuses other plans, long notes, empty or long reasons", () => {
    const trial = parseUpgradeRequest({ plan: "trial" });
    expect(trial.ok ? null : trial.error.message).toBe(UPGRADE_MESSAGES.invalidPlan);
    const long = parseUpgradeRequest({ plan: "full", message: "x".repeat(1_001) });
    expect(long.ok ? null : long.error.message).toBe(UPGRADE_MESSAGES.messageTooLong);
    const empty = parseRefusalReason("  ");
    expect(empty.ok ? null : empty.error.message).toBe(UPGRADE_MESSAGES.reasonRequired);
    const longReason = parseRefusalReason("y".repeat(1_001));
    expect(longReason.ok ? null : longReason.error.message).toBe(UPGRADE_MESSAGES.reasonTooLong);
  });
});
