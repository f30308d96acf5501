import { describe, expect, it } from "vitest";
import { DUE_VALUE_RECHECK_SECONDS, answerFreshUntil, nextUtcMidnight } from "./freshness";
import { nextSettleableInstant } from "../token/settlement-calendar";
import { nextSettlementInstant } from "../gpu/settlement-calendar";

const at = (iso: string) => new Date(iso);

describe("answer freshness", () => {
  it("lasts until the next publication when it comes before midnight", () => {
    const now = at("2026-11-22T09:30:00.000Z");
    expect(answerFreshUntil(now, at("2026-11-22T12:00:00.000Z"), true).toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
  });

  it("never lasts past the next UTC midnight, where the free windows move", () => {
    const now = at("2026-11-22T13:00:00.000Z");
    expect(answerFreshUntil(now, at("2026-11-23T12:00:00.000Z"), true).toISOString()).toBe(
      "2026-11-23T00:00:00.000Z",
    );
    expect(nextUtcMidnight(at("2026-12-31T23:59:59.999Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("is a short recheck while the value due by now is late", () => {
    const now = at("2026-11-22T12:00:30.000Z");
    expect(answerFreshUntil(now, at("2026-11-23T12:00:00.000Z"), false).getTime()).toBe(
      now.getTime() + DUE_VALUE_RECHECK_SECONDS * 1000,
    );
  });
});

describe("next publication instants", () => {
  it("token: the next day settles `lag` hours after it ends", () => {
    // 2026-11-20 became settleable at 2026-11-22T12:00Z (36 h lag); 2026-11-21 is next.
    expect(nextSettleableInstant(at("2026-11-22T12:00:00.000Z"), 36).toISOString()).toBe(
      "2026-11-23T12:00:00.000Z",
    );
    expect(nextSettleableInstant(at("2026-11-22T11:59:59.999Z"), 36).toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
  });

  it("GPU: the next 4 PM New York settlement, in winter and in summer time", () => {
    expect(nextSettlementInstant(at("2026-11-23T20:59:59.000Z")).toISOString()).toBe(
      "2026-11-23T21:00:00.000Z",
    );
    expect(nextSettlementInstant(at("2026-11-23T21:00:00.000Z")).toISOString()).toBe(
      "2026-11-24T21:00:00.000Z",
    );
    expect(nextSettlementInstant(at("2026-07-01T20:00:00.000Z")).toISOString()).toBe(
      "2026-07-02T20:00:00.000Z",
    );
  });
});
