import {
  DEFAULT_EXCLUDED_MODEL_PATTERNS,
  EXCLUSION_REASONS,
  INDEX_FORMULA,
  LAB_CATALOG,
  METHODOLOGY_HISTORY,
  OPENROUTER_LICENCE,
  PRICE_BASES,
  PRICE_SNAPSHOT_WINDOW_HOURS,
  SAMPLE_NOTICE,
  SUPPRESSION_REASONS,
  describeEstimatedSplit,
  openRouterCitation,
} from "@tpi/domain";
import { initTRPC } from "@trpc/server";
import { z } from "zod";

/**
 * Routers standing in for the api in the token page rendering tests: the procedures the lab,
 * methodology pages and the site chrome call, in the shapes the api's router returns, once for
 * OpenRouter data and once for the generated sample. The browser tests run against the real api.
 */
const t = initTRPC.create();

/** The api's free windows on a fixed clock (today 2026-03-30 UTC). */
const WINDOW = { startDate: "2026-02-28", endDate: "2026-03-30" };
const AS_OF = "2026-03-30T00:12:00.000Z";
/** The latest settled day of the one keyed lab with data (MiniMax) in these routers. */
export const KEYED_LATEST_DAY = "2026-03-28";
/** A configured input share other than the default, so a test sees the configured one. */
export const CONFIGURED_INPUT_SHARE = 0.6;

type Source = "openrouter" | "sample";

function dataSources(source: Source) {
  const sample = source === "sample";
  return {
    sample,
    notice: sample ? SAMPLE_NOTICE : null,
    sources: [
      {
        source,
        sample,
        firstDay: "2026-03-28",
        lastDay: "2026-03-29",
        days: 2,
        latestAsOf: AS_OF,
        citation: sample ? SAMPLE_NOTICE : openRouterCitation(AS_OF),
        licence: sample ? null : { ...OPENROUTER_LICENCE },
      },
    ],
  };
}

/** The GPU index's sources, as `gpu.dataProvenance` answers: the sample, or an import's own source. */
function gpuDataSources(sample: boolean) {
  return {
    sample,
    notice: sample ? SAMPLE_NOTICE : null,
    sources: [
      {
        source: sample ? "sample" : "acme-exchange",
        sample,
        firstDay: "2025-10-01",
        lastDay: "2026-03-30",
        days: 181,
        latestAsOf: "2026-03-30T11:58:00.000Z",
        citation: sample ? SAMPLE_NOTICE : null,
        licence: null,
      },
    ],
  };
}

function sourceDay(source: Source, date: string, asOf: string) {
  const sample = source === "sample";
  return {
    date,
    source,
    sample,
    asOf,
    citation: sample ? SAMPLE_NOTICE : openRouterCitation(asOf),
    priceBasis: "snapshot",
    listedShare: 0.873,
    trackedShare: 0.612,
    listedTokens: 873_000_000,
    otherTokens: 127_000_000,
  };
}

function constituents(source: Source, date: string, lab: string) {
  const sample = source === "sample";
  return {
    success: true,
    access: "public",
    date,
    lab,
    published: true,
    indexPerMtok: 5.5,
    computedAt: "2026-03-31T12:00:00.000Z",
    methodologyVersion: "1.1",
    totalTokens: 3_000_000,
    suppressionReason: null,
    suppressionDescription: null,
    coverage: {
      source,
      listedTokens: 873_000_000,
      otherTokens: 127_000_000,
      trackedTokens: 612_000_000,
      listedShare: 0.873,
      trackedShare: 0.612,
    },
    provenance: {
      source,
      sample,
      asOf: AS_OF,
      citation: sample ? SAMPLE_NOTICE : openRouterCitation(AS_OF),
      licence: sample ? null : { ...OPENROUTER_LICENCE },
    },
    count: 2,
    data: [
      {
        modelId: "anthropic/claude-sonnet-4",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
        inputTokens: 1_800_000,
        outputTokens: 1_200_000,
        totalTokens: 3_000_000,
        split: "estimated",
        inputShare: CONFIGURED_INPUT_SHARE,
        blendedPricePerMtok: 7.8,
        weight: 1,
        eligible: true,
        exclusionReason: null,
        exclusionDescription: null,
        priceBasis: "backfilled",
        priceBasisDescription: PRICE_BASES.backfilled,
        priceSnapshotId: 7,
        source,
      },
      {
        modelId: "anthropic/claude-unpriced",
        inputPricePerMtok: null,
        outputPricePerMtok: null,
        inputTokens: 600,
        outputTokens: 400,
        totalTokens: 1000,
        split: "reported",
        inputShare: null,
        blendedPricePerMtok: null,
        weight: 0,
        eligible: false,
        exclusionReason: "missing_price",
        exclusionDescription: EXCLUSION_REASONS.missing_price,
        priceBasis: "snapshot",
        priceBasisDescription: PRICE_BASES.snapshot,
        priceSnapshotId: 7,
        source,
      },
    ],
  };
}

function methodology(source: Source) {
  return {
    version: "1.1",
    unit: "USD per million tokens",
    formula: INDEX_FORMULA,
    estimatedSplit: {
      inputShare: CONFIGURED_INPUT_SHARE,
      rule: describeEstimatedSplit(CONFIGURED_INPUT_SHARE),
      effectiveFrom: "2026-11-23",
    },
    pricing: { snapshotWindowHours: PRICE_SNAPSHOT_WINDOW_HOURS, priceBases: { ...PRICE_BASES } },
    dataSources: dataSources(source),
    eligibility: {
      excludedModelPatterns: DEFAULT_EXCLUDED_MODEL_PATTERNS,
      exclusionReasons: { ...EXCLUSION_REASONS },
    },
    sufficiency: {
      minEligibleModels: 1,
      minEligibleTokens: 1,
      suppressionReasons: { ...SUPPRESSION_REASONS },
    },
    settlement: { lagHours: 36, calendar: "Each UTC day settles 36 hours after it ends." },
    restatements: { materialityThresholdPercent: 0.5, policy: "Restated with a reason." },
    history: METHODOLOGY_HISTORY,
  };
}

function routerFor(source: Source, gpuSample = source === "sample") {
  return t.router({
    gpu: t.router({ dataProvenance: t.procedure.query(() => gpuDataSources(gpuSample)) }),
    windows: t.procedure.query(() => ({
      token: WINDOW,
      gpu: { startDate: "2025-12-30", endDate: "2026-03-30" },
    })),
    freeWindowIndex: t.procedure
      .input(z.object({ lab: z.string().optional() }))
      .query(({ input }) => ({
        access: "public",
        ...WINDOW,
        rows: ["2026-03-28", "2026-03-29"].map((date, index) => ({
          date,
          lab: input.lab ?? "anthropic",
          indexPerMtok: 5 + index / 2,
          computedAt: "2026-03-31T12:00:00.000Z",
        })),
      })),
    dataProvenance: t.procedure.query(() => dataSources(source)),
    sourceDays: t.procedure
      .input(z.object({ startDate: z.string(), endDate: z.string() }))
      .query(() => [
        sourceDay(source, "2026-03-28", "2026-03-29T00:11:00.000Z"),
        sourceDay(source, "2026-03-29", AS_OF),
      ]),
    constituents: t.procedure
      .input(z.object({ date: z.string(), lab: z.string() }))
      // A day without constituents (not settled) is null, as the api answers it.
      .query(({ input }) =>
        input.date === "2026-03-29" ? constituents(source, input.date, input.lab) : null,
      ),
    methodology: t.procedure.query(() => methodology(source)),
    publicIndex: t.procedure.input(z.object({}).passthrough()).query(() => ({
      success: true,
      access: "public-1mo",
      date: "2026-03-29",
      count: 1,
      data: [
        {
          date: "2026-03-29",
          lab: "anthropic",
          indexPerMtok: 5.5,
          computedAt: "2026-03-31T12:00:00.000Z",
        },
      ],
    })),
    tokenTypes: t.procedure.query(() => ({
      all: LAB_CATALOG.map(({ lab, label }) => ({ lab, label })),
      free: LAB_CATALOG.filter((entry) => entry.freeTier).map(({ lab, label }) => ({ lab, label })),
    })),
    // As the api answers: keyed labs only, their latest settled day and never a value.
    keyedLatestDays: t.procedure.query(() =>
      LAB_CATALOG.filter((entry) => !entry.freeTier).map(({ lab, label }) => ({
        lab,
        label,
        latestDate: lab === "minimax" ? KEYED_LATEST_DAY : null,
      })),
    ),
  });
}

export const routerWithOpenRouterData = routerFor("openrouter");
export const routerWithSampleData = routerFor("sample");
/** Real token data beside sample GPU trades: the banner must still say the GPU index is a sample. */
export const routerWithSampleGpuData = routerFor("openrouter", true);
