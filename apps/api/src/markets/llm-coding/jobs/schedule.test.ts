import { describe, expect, it } from "vitest";
import { appRankingsDaysToSync, dailySyncDue } from "./schedule";

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

describe("appRankingsDaysToSync", () => {
  it("asks for the missing days of the back-fill window and always for yesterday", () => {
    const now = at("2026-11-20T05:00:00Z");
    expect(appRankingsDaysToSync(now, 4, new Set())).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
    ]);
    expect(
      appRankingsDaysToSync(now, 4, new Set(["2026-11-16", "2026-11-18", "2026-11-19"])),
    ).toEqual(["2026-11-17", "2026-11-19"]);
  });
});
