import { describe, expect, it } from "vitest";
import {
  choosePricingSnapshot,
  indexPriceList,
  listedShare,
  perTokenToPerMtok,
  priceRankingsDay,
  splitPermaslug,
  trackedShare,
  type PriceListModel,
  type PriceSnapshotRef,
  type RankingsRow,
} from "./rankings";

const model = (
  modelId: string,
  canonicalSlug: string | null,
  prompt: string,
  completion: string,
): PriceListModel => ({ modelId, canonicalSlug, prompt, completion, inputCacheRead: null });

describe("perTokenToPerMtok", () => {
  it("moves the decimal point in the text, so list prices stay exact", () => {
    expect(perTokenToPerMtok("0.000003")).toBe(3);
    expect(perTokenToPerMtok("0.0000025")).toBe(2.5);
    expect(perTokenToPerMtok("0.00000015")).toBe(0.15);
    expect(perTokenToPerMtok("0")).toBe(0);
    expect(perTokenToPerMtok("2")).toBe(2_000_000);
    expect(perTokenToPerMtok("3e-6")).toBeCloseTo(3, 12);
  });

  it("gives no price for a negative (variable-price) or non-numeric text", () => {
    expect(perTokenToPerMtok("-1")).toBeNull();
    expect(perTokenToPerMtok("")).toBeNull();
    expect(perTokenToPerMtok("free")).toBeNull();
  });
});

describe("splitPermaslug", () => {
  it("separates a variant suffix from the base, not a colon-free slug", () => {
    expect(splitPermaslug("openai/gpt-4o-2024-05-13:free")).toEqual({
      base: "openai/gpt-4o-2024-05-13",
      variant: "free",
    });
    expect(splitPermaslug("openai/gpt-4o")).toEqual({ base: "openai/gpt-4o", variant: null });
  });
});

describe("choosePricingSnapshot", () => {
  const at = (id: number, iso: string): PriceSnapshotRef => ({ id, fetchedAt: new Date(iso) });

  it("prices a day with the first snapshot fetched after it ended, within 48 hours", () => {
    const snapshots = [
      at(1, "2026-03-01T23:00:00Z"), // before the day ended: never prices it
      at(3, "2026-03-03T23:00:00Z"),
      at(2, "2026-03-02T02:00:00Z"),
    ];
    expect(choosePricingSnapshot("2026-03-01", snapshots, null)).toEqual({
      ok: true,
      snapshot: snapshots[2],
      basis: "snapshot",
    });
    // Exactly 48 hours after the end is still within the window.
    expect(
      choosePricingSnapshot("2026-03-01", [at(4, "2026-03-04T00:00:00Z")], null),
    ).toMatchObject({ ok: true, basis: "snapshot" });
  });

  it("back-fills a later snapshot only when asked from that day or earlier", () => {
    const later = [at(7, "2026-03-10T06:00:00Z")];
    const refused = choosePricingSnapshot("2026-03-01", later, null);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toContain("--backfill-from 2026-03-01");
    expect(choosePricingSnapshot("2026-03-01", later, "2026-03-02").ok).toBe(false);
    expect(choosePricingSnapshot("2026-03-01", later, "2026-02-01")).toEqual({
      ok: true,
      snapshot: later[0],
      basis: "backfilled",
    });
  });

  it("has nothing for a day that had not ended when the newest snapshot was taken", () => {
    const result = choosePricingSnapshot(
      "2026-03-05",
      [at(1, "2026-03-05T12:00:00Z")],
      "2025-01-01",
    );
    expect(result).toEqual({
      ok: false,
      reason: "2026-03-05 has not ended before the newest price snapshot was taken",
    });
    expect(choosePricingSnapshot("2026-03-05", [], null).ok).toBe(false);
  });
});

describe("priceRankingsDay", () => {
  const date = "2026-03-01";
  const pricing = {
    snapshot: { id: 42, fetchedAt: new Date("2026-03-02T02:00:00Z") },
    basis: "snapshot" as const,
  };
  const prices = indexPriceList([
    model(
      "anthropic/claude-sonnet-4",
      "anthropic/claude-sonnet-4-20250514",
      "0.000003",
      "0.000015",
    ),
    model("openai/gpt-4o", "openai/gpt-4o-2024-05-13", "0.0000025", "0.00001"),
    model("openai/gpt-4o:extended", "openai/gpt-4o-2024-05-13", "0.000006", "0.000018"),
    model("x-ai/grok-4", "x-ai/grok-4-07-09", "0.000003", "0.000015"),
  ]);
  const row = (permaslug: string, totalTokens: bigint, day: string = date): RankingsRow => ({
    date: day,
    permaslug,
    totalTokens,
  });
  const price = (rows: RankingsRow[]) => {
    const result = priceRankingsDay(date, rows, prices, pricing, "openrouter");
    if (!result.ok) throw new Error(result.reason);
    return result.day;
  };

  it("turns tracked labs' rows into total-only observations priced by the snapshot", () => {
    const day = price([row("anthropic/claude-sonnet-4-20250514", 2n ** 60n)]);
    expect(day.observations).toEqual([
      {
        date,
        modelId: "anthropic/claude-sonnet-4-20250514",
        lab: "anthropic",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
        inputTokens: null,
        outputTokens: null,
        totalTokens: 2n ** 60n,
        cacheReadPricePerMtok: null,
        cacheReadTokens: null,
        source: "openrouter",
        priceBasis: "snapshot",
        priceSnapshotId: 42,
      },
    ]);
  });

  it("keeps the `other` row as coverage and ignores authors the index does not track", () => {
    const day = price([
      row("anthropic/claude-sonnet-4-20250514", 600n),
      row("x-ai/grok-4-07-09", 300n),
      row("nousresearch/hermes-4-405b", 100n),
      row("other", 1_000n),
    ]);
    expect(day.observations.map((o) => o.modelId)).toEqual(["anthropic/claude-sonnet-4-20250514"]);
    expect(day.coverage).toEqual({
      listedTokens: 1_000n,
      otherTokens: 1_000n,
      trackedTokens: 600n,
    });
    expect(day.ignoredModels).toBe(2);
    expect(listedShare(day.coverage)).toBe(0.5);
    expect(trackedShare(day.coverage)).toBe(0.3);
    expect(listedShare({ listedTokens: 0n, otherTokens: 0n, trackedTokens: 0n })).toBeNull();
  });

  it("keeps a :free variant (excluded later as free_variant) priced as its base", () => {
    const day = price([row("openai/gpt-4o-2024-05-13:free", 50n)]);
    expect(day.observations[0]).toMatchObject({
      modelId: "openai/gpt-4o-2024-05-13:free",
      lab: "openai",
      inputPricePerMtok: 2.5,
      outputPricePerMtok: 10,
    });
  });

  it("prices a variant with its own list entry where there is one", () => {
    const day = price([
      row("openai/gpt-4o-2024-05-13:extended", 50n),
      row("openai/gpt-4o-2024-05-13", 70n),
    ]);
    expect(
      day.observations.map((o) => [o.modelId, o.inputPricePerMtok, o.outputPricePerMtok]),
    ).toEqual([
      ["openai/gpt-4o-2024-05-13:extended", 6, 18],
      ["openai/gpt-4o-2024-05-13", 2.5, 10],
    ]);
  });

  it("keeps a tracked model the list does not price, with no prices (excluded as missing_price)", () => {
    const day = price([row("anthropic/claude-unknown-20990101", 10n)]);
    expect(day.observations[0]).toMatchObject({
      modelId: "anthropic/claude-unknown-20990101",
      inputPricePerMtok: null,
      outputPricePerMtok: null,
      totalTokens: 10n,
    });
    expect(day.unpricedModels).toBe(1);
  });

  it("refuses the whole day for a repeated permaslug, a second `other` row or a row of another day", () => {
    const reasonOf = (rows: RankingsRow[]) => {
      const result = priceRankingsDay(date, rows, prices, pricing, "openrouter");
      return result.ok ? "accepted" : result.reason;
    };
    expect(
      reasonOf([row("openai/gpt-4o-2024-05-13", 1n), row("openai/gpt-4o-2024-05-13", 2n)]),
    ).toBe("openai/gpt-4o-2024-05-13 is listed twice");
    expect(reasonOf([row("other", 1n), row("other", 2n)])).toBe("two `other` rows");
    expect(reasonOf([row("openai/gpt-4o-2024-05-13", 1n, "2026-03-02")])).toBe(
      "a row of 2026-03-02 among 2026-03-01's",
    );
    expect(reasonOf([row("openai/gpt-4o-2024-05-13", 2n ** 63n)])).toContain("out-of-range total");
  });
});
