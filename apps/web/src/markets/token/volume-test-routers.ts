import { initTRPC } from "@trpc/server";
import { z } from "zod";

/**
 * Routers standing in for the api in the volume page's rendering tests, in the shape of the
 * api's `recentTokenVolume` and `sourceDays` procedures (the browser tests render the page
 * against the real api).
 */
const t = initTRPC.create();

const dataSources = { sample: false, notice: null, sources: [] };

export const VOLUME_AS_OF = "2026-03-30T00:12:00.000Z";
export const VOLUME_CITATION = `Source: OpenRouter (openrouter.ai/rankings), as of ${VOLUME_AS_OF}.`;
export const VOLUME_SAMPLE_NOTICE = "Sample data, generated: not real prices.";

/** A synced source day in the api's shape: OpenRouter's, or the generated sample's. */
function sourceDay(date: string, sample: boolean) {
  return {
    date,
    source: sample ? "sample" : "openrouter",
    sample,
    asOf: VOLUME_AS_OF,
    citation: sample ? VOLUME_SAMPLE_NOTICE : VOLUME_CITATION,
    priceBasis: "snapshot",
    listedShare: 0.873,
    trackedShare: 0.612,
    listedTokens: 873_000_000,
    otherTokens: 127_000_000,
  };
}

const rows = [
  {
    date: "2026-03-28",
    lab: "anthropic",
    totalTokens: 4_000_000,
    growthIndex: 100,
    share: 0.4,
    totalGrowthIndex: 100,
  },
  {
    date: "2026-03-28",
    lab: "openai",
    totalTokens: 2_000_000,
    growthIndex: 100,
    share: 0.2,
    totalGrowthIndex: 100,
  },
  {
    date: "2026-03-29",
    lab: "anthropic",
    totalTokens: 5_000_000,
    growthIndex: 125,
    share: 0.5,
    totalGrowthIndex: 100,
  },
  {
    date: "2026-03-29",
    lab: "openai",
    totalTokens: 1_000_000,
    growthIndex: 50,
    share: 0.123456,
    totalGrowthIndex: 100,
  },
];

export const routerWithVolume = t.router({
  recentTokenVolume: t.procedure.query(() => ({
    startDate: "2026-03-28",
    endDate: "2026-03-29",
    days: 2,
    labs: ["anthropic", "openai", "google", "deepseek"],
    totalBaseline: null,
    latest: rows.slice(2),
    rows,
    baselines: [
      { lab: "anthropic", date: "2026-03-28", totalTokens: 4_000_000 },
      { lab: "openai", date: "2026-03-28", totalTokens: 2_000_000 },
    ],
    dataSources,
  })),
  // 28 Mar has no synced source day: its CSV rows take the published set's sample flag.
  sourceDays: t.procedure
    .input(z.object({ startDate: z.string(), endDate: z.string() }))
    .query(() => [sourceDay("2026-03-29", false)]),
});

/** The same rows from the generated sample: every day's source day and the data sources say so. */
export const routerWithSampleVolume = t.router({
  recentTokenVolume: t.procedure.query(() => ({
    startDate: "2026-03-28",
    endDate: "2026-03-29",
    days: 2,
    labs: ["anthropic", "openai", "google", "deepseek"],
    totalBaseline: null,
    latest: rows.slice(2),
    rows,
    baselines: [],
    dataSources: { ...dataSources, sample: true, notice: VOLUME_SAMPLE_NOTICE },
  })),
  sourceDays: t.procedure
    .input(z.object({ startDate: z.string(), endDate: z.string() }))
    .query(() => [sourceDay("2026-03-28", true), sourceDay("2026-03-29", true)]),
});

export const routerWithoutVolume = t.router({
  recentTokenVolume: t.procedure.query(() => ({
    startDate: null,
    endDate: null,
    days: 0,
    latest: [],
    rows: [],
    baselines: [],
    dataSources,
  })),
});
