import { LAB_IDS, addDays, computeLabDay, DEFAULT_METHODOLOGY_RULES } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { SAMPLE_MODELS } from "./token-models";
import { generateTokenSample, sampleObservation } from "./token-sample";

const TODAY = "2026-11-22";

function sampleModel(modelId: string) {
  const model = SAMPLE_MODELS.find((m) => m.modelId === modelId);
  if (!model) throw new Error(`no sample model ${modelId}`);
  return model;
}

describe("token sample", () => {
  it("is deterministic: the same day always yields the same observations", () => {
    const a = [...generateTokenSample("2025-06-10", "2025-06-01")];
    const b = [...generateTokenSample("2025-06-10", "2025-06-01")];
    expect(a).toEqual(b);
    const alone = SAMPLE_MODELS.map((m) => sampleObservation(m, "2025-06-05")).filter(
      (o) => o !== null,
    );
    expect(a.filter((o) => o.date === "2025-06-05")).toEqual(alone);
  });

  it("covers at least 18 months up to today, for every lab, with several models per lab", () => {
    const start = addDays(TODAY, -548);
    const observations = [...generateTokenSample(TODAY, start)];
    expect(observations.at(-1)?.date).toBe(TODAY);
    for (const lab of LAB_IDS) {
      const models = new Set(observations.filter((o) => o.lab === lab).map((o) => o.modelId));
      expect(models.size, lab).toBeGreaterThanOrEqual(3);
    }
    expect(observations.every((o) => o.modelId.startsWith(`${o.lab}/`))).toBe(true);
    expect(observations.every((o) => o.inputTokens >= 0 && o.outputTokens >= 0)).toBe(true);
  });

  it("has weekly seasonality, a price cut and excluded variants", () => {
    const weekday = sampleObservation(sampleModel("openai/gpt-4o-mini"), "2026-11-18"); // Wednesday
    const sunday = sampleObservation(sampleModel("openai/gpt-4o-mini"), "2026-11-22");
    expect((weekday?.inputTokens ?? 0) + (weekday?.outputTokens ?? 0)).toBeGreaterThan(
      (sunday?.inputTokens ?? 0) + (sunday?.outputTokens ?? 0),
    );
    const o3 = sampleModel("openai/o3");
    expect(sampleObservation(o3, "2025-06-10")?.inputPricePerMtok).toBeLessThan(
      sampleObservation(o3, "2025-06-09")?.inputPricePerMtok ?? 0,
    );
    const day = [...generateTokenSample(TODAY, TODAY)];
    const openai = computeLabDay(
      "openai",
      day.filter((o) => o.lab === "openai"),
      DEFAULT_METHODOLOGY_RULES,
    );
    expect(openai.constituents.some((c) => c.exclusionReason === "excluded_model")).toBe(true);
    expect(openai.constituents.some((c) => c.exclusionReason === "free_variant")).toBe(true);
  });
});
