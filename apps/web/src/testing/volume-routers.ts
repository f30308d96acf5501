import { initTRPC } from "@trpc/server";

/**
 * Routers standing in for the api in the volume page's rendering tests, in the shape of the
 * api's `recentTokenVolume` procedure (the browser tests render the page against the real api).
 */
const t = initTRPC.create();

const dataSources = { sample: false, notice: null, sources: [] };

const rows = [
  { date: "2026-03-28", lab: "anthropic", totalTokens: 4_000_000, growthIndex: 100, share: 0.4 },
  { date: "2026-03-28", lab: "openai", totalTokens: 2_000_000, growthIndex: 100, share: 0.2 },
  { date: "2026-03-29", lab: "anthropic", totalTokens: 5_000_000, growthIndex: 125, share: 0.5 },
  {
    date: "2026-03-29",
    lab: "openai",
    totalTokens: 1_000_000,
    growthIndex: 50,
    share: 0.123456,
  },
];

export const routerWithVolume = t.router({
  recentTokenVolume: t.procedure.query(() => ({
    startDate: "2026-03-28",
    endDate: "2026-03-29",
    days: 2,
    latest: rows.slice(2),
    rows,
    baselines: [
      { lab: "anthropic", baseDate: "2026-03-28", baseTotalTokens: 4_000_000 },
      { lab: "openai", baseDate: "2026-03-28", baseTotalTokens: 2_000_000 },
    ],
    dataSources,
  })),
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
