// @module-tag zone
import { describe, expect, it } from "vitest";
import { appRankingsDaysToSync } from "./schedule";

const at = (iso: string) => new Date(iso);

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
