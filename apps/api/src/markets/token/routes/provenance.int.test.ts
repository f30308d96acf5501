// @module-tag zone
import { TOKEN as TOKEN_MARKET } from "../read-model/state";
import { dataSourcesSchema } from "../../../platform/provenance/data-sources";
import {
  OPENROUTER_LICENCE,
  OPENROUTER_SOURCE,
  PRICE_BASES,
  SAMPLE_NOTICE,
  describeEstimatedSplit,
  openRouterCitation,
} from "@tpi/domain";
import { storePriceSnapshots } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestRankingsDays } from "../jobs/rankings-ingest";
import { seedTokenSample } from "../jobs/sample-seed";
import {
  constituentsResponseSchema,
  methodologyResponseSchema,
  sourceDaySchema,
} from "../schemas/details";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";

// "Today" is 2026-03-31 12:00 UTC: the latest settled day is 2026-03-29, 2026-03-30 is not settled.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const TOKEN = "internal-token-for-tests-0123456789";
const DAY = "2026-03-29";
const AS_OF = "2026-03-30T01:30:00.000Z";
/** Above 2^53: a real day's total may be; stored and summed exactly. */
const BIG = 2n ** 53n + 1n;

let api: TestApi;
let snapshotId: number;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, internalToken: TOKEN });
  // A price list in the model list's shape (USD per token as text), fetched 3 hours after each day.
  const models = [
    {
      modelId: "anthropic/claude-sonnet-4",
      canonicalSlug: "anthropic/claude-sonnet-4-20250514",
      prompt: "0.000003",
      completion: "0.000015",
      inputCacheRead: "0.0000003",
    },
    {
      modelId: "openai/gpt-4o",
      canonicalSlug: "openai/gpt-4o-2024-05-13",
      prompt: "0.0000025",
      completion: "0.00001",
      inputCacheRead: null,
    },
  ];
  const [first] = await storePriceSnapshots(api.db, [
    { source: OPENROUTER_SOURCE, fetchedAt: new Date("2026-03-30T03:00:00Z"), models },
    { source: OPENROUTER_SOURCE, fetchedAt: new Date("2026-03-31T03:00:00Z"), models },
  ]);
  snapshotId = first?.id ?? -1;
  const row = (date: string, permaslug: string, totalTokens: bigint) => ({
    date,
    permaslug,
    totalTokens,
  });
  const outcomes = await ingestRankingsDays(api.db, {
    source: OPENROUTER_SOURCE,
    days: ["2026-03-29", "2026-03-30"].map((date) => ({
      date,
      asOf: new Date(date === DAY ? AS_OF : "2026-03-31T01:30:00Z"),
      rows: [
        row(date, "anthropic/claude-sonnet-4-20250514", 4_000_000n),
        row(date, "anthropic/claude-sonnet-4-20250514:free", 1_000_000n),
        row(date, "anthropic/claude-unlisted-20990101", 500_000n),
        row(date, "openai/gpt-4o-2024-05-13", BIG),
        row(date, "x-ai/grok-4-07-09", 2_500_000n),
        row(date, "other", 12_000_000n),
      ],
    })),
    backfillFrom: null,
    syncedAt: NOW,
    allowShrink: false,
  });
  expect(outcomes.map((o) => o.written)).toEqual([true, true]);
  await api.load([]);
});
afterAll(async () => api.close());

async function trpc(path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api.get(`/trpc/${path}${query}`, bearer(TOKEN));
  return {
    status: res.status,
    data: (res.body as { result?: { data: unknown } }).result?.data,
    code: (res.body as { error?: { data?: { code?: string } } }).error?.data?.code,
  };
}

type Row = Record<string, unknown> & { modelId: string };

describe("constituents of a day synced from OpenRouter", () => {
  it("show the estimated split, the price snapshot, the coverage and the citation", async () => {
    const res = await api.get(`/api/otpi/constituents?date=${DAY}&lab=anthropic`);
    expect(res.status).toBe(200);
    expect(constituentsResponseSchema.strict().safeParse(res.body).success).toBe(true);
    const body = res.body as { data: Row[] } & Record<string, unknown>;
    expect(body).toMatchObject({
      published: true,
      methodologyVersion: "1.1",
      totalTokens: 4_000_000,
      // Every listed model counts: 4M + 1M + 0.5M + (2^53 + 1) + 2.5M; `other` is 12M.
      coverage: {
        source: "openrouter",
        listedTokens: Number(8_000_000n + BIG),
        otherTokens: 12_000_000,
        trackedTokens: Number(5_500_000n + BIG),
      },
      provenance: {
        source: "openrouter",
        sample: false,
        asOf: AS_OF,
        citation: `Source: OpenRouter (openrouter.ai/rankings), as of ${AS_OF}.`,
        licence: OPENROUTER_LICENCE,
      },
    });
    const coverage = body.coverage as { listedShare: number; trackedShare: number };
    expect(coverage.listedShare).toBeCloseTo(Number(8_000_000n + BIG) / Number(20_000_000n + BIG));
    expect(coverage.trackedShare).toBeLessThan(coverage.listedShare);

    const byModel = new Map(body.data.map((c) => [c.modelId, c]));
    expect(byModel.get("anthropic/claude-sonnet-4-20250514")).toEqual({
      modelId: "anthropic/claude-sonnet-4-20250514",
      inputPricePerMtok: 3,
      outputPricePerMtok: 15,
      inputTokens: 3_000_000,
      outputTokens: 1_000_000,
      totalTokens: 4_000_000,
      split: "estimated",
      inputShare: 0.75,
      priceBasis: "snapshot",
      priceBasisDescription: PRICE_BASES.snapshot,
      priceSnapshotId: snapshotId,
      source: "openrouter",
      blendedPricePerMtok: 6,
      weight: 1,
      eligible: true,
      exclusionReason: null,
      exclusionDescription: null,
    });
    expect(byModel.get("anthropic/claude-sonnet-4-20250514:free")).toMatchObject({
      exclusionReason: "free_variant",
      inputPricePerMtok: 3,
    });
    expect(byModel.get("anthropic/claude-unlisted-20990101")).toMatchObject({
      exclusionReason: "missing_price",
      inputPricePerMtok: null,
      split: "estimated",
    });
    expect([...byModel.keys()].some((id) => id.startsWith("x-ai/"))).toBe(false);
    // (3 x 3M + 15 x 1M) / 4M = 6 USD per Mtok.
    expect(body.indexPerMtok).toBe(6);
  });

  it("keep a total above 2^53 exact through storage and the blend", async () => {
    const res = await api.get(`/api/otpi/constituents?date=${DAY}&lab=openai`);
    const body = res.body as { data: Row[]; totalTokens: number };
    expect(body.totalTokens).toBe(Number(BIG));
    const [gpt] = body.data;
    // 0.75 x (2^53 + 1) = 6755399441055744.75 -> 6755399441055745 input tokens.
    expect(gpt).toMatchObject({ inputTokens: 6755399441055745, split: "estimated" });
  });

  it("are the same body through the website's tRPC procedure, and null before settlement", async () => {
    const rest = await api.get(`/api/otpi/constituents?date=${DAY}&lab=anthropic`);
    const viaTrpc = await trpc("constituents", { date: DAY, lab: "anthropic" });
    expect(viaTrpc.data).toEqual(rest.body);
    expect((await trpc("constituents", { date: "2026-03-30", lab: "anthropic" })).data).toBeNull();
    expect((await trpc("constituents", { date: DAY, lab: "minimax" })).code).toBe("UNAUTHORIZED");
    expect((await trpc("constituents", { date: "2026-02-30", lab: "anthropic" })).code).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("methodology and data provenance", () => {
  it("state methodology 1.1 with its estimated split, the pricing rule and the real source", async () => {
    const res = await api.get("/api/otpi/methodology");
    expect(methodologyResponseSchema.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      version: "1.1",
      estimatedSplit: {
        inputShare: 0.75,
        rule: describeEstimatedSplit(0.75),
        effectiveFrom: "2026-11-23",
      },
      pricing: { snapshotWindowHours: 48, priceBases: PRICE_BASES },
      dataSources: {
        sample: false,
        notice: null,
        sources: [
          {
            source: "openrouter",
            sample: false,
            firstDay: "2026-03-29",
            lastDay: "2026-03-30",
            days: 2,
            latestAsOf: "2026-03-31T01:30:00.000Z",
            citation: openRouterCitation("2026-03-31T01:30:00.000Z"),
            licence: OPENROUTER_LICENCE,
          },
        ],
      },
    });
    const history = (res.body as { history: { version: string }[] }).history;
    expect(history.map((h) => h.version)).toEqual(["1.0", "1.1"]);
    const viaTrpc = await trpc("methodology");
    expect(viaTrpc.data).toMatchObject({
      dataSources: (res.body as { dataSources: unknown }).dataSources,
    });
    const provenance = await trpc("dataProvenance");
    expect(dataSourcesSchema.strict().safeParse(provenance.data).success).toBe(true);
    expect(provenance.data).toEqual((res.body as { dataSources: unknown }).dataSources);
  });

  it("list synced days oldest first with coverage and citation, and refuse a reversed range", async () => {
    const res = await trpc("sourceDays", { startDate: "2026-03-01", endDate: "2026-03-31" });
    const days = res.data as Record<string, unknown>[];
    expect(days.map((d) => sourceDaySchema.strict().safeParse(d).success)).toEqual([true, true]);
    expect(days.map((d) => d.date)).toEqual(["2026-03-29", "2026-03-30"]);
    expect(days[0]).toMatchObject({
      source: "openrouter",
      sample: false,
      asOf: AS_OF,
      citation: openRouterCitation(AS_OF),
      priceBasis: "snapshot",
      otherTokens: 12_000_000,
    });
    const reversed = await trpc("sourceDays", { startDate: "2026-03-31", endDate: "2026-03-01" });
    expect(reversed.code).toBe("BAD_REQUEST");
  });
});

describe("the generated sample", () => {
  it("enters through the same path, says it is a sample, and seeding twice changes nothing", async () => {
    const sample = await startTestApi({ now: NOW, internalToken: TOKEN });
    try {
      const first = await seedTokenSample(sample.db, { now: NOW, from: "2026-03-20" });
      // Through yesterday: its snapshot (2 hours after it ended) has been taken by noon today.
      expect(first).toMatchObject({ days: 11, through: "2026-03-30" });
      expect(first.newDays).toBe(11);
      expect(first.inserted).toBeGreaterThan(11 * 40);
      const observations = await sample.db.observation.count();
      const second = await seedTokenSample(sample.db, { now: NOW, from: "2026-03-20" });
      expect(second).toMatchObject({ days: 11, newDays: 0, inserted: 0 });
      expect(await sample.db.observation.count()).toBe(observations);
      expect(await sample.db.priceSnapshot.count()).toBe(11);
      await sample.load([]);
      expect(TOKEN_MARKET.of(sample.deps).index.dataSources).toMatchObject({
        sample: true,
        notice: SAMPLE_NOTICE,
        sources: [
          { source: "sample", sample: true, firstDay: "2026-03-20", lastDay: "2026-03-30" },
        ],
      });
      // /api/otpi says so with its numbers: sample, the notice, the source.
      const otpi = await sample.get(`/api/otpi?date=${DAY}`);
      expect(otpi.body).toMatchObject({
        dataSources: {
          sample: true,
          notice: SAMPLE_NOTICE,
          sources: [{ source: "sample", sample: true, citation: SAMPLE_NOTICE, licence: null }],
        },
      });
      const res = await sample.get(`/api/otpi/constituents?date=${DAY}&lab=anthropic`);
      expect(res.body).toMatchObject({
        provenance: { source: "sample", sample: true, citation: SAMPLE_NOTICE },
        coverage: { source: "sample" },
      });
      const rows = (res.body as { data: Row[] }).data;
      expect(rows.every((c) => c.split === "estimated" && c.priceBasis === "snapshot")).toBe(true);
    } finally {
      await sample.close();
    }
  });
});
