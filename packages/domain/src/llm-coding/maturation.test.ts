import { describe, expect, it } from "vitest";
import { err, ok } from "../shared/result";
import {
  COUNT_REVISION_REASONS,
  MATURATION_DAYS,
  countStatus,
  decideCountUpdate,
  settlesOn,
} from "./maturation";
import { COUNT_FAILURE_MESSAGES } from "./queries";

const incomplete = {
  reason: "incomplete_results" as const,
  message: COUNT_FAILURE_MESSAGES.incomplete_results,
};

describe("maturation", () => {
  it("settles a day MATURATION_DAYS (7) whole days after it ended", () => {
    expect(MATURATION_DAYS).toBe(7);
    // 2026-11-01 ends at 2026-11-02T00:00Z; 7 whole days later is 2026-11-09.
    expect(settlesOn("2026-11-01")).toBe("2026-11-09");
    expect(countStatus("2026-11-01", "2026-11-02")).toBe("provisional");
    expect(countStatus("2026-11-01", "2026-11-08")).toBe("provisional");
    expect(countStatus("2026-11-01", "2026-11-09")).toBe("settled");
    expect(countStatus("2026-11-28", "2026-12-06")).toBe("settled");
  });

  it("inserts a first count with its status", () => {
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: null,
        observation: ok(50),
        observedOn: "2026-11-02",
      }),
    ).toEqual({ action: "insert", count: 50, status: "provisional" });
    // A back-filled old day is settled at once.
    expect(
      decideCountUpdate({
        day: "2026-10-01",
        stored: null,
        observation: ok(40),
        observedOn: "2026-11-02",
      }),
    ).toEqual({ action: "insert", count: 40, status: "settled" });
  });

  it("updates a provisional count in place, and settles it when the day has matured", () => {
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: { count: 30, status: "provisional" },
        observation: ok(37),
        observedOn: "2026-11-04",
      }),
    ).toEqual({ action: "update", count: 37, status: "provisional", previousCount: 30 });
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: { count: 37, status: "provisional" },
        observation: ok(37),
        observedOn: "2026-11-05",
      }),
    ).toEqual({ action: "unchanged", status: "provisional" });
    // Same count, but the day has now matured: the status changes, so it is written.
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: { count: 37, status: "provisional" },
        observation: ok(37),
        observedOn: "2026-11-09",
      }),
    ).toEqual({ action: "update", count: 37, status: "settled", previousCount: 37 });
  });

  it("records a late rise of a settled count as a revision, never a silent change", () => {
    // 40 -> 42 merged: +2 / 40 = +5%.
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: { count: 40, status: "settled" },
        observation: ok(42),
        observedOn: "2026-11-20",
      }),
    ).toEqual({
      action: "revise",
      count: 42,
      status: "settled",
      revision: {
        oldCount: 40,
        newCount: 42,
        changePercent: 5,
        reason: "rose_after_settlement",
        message: `${COUNT_REVISION_REASONS.rose_after_settlement}: 40 -> 42.`,
      },
    });
  });

  it("records a fall too, and a change from 0 without a percentage", () => {
    // 50 -> 45: -5 / 50 = -10%.
    const fall = decideCountUpdate({
      day: "2026-11-01",
      stored: { count: 50, status: "settled" },
      observation: ok(45),
      observedOn: "2026-11-20",
    });
    expect(fall).toMatchObject({
      action: "revise",
      revision: { changePercent: -10, reason: "fell_after_settlement" },
    });
    const fromZero = decideCountUpdate({
      day: "2026-11-01",
      stored: { count: 0, status: "settled" },
      observation: ok(1),
      observedOn: "2026-11-20",
    });
    expect(fromZero).toMatchObject({ action: "revise", revision: { changePercent: null } });
  });

  it("leaves an equal settled count alone", () => {
    expect(
      decideCountUpdate({
        day: "2026-11-01",
        stored: { count: 40, status: "settled" },
        observation: ok(40),
        observedOn: "2026-11-20",
      }),
    ).toEqual({ action: "unchanged", status: "settled" });
  });

  it("never turns a failed or incomplete search into a value", () => {
    for (const stored of [null, { count: 40, status: "settled" as const }]) {
      expect(
        decideCountUpdate({
          day: "2026-11-01",
          stored,
          observation: err(incomplete),
          observedOn: "2026-11-20",
        }),
      ).toEqual({ action: "failed", failure: incomplete });
    }
  });

  it("does not store a day that has not ended", () => {
    expect(
      decideCountUpdate({
        day: "2026-11-20",
        stored: null,
        observation: ok(3),
        observedOn: "2026-11-20",
      }),
    ).toEqual({ action: "day_not_over" });
  });
});
