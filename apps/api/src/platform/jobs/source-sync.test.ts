import { describe, expect, it } from "vitest";
import type { Db } from "@tpi/db";
import type { UtcDay } from "@tpi/domain";
import { SourceSyncRun, syncOutcome } from "./source-sync";

describe("a source sync's outcome", () => {
  it("is ok, partial or failed by what was written, and interrupted when a stop cut it short", () => {
    expect(syncOutcome(3, 3, false)).toBe("ok");
    expect(syncOutcome(3, 3, true)).toBe("ok");
    expect(syncOutcome(1, 3, false)).toBe("partial");
    expect(syncOutcome(0, 3, false)).toBe("failed");
    expect(syncOutcome(1, 3, true)).toBe("interrupted");
    expect(syncOutcome(0, 3, true)).toBe("interrupted");
  });

  it("counts the days of a run and names its first failure", () => {
    // Counting never touches the database.
    const run = new SourceSyncRun(
      {} as Db,
      { market: "fixture", source: "fixture-source" },
      1,
      [],
      new Date("2026-01-05T00:00:00Z"),
    );
    expect(run.firstFailureText).toBe("");
    run.wroteDay();
    run.missedDay("2026-01-02" as UtcDay, "refused");
    run.missedDay("2026-01-03" as UtcDay, "not synced");
    expect([run.daysWritten, run.daysFailed]).toEqual([1, 2]);
    expect(run.firstFailureText).toBe("; first failure (2026-01-02): refused");
    expect(run.outcome(3, false)).toBe("partial");
  });
});
