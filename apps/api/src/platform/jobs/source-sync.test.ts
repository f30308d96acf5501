import { describe, expect, it } from "vitest";
import type { UtcDay } from "@tpi/domain";
import { firstFailureText, syncOutcome } from "./source-sync";

describe("a source sync's outcome", () => {
  it("is ok, partial or failed by what was written, and interrupted when a stop cut it short", () => {
    expect(syncOutcome(3, 3, false)).toBe("ok");
    expect(syncOutcome(3, 3, true)).toBe("ok");
    expect(syncOutcome(1, 3, false)).toBe("partial");
    expect(syncOutcome(0, 3, false)).toBe("failed");
    expect(syncOutcome(1, 3, true)).toBe("interrupted");
    expect(syncOutcome(0, 3, true)).toBe("interrupted");
  });

  it("names the first failure in the run's message", () => {
    expect(firstFailureText(undefined)).toBe("");
    expect(firstFailureText({ day: "2026-01-02" as UtcDay, reason: "refused" })).toBe(
      "; first failure (2026-01-02): refused",
    );
  });
});
