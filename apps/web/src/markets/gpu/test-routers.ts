import { TRPCError } from "@trpc/server";
import {
  DEFAULT_GPU_METHOD_RULES,
  GPU_LEDGER_CITATION,
  GPU_LEDGER_LICENCE,
  GPU_LEDGER_SOURCE,
  GPU_METHODOLOGY_HISTORY,
  SAMPLE_NOTICE,
  gpuMethodologySections,
} from "@tpi/domain";
import { z } from "zod";
import { FULL_VIEWER, marketFixture, DATE_RANGE_INPUT, t } from "../../kit/test-viewers";

/*
 * Routers standing in for the api in the GPU rendering tests: the `gpu` procedures in the shapes
 * the api's router returns (the REST envelopes), and with them but no data yet. The browser tests
 * run the page against the real api.
 */

/** The api's free windows on a fixed clock (today 2026-03-30 UTC). */
const windows = t.procedure.query(() => ({
  token: { startDate: "2026-02-28", endDate: "2026-03-30" },
  gpu: { startDate: "2025-12-30", endDate: "2026-03-30" },
}));

export const historyInputs: unknown[] = [];
export const detailInputs: unknown[] = [];

const HOUR_MS = 3_600_000;
/** H100 SXM's trailing 24 prints, oldest first: 21:00 UTC on 03-29 through 20:00 on 03-30; 03:00 and 04:00 carried. */
const H100_PRINTS = Array.from({ length: 24 }, (_, i) => {
  const timestamp = new Date(Date.parse("2026-03-29T21:00:00.000Z") + i * HOUR_MS).toISOString();
  const carried = timestamp.startsWith("2026-03-30T03") || timestamp.startsWith("2026-03-30T04");
  return {
    timestamp,
    index_value: Number((2.3 + i * 0.001).toFixed(4)),
    is_carried: carried,
    basis: "quotes",
    sources: [GPU_LEDGER_SOURCE],
    providerCount: carried ? 0 : 3,
    offerCount: carried ? 0 : 4,
  };
});

/** H100 SXM's daily values: the latest day, 1, 7 and 30 days before it (2.31 vs 2.30, 2.20, 2.00). */
const H100_DAILY = [
  { timestamp: "2026-02-28T21:00:00.000Z", index_value: 2, backfilled: true },
  { timestamp: "2026-03-23T20:00:00.000Z", index_value: 2.2, backfilled: false },
  { timestamp: "2026-03-29T20:00:00.000Z", index_value: 2.3, backfilled: false },
  { timestamp: "2026-03-30T20:00:00.000Z", index_value: 2.31, backfilled: false },
].map((row) => ({
  ...row,
  basis: "quotes" as const,
  sources: [GPU_LEDGER_SOURCE],
  providerCount: 3,
  offerCount: 96,
}));

/** Bounds other than the defaults, so a page showing them shows the api's answer. */
export const FIXTURE_WINSOR = { lower: 0.1, upper: 0.9 };
/** The methodology rules of the fixture: its bounds, the default quote rules. */
export const FIXTURE_RULES = { ...DEFAULT_GPU_METHOD_RULES, winsor: FIXTURE_WINSOR };

/** The ledger as the api describes it: real posted prices, with the citation its licence requires. */
export const LEDGER_PROVENANCE = {
  sample: false,
  sources: [
    {
      source: GPU_LEDGER_SOURCE,
      sample: false,
      asOf: "2026-03-30T06:21:55.020Z",
      citation: GPU_LEDGER_CITATION,
      licence: GPU_LEDGER_LICENCE,
    },
  ],
};

function routesOf(gpu: string) {
  const path = `/api/gpu/${encodeURIComponent(gpu)}`;
  const access = "Required: a Full plan key (Premium and Trial keys get 403).";
  return {
    rollingAverage: {
      operationId: "getGpuRollingAverage",
      path: `${path}/rolling-24h-average`,
      access,
    },
    hourly: { operationId: "getGpuHourly", path: `${path}/hourly`, access },
    daily: {
      operationId: "getGpuIndexHistory",
      path: `${path}/index-history`,
      access: "Without a key: free-tier GPUs and the trailing 3 months.",
    },
    volatility: {
      operationId: "getGpuVolatility",
      path: `${path}/volatility`,
      access: "Any key (Trial, Premium or Full); without a key 401.",
    },
  };
}

/** `gpu.detail` in the api's shapes: H100 SXM with every part, any other GPU with nothing published yet. */
const detail = t.procedure.input(z.object({ gpu: z.string() })).query(({ input }) => {
  detailInputs.push(input);
  const common = {
    gpu_type: input.gpu,
    window: { startDate: "2025-12-30", endDate: "2026-03-30" },
    volatility_window_days: 30,
    routes: routesOf(input.gpu),
  };
  if (input.gpu !== "H100 SXM")
    return { ...common, rollingAverage: null, hourly: null, daily: null, volatility: null };
  const range = { startDate: "2026-03-29T21:00:00.000Z", endDate: "2026-03-30T20:00:00.000Z" };
  return {
    ...common,
    rollingAverage: {
      success: true as const,
      data: {
        gpu_name: input.gpu,
        region: "global" as const,
        average_usd_per_hour: 2.3115,
        as_of: range.endDate,
        window_start: range.startDate,
        window_end: range.endDate,
        print_count: 24,
        carried_count: 2,
      },
      provenance: LEDGER_PROVENANCE,
    },
    hourly: {
      success: true as const,
      gpu_type: input.gpu,
      access: "full" as const,
      granularity: "hourly" as const,
      ...range,
      count: H100_PRINTS.length,
      data: H100_PRINTS,
      provenance: LEDGER_PROVENANCE,
    },
    daily: {
      success: true as const,
      gpu_type: input.gpu,
      access: "public-3mo" as const,
      startDate: "2025-12-30",
      endDate: "2026-03-30",
      count: H100_DAILY.length,
      data: H100_DAILY,
      provenance: LEDGER_PROVENANCE,
    },
    volatility: {
      success: true as const,
      gpu_type: input.gpu,
      window_days: 30,
      startDate: "2025-12-30",
      endDate: "2026-03-30",
      count: 3,
      // Most recent first, as the api serves analytics series; 03-28's window has a gap.
      data: [
        ["2026-03-30T20:00:00.000Z", 2.31, 0.4123],
        ["2026-03-29T20:00:00.000Z", 2.3, 0.398],
        ["2026-03-28T20:00:00.000Z", 2.29, null],
      ].map(([recorded_at, index_value, rolling_volatility]) => ({
        recorded_at: recorded_at as string,
        gpu_type: input.gpu,
        region: "global" as const,
        index_value: index_value as number,
        rolling_volatility: rolling_volatility as number | null,
        window_days: 30,
      })),
      provenance: LEDGER_PROVENANCE,
    },
  };
});
/** The fixture's trades: the generated sample, as the api says of them. */
export const FIXTURE_GPU_SOURCES = {
  sample: true,
  notice: SAMPLE_NOTICE,
  sources: [
    {
      source: "sample",
      sample: true,
      firstDay: "2025-09-28",
      lastDay: "2026-03-30",
      days: 184,
      latestAsOf: "2026-03-30T11:58:00.000Z",
      citation: SAMPLE_NOTICE,
      licence: null,
    },
  ],
};

export const constituentsInputs: unknown[] = [];

/** A quote row of the ledger's snapshot of 2026-03-30. */
function quote(provider: string, tier: string, price: number, excluded?: [string, string]) {
  return {
    kind: "quote" as const,
    source: GPU_LEDGER_SOURCE,
    snapshotId: 41,
    snapshotAsOf: "2026-03-30T06:21:55.020Z",
    provider,
    tier,
    offer: provider === "aws" ? "p5.48xlarge, 8 GPUs" : "",
    priceUsdPerGpuHour: price,
    prints: excluded === undefined ? 24 : 0,
    included: excluded === undefined,
    exclusionReason: excluded?.[0] ?? null,
    exclusionDescription: excluded?.[1] ?? null,
  };
}

/** `gpu.constituents`: H100 SXM's latest settled day from the ledger's quotes, back-filled; none otherwise. */
const constituents = t.procedure
  .input(z.object({ gpu: z.string(), date: z.string() }))
  .query(({ input }) => {
    constituentsInputs.push(input);
    if (input.gpu !== "H100 SXM" || input.date !== "2026-03-30") return null;
    const data = [
      quote("lambda", "on-demand", 2.99),
      quote("aws", "on-demand", 12.29),
      quote("runpod", "community", 2.69, ["tier", "Community tier: only on-demand prices enter"]),
      quote("vultr", "on-demand", 2.99, ["stale", "Stale: the provider's price was not refreshed"]),
    ];
    return {
      success: true as const,
      access: "public-3mo",
      gpuName: input.gpu,
      date: input.date,
      settledAt: "2026-03-30T20:00:00.000Z",
      published: true,
      indexValue: 2.31,
      methodologyVersion: "2.0",
      basis: "quotes" as const,
      backfilled: true,
      printCount: 24,
      providerCount: 2,
      offerCount: 4,
      tradeCount: 0,
      provenance: LEDGER_PROVENANCE,
      count: data.length,
      data,
    };
  });

/** The GPU procedures of `routerWithGpu`, reused by the signed-in router below. */
const gpuProcedures = {
  latestDaily: t.procedure.query(() => ({
    success: true,
    date: "2026-03-30T20:00:00.000Z",
    data: [
      {
        gpu_type: "H100 SXM",
        region: "global",
        index_value: 2.31,
        date: "2026-03-30T20:00:00.000Z",
      },
      { gpu_type: "B200", region: "global", index_value: 4.1, date: "2026-03-30T20:00:00.000Z" },
    ],
    count: 2,
    provenance: LEDGER_PROVENANCE,
  })),
  dailyHistory: t.procedure
    .input(
      z.object({
        gpu: z.string(),
        ...DATE_RANGE_INPUT,
      }),
    )
    .query(({ input }) => {
      historyInputs.push(input);
      const data =
        input.gpu === "B200"
          ? [
              { timestamp: "2026-03-29T20:00:00.000Z", index_value: 4 },
              { timestamp: "2026-03-30T20:00:00.000Z", index_value: 4.1 },
            ]
          : H100_DAILY;
      return {
        success: true,
        gpu_type: input.gpu,
        access: "public-3mo",
        startDate: input.startDate,
        endDate: input.endDate,
        count: data.length,
        data,
        provenance: LEDGER_PROVENANCE,
      };
    }),
  detail,
  constituents,
  // As the api answers: the day and instant of the latest settled value, never the value.
  keyedLatest: t.procedure.query(() => [
    { gpu_type: "RTX PRO 6000 WS", day: "2026-03-29", date: "2026-03-29T20:00:00.000Z" },
  ]),
  methodology: t.procedure.query(() => ({
    version: "1.0",
    unit: "USD per GPU-hour",
    winsor: FIXTURE_WINSOR,
    settlementTimeZone: "America/New_York",
    sections: gpuMethodologySections(FIXTURE_RULES),
    history: GPU_METHODOLOGY_HISTORY,
    dataSources: FIXTURE_GPU_SOURCES,
  })),
};

export const routerWithGpu = t.router({ windows, gpu: t.router(gpuProcedures) });

/** The Full reader of `gpuSignedInRouters`; any other session is no live session. */
const fixture = marketFixture("gpu", { full: FULL_VIEWER });
/** The keyed GPU's daily values a Full key reads (the api's `index-history` without dates). */
const KEYED_GPU_DAILY = [
  { timestamp: "2025-06-01T20:00:00.000Z", index_value: 1.2, backfilled: true },
  { timestamp: "2026-03-28T20:00:00.000Z", index_value: 1.45, backfilled: false },
  { timestamp: "2026-03-29T20:00:00.000Z", index_value: 1.5, backfilled: false },
].map((row) => ({
  ...row,
  basis: "quotes" as const,
  sources: [GPU_LEDGER_SOURCE],
  providerCount: 3,
  offerCount: 96,
}));

/**
 * `routerWithGpu` plus the signed-in procedures in the api's shapes: `viewer` names the Full
 * reader of `sessions.full`, `gpu.planIndexHistory` answers the keyed GPU's history to that
 * reader as a Full key gets it, and the api's 401 without a plan.
 */
const gpuSignedInRouters = {
  windows,
  gpu: t.router({
    ...gpuProcedures,
    planIndexHistory: fixture.planQuery(
      "planIndexHistory",
      { gpuName: z.string(), ...DATE_RANGE_INPUT },
      { reads: "full" },
      (input) => {
        const data = input.gpuName === "RTX PRO 6000 WS" ? KEYED_GPU_DAILY : H100_DAILY;
        return {
          success: true,
          gpu_type: input.gpuName,
          access: "full",
          startDate: null,
          endDate: "2026-03-30",
          count: data.length,
          data,
          provenance: LEDGER_PROVENANCE,
        };
      },
    ),
  }),
};

export const routerWithGpuWithoutData = t.router({
  windows,
  gpu: t.router({
    latestDaily: t.procedure.query(() => {
      throw new TRPCError({ code: "NOT_FOUND", message: "No GPU index data available." });
    }),
    keyedLatest: t.procedure.query(() => [{ gpu_type: "RTX PRO 6000 WS", day: null, date: null }]),
  }),
});

/** The GPU signed-in page tests' api: its router, reader, recorded inputs and the keyed GPU's days. */
export const gpuSignedIn = fixture.testApi(gpuSignedInRouters, {
  keyedDaily: KEYED_GPU_DAILY,
});
