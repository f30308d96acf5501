import { OPENROUTER_SOURCE, SAMPLE_SOURCE, type RankingsRow } from "@tpi/domain";
import { storePriceSnapshots } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import { ingestRankingsDays } from "./rankings-ingest";

// Re-syncing days: what each day's write reports and leaves stored, several days per statement.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAYS = ["2026-03-27", "2026-03-28"];

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  const models = ["a", "b", "c"].map((name) => ({
    modelId: `openai/${name}`,
    canonicalSlug: `openai/${name}-1`,
    prompt: "0.000001",
    completion: "0.000002",
    inputCacheRead: null,
  }));
  await storePriceSnapshots(
    api.db,
    DAYS.map((date) => ({
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date(`${nextDay(date)}T03:00:00Z`),
      models,
    })),
  );
});
afterAll(async () => api.close());

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const rows = (date: string, totals: Record<string, bigint>): RankingsRow[] =>
  Object.entries(totals).map(([name, totalTokens]) => ({
    date,
    permaslug: name === "other" ? "other" : `openai/${name}-1`,
    totalTokens,
  }));

/** `allowShrink`: the operator's --allow-shrink (the write mechanics' tests remove freely). */
const ingest = (perDay: Record<string, bigint>[], source = OPENROUTER_SOURCE, allowShrink = true) =>
  ingestRankingsDays(api.db, {
    source,
    days: DAYS.map((date, i) => ({ date, asOf: NOW, rows: rows(date, perDay[i] ?? {}) })),
    backfillFrom: null,
    syncedAt: NOW,
    allowShrink,
  });

describe("re-syncing days", () => {
  it("reports inserted, updated, unchanged and removed rows per day, and stores the latest answer", async () => {
    const first = await ingest([
      { a: 10n, b: 20n, c: 30n, other: 5n },
      { a: 11n, b: 21n, other: 6n },
    ]);
    expect(first.map((d) => d.written && d.write)).toEqual([
      { date: DAYS[0], inserted: 3, updated: 0, unchanged: 0, removed: 0, settled: false },
      { date: DAYS[1], inserted: 2, updated: 0, unchanged: 0, removed: 0, settled: false },
    ]);
    // Day one: b changed, c left the answer. Day two: unchanged, and c is new.
    const second = await ingest([
      { a: 10n, b: 25n, other: 5n },
      { a: 11n, b: 21n, c: 1n, other: 7n },
    ]);
    expect(second.map((d) => d.written && d.write)).toEqual([
      { date: DAYS[0], inserted: 0, updated: 1, unchanged: 1, removed: 1, settled: false },
      { date: DAYS[1], inserted: 1, updated: 0, unchanged: 2, removed: 0, settled: false },
    ]);
    const stored = await api.db.observation.findMany({
      orderBy: [{ date: "asc" }, { modelId: "asc" }],
      select: { modelId: true, totalTokens: true },
    });
    expect(stored.map((o) => [o.modelId, o.totalTokens])).toEqual([
      ["openai/a-1", 10n],
      ["openai/b-1", 25n],
      ["openai/a-1", 11n],
      ["openai/b-1", 21n],
      ["openai/c-1", 1n],
    ]);
    const coverage = await api.db.sourceDay.findMany({ orderBy: { date: "asc" } });
    expect(coverage.map((d) => [d.otherTokens, d.listedTokens, d.listedModels])).toEqual([
      [5n, 35n, 2],
      [7n, 33n, 3],
    ]);
  });

  it("does not write a day whose answer drops more than a fifth of its stored models, unless allowed", async () => {
    await ingest([
      { a: 10n, b: 20n, c: 30n, d: 40n, e: 50n, other: 5n },
      { a: 11n, b: 21n, other: 6n },
    ]);
    const before = await api.db.observation.findMany({
      orderBy: [{ date: "asc" }, { modelId: "asc" }],
    });
    // Day one's answer cut short: two of its five models left. Day two's answer adds one.
    const truncated = await ingest(
      [
        { a: 10n, b: 20n, other: 5n },
        { a: 11n, b: 21n, c: 1n, other: 6n },
      ],
      OPENROUTER_SOURCE,
      false,
    );
    expect(truncated.map((d) => (d.written ? d.write : d.reason))).toEqual([
      "the sync would remove 3 of the 5 stored openrouter observations of 2026-03-27 (60%); a sync removes at most 20% at once, so a truncated or empty answer cannot wipe a dataset. Nothing was written. If the source really dropped them, run the sync again with --allow-shrink",
      { date: DAYS[1], inserted: 1, updated: 0, unchanged: 2, removed: 0, settled: false },
    ]);
    const after = await api.db.observation.findMany({
      orderBy: [{ date: "asc" }, { modelId: "asc" }],
    });
    expect(after.filter((o) => o.date.toISOString().startsWith(DAYS[0] ?? ""))).toEqual(
      before.filter((o) => o.date.toISOString().startsWith(DAYS[0] ?? "")),
    );
    const allowed = await ingest([{ a: 10n, b: 20n, other: 5n }], OPENROUTER_SOURCE, true);
    expect(allowed[0]?.written && allowed[0].write.removed).toBe(3);
  });

  it("real data replaces the sample on its days: no day blends sample and market data", async () => {
    const SAMPLE_DAY = "2026-03-29";
    await storePriceSnapshots(api.db, [
      {
        source: SAMPLE_SOURCE,
        fetchedAt: new Date(`${nextDay(SAMPLE_DAY)}T02:00:00Z`),
        models: [
          {
            modelId: "openai/sample-only",
            canonicalSlug: "openai/sample-only-1",
            prompt: "0.000001",
            completion: "0.000001",
            inputCacheRead: null,
          },
        ],
      },
      {
        source: OPENROUTER_SOURCE,
        fetchedAt: new Date(`${nextDay(SAMPLE_DAY)}T03:00:00Z`),
        models: [
          {
            modelId: "openai/a",
            canonicalSlug: "openai/a-1",
            prompt: "0.000001",
            completion: "0.000002",
            inputCacheRead: null,
          },
        ],
      },
    ]);
    const sampleRows: RankingsRow[] = [
      { date: SAMPLE_DAY, permaslug: "openai/sample-only-1", totalTokens: 100n },
      { date: SAMPLE_DAY, permaslug: "other", totalTokens: 10n },
    ];
    await ingestRankingsDays(api.db, {
      source: SAMPLE_SOURCE,
      days: [{ date: SAMPLE_DAY, asOf: NOW, rows: sampleRows }],
      backfillFrom: null,
      syncedAt: NOW,
      allowShrink: true,
    });
    const [real] = await ingestRankingsDays(api.db, {
      source: OPENROUTER_SOURCE,
      days: [
        {
          date: SAMPLE_DAY,
          asOf: NOW,
          rows: [{ date: SAMPLE_DAY, permaslug: "openai/a-1", totalTokens: 50n }],
        },
      ],
      backfillFrom: null,
      syncedAt: NOW,
      // The sample's rows it replaces are not the source's own: nothing of it shrinks.
      allowShrink: false,
    });
    expect(real?.written && real.write.removed).toBe(1);
    const day = new Date(`${SAMPLE_DAY}T00:00:00Z`);
    const stored = await api.db.observation.findMany({ where: { date: day } });
    expect(stored.map((o) => [o.modelId, o.source])).toEqual([["openai/a-1", OPENROUTER_SOURCE]]);
    const sources = await api.db.sourceDay.findMany({ where: { date: day } });
    expect(sources.map((d) => d.source)).toEqual([OPENROUTER_SOURCE]);
  });
});
