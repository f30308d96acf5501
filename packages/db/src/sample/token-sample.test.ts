// @module-tag zone
import {
  DEFAULT_METHODOLOGY_RULES,
  LAB_IDS,
  OTHER_PERMASLUG,
  addDays,
  choosePricingSnapshot,
  computeLabDay,
  indexPriceList,
  isLabId,
  perTokenToPerMtok,
  priceRankingsDay,
  type ObservationRecord,
  type UtcDay,
} from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { SAMPLE_MODELS, samplePermaslug } from "./token-models";
import {
  generateTokenSample,
  perMtokToPerTokenText,
  samplePriceList,
  sampleRankingsOn,
  sampleRankingsRow,
  sampleSnapshotTime,
} from "./token-sample";

const TODAY = "2026-11-22";

function sampleModel(modelId: string) {
  const model = SAMPLE_MODELS.find((m) => m.modelId === modelId);
  if (!model) throw new Error(`no sample model ${modelId}`);
  return model;
}

/** A sample day priced the way the ingest path prices it. */
function observationsOn(day: UtcDay): ObservationRecord[] {
  const snapshot = { id: 1, fetchedAt: sampleSnapshotTime(day) };
  const pricing = choosePricingSnapshot(day, [snapshot], null);
  if (!pricing.ok) throw new Error(pricing.reason);
  const priced = priceRankingsDay(
    day,
    sampleRankingsOn(day),
    indexPriceList(samplePriceList(day)),
    pricing,
    "sample",
  );
  if (!priced.ok) throw new Error(priced.reason);
  return priced.day.observations;
}

describe("token sample", () => {
  it("is deterministic: the same day always yields the same rows and prices", () => {
    const a = [...generateTokenSample("2025-06-10", "2025-06-01")];
    const b = [...generateTokenSample("2025-06-10", "2025-06-01")];
    expect(a).toEqual(b);
    expect(a.find((d) => d.date === "2025-06-05")?.rows).toEqual(sampleRankingsOn("2025-06-05"));
  });

  it("takes the shape of OpenRouter's rankings: dated permaslugs, variants, other authors, one `other` row", () => {
    const rows = sampleRankingsOn(TODAY);
    const slugs = rows.map((r) => r.permaslug);
    expect(slugs).toContain("anthropic/claude-sonnet-4-20250522");
    expect(slugs.some((s) => s.endsWith(":free"))).toBe(true);
    expect(slugs.some((s) => s.startsWith("x-ai/"))).toBe(true);
    expect(slugs.some((s) => s.startsWith("nousresearch/"))).toBe(true);
    expect(slugs.filter((s) => s === OTHER_PERMASLUG)).toHaveLength(1);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(rows.every((r) => r.date === TODAY && r.totalTokens > 0n)).toBe(true);
    expect(samplePermaslug(sampleModel("openai/gpt-oss-20b:free"))).toBe(
      "openai/gpt-oss-20b-20250805:free",
    );
  });

  it("lists prices as USD per token in decimal text, with price cuts over time", () => {
    const list = samplePriceList("2025-06-09");
    const o3 = list.find((m) => m.modelId === "openai/o3");
    expect(o3).toEqual({
      modelId: "openai/o3",
      canonicalSlug: "openai/o3-20250416",
      prompt: "0.00001",
      completion: "0.00004",
      inputCacheRead: null,
    });
    const cut = samplePriceList("2025-06-10").find((m) => m.modelId === "openai/o3");
    expect(cut?.prompt).toBe("0.000002");
    expect(list.some((m) => m.modelId === "anthropic/claude-opus-4.5")).toBe(false);
    expect(perMtokToPerTokenText(0.27 * 0.8)).toBe("0.000000216");
    for (const price of [0, 0.02, 0.15, 1.25, 2.5, 75, 0.27 * 0.8])
      expect(perTokenToPerMtok(perMtokToPerTokenText(price))).toBeCloseTo(price, 9);
  });

  it("prices every sample day as a snapshot taken two hours after it ends", () => {
    expect(sampleSnapshotTime("2026-11-21").toISOString()).toBe("2026-11-22T02:00:00.000Z");
    expect(
      choosePricingSnapshot(
        "2026-11-21",
        [{ id: 1, fetchedAt: sampleSnapshotTime("2026-11-21") }],
        null,
      ),
    ).toMatchObject({ ok: true, basis: "snapshot" });
  });

  it("covers at least 18 months up to today, every lab with several priced models", () => {
    const start = addDays(TODAY, -548);
    const models = new Map<string, Set<string>>();
    for (const day of [start, addDays(start, 200), addDays(start, 400), TODAY]) {
      const observations = observationsOn(day);
      for (const o of observations) {
        models.set(o.lab, (models.get(o.lab) ?? new Set()).add(o.modelId));
        expect(o.modelId.startsWith(`${o.lab}/`)).toBe(true);
        expect(o.priceBasis).toBe("snapshot");
        expect(o.inputTokens).toBeNull();
        expect(o.inputPricePerMtok).not.toBeNull();
      }
    }
    for (const lab of LAB_IDS) expect(models.get(lab)?.size ?? 0, lab).toBeGreaterThanOrEqual(3);
    expect([...models.keys()].every(isLabId)).toBe(true);
  });

  it("has weekly seasonality and excluded variants", () => {
    const model = sampleModel("openai/gpt-4o-mini");
    const weekday = sampleRankingsRow(model, "2026-11-18"); // Wednesday
    const sunday = sampleRankingsRow(model, "2026-11-22");
    expect(weekday?.totalTokens ?? 0n).toBeGreaterThan(sunday?.totalTokens ?? 0n);
    const openai = computeLabDay(
      "openai",
      observationsOn(TODAY).filter((o) => o.lab === "openai"),
      DEFAULT_METHODOLOGY_RULES,
    );
    expect(openai.outcome.published).toBe(true);
    expect(openai.constituents.some((c) => c.exclusionReason === "excluded_model")).toBe(true);
    expect(openai.constituents.some((c) => c.exclusionReason === "free_variant")).toBe(true);
    expect(openai.constituents.every((c) => c.split === "estimated")).toBe(true);
  });
});
