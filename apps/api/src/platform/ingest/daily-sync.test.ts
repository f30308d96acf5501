// @module-tag zone
import { describe, expect, it } from "vitest";
import { dailySyncDue } from "./daily-sync";

const at = (iso: string) => new Date(iso);

describe("dailySyncDue", () => {
  it("is due when never synced, and once a day after the sync hour", () => {
    expect(dailySyncDue(at("2026-11-20T01:00:00Z"), 3, null)).toBe(true);
    const ok = { startedAt: at("2026-11-19T03:05:00Z"), outcome: "ok" };
    expect(dailySyncDue(at("2026-11-20T02:59:00Z"), 3, ok)).toBe(false);
    expect(dailySyncDue(at("2026-11-20T03:00:00Z"), 3, ok)).toBe(true);
    const today = { startedAt: at("2026-11-20T03:00:30Z"), outcome: "ok" };
    expect(dailySyncDue(at("2026-11-20T23:00:00Z"), 3, today)).toBe(false);
  });

  it("tries a run that did not end ok again after an hour, and never overlaps a running one", () => {
    const failed = { startedAt: at("2026-11-20T03:00:00Z"), outcome: "partial" };
    expect(dailySyncDue(at("2026-11-20T03:59:00Z"), 3, failed)).toBe(false);
    expect(dailySyncDue(at("2026-11-20T04:00:00Z"), 3, failed)).toBe(true);
    const running = { startedAt: at("2026-11-19T03:00:00Z"), outcome: "running" };
    expect(dailySyncDue(at("2026-11-20T05:00:00Z"), 3, running)).toBe(false);
  });
});
