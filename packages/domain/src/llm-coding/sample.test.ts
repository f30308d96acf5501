import { describe, expect, it } from "vitest";
import { LLM_CODING_SAMPLE_DAYS, llmCodingSampleCounts, sampleCount } from "./sample";

describe("LLM coding sample", () => {
  it("covers the days ending yesterday with every count the products need, settled once matured", () => {
    const counts = llmCodingSampleCounts("2026-11-26");
    expect(counts.length).toBe(LLM_CODING_SAMPLE_DAYS * 11);
    expect(counts.at(-1)?.day).toBe("2026-11-25");
    expect(counts[0]?.day).toBe("2026-10-27");
    expect(counts.find((c) => c.day === "2026-11-25")?.status).toBe("provisional");
    expect(counts.find((c) => c.day === "2026-11-17")?.status).toBe("settled");
  });

  it("is a function of the day alone, and never merges more than were opened", () => {
    expect(sampleCount("codex", "opened", "2026-11-20")).toBe(
      sampleCount("codex", "opened", "2026-11-20"),
    );
    for (const count of llmCodingSampleCounts("2026-11-26").filter((c) => c.metric === "merged")) {
      const opened = sampleCount(count.agent, "opened", count.day);
      expect(count.count).toBeLessThanOrEqual(opened);
      expect(count.count).toBeGreaterThan(0);
    }
  });
});
