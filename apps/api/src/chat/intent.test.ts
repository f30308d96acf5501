import { describe, expect, it } from "vitest";
import { findPeriod, findSubjects } from "./engine";

const names = (text: string) => findSubjects(text).map((s) => (s.kind === "gpu" ? s.gpu : s.lab));

describe("findSubjects", () => {
  it("recognises GPUs however they are written, in the order mentioned", () => {
    expect(names("is the b200 cheaper than an H100?")).toEqual(["B200", "H100 SXM"]);
    expect(names("RTX PRO 6000 vs rtx 5090 vs A100")).toEqual([
      "RTX PRO 6000 WS",
      "RTX 5090",
      "A100 SXM4",
    ]);
    expect(names("h 200 price")).toEqual(["H200"]);
  });

  it("recognises labs by id, label and common product names, without matching inside words", () => {
    expect(names("Claude versus GPT-5 versus Gemini")).toEqual(["anthropic", "openai", "google"]);
    expect(names("what about z-ai and Moonshot AI?")).toEqual(["z-ai", "moonshotai"]);
    expect(names("metadata about the market")).toEqual([]);
  });
});

describe("findPeriod", () => {
  const now = new Date("2026-03-31T12:00:00Z");
  it("reads counted, named and explicit periods and defaults to 30 days", () => {
    expect(findPeriod("over the last 3 months", now)).toMatchObject({
      startDate: "2025-12-31",
      endDate: "2026-03-31",
    });
    expect(findPeriod("past week", now)).toMatchObject({
      startDate: "2026-03-24",
      endDate: "2026-03-31",
    });
    expect(findPeriod("this year", now)).toMatchObject({ startDate: "2025-03-31" });
    expect(findPeriod("since 2026-01-15", now)).toMatchObject({
      startDate: "2026-01-15",
      endDate: "2026-03-31",
    });
    expect(findPeriod("from 2026-01-01 to 2026-02-01", now)).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    expect(findPeriod("how did it change", now)).toMatchObject({
      startDate: "2026-03-01",
      endDate: "2026-03-31",
      label: "over the last 30 days",
    });
  });
});
