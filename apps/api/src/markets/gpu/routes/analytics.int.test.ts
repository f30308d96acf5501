// @module-tag zone
import {
  ANALYTICS_END_DATE_REQUIRED_MESSAGE,
  ANALYTICS_START_DATE_REQUIRED_MESSAGE,
  GRANULARITY_MESSAGE,
  INVALID_GPU_MESSAGE,
  VOLUME_MAX_SPAN_DAYS,
  WINDOW_DAYS_MESSAGE,
  addDays,
  invalidDayParameterMessage,
  newYorkDayOf,
  printHourOfTrade,
  rollingVolatilityAt,
  settlementPeriod,
  spanTooLongMessage,
  startAfterEndMessage,
  type AccountPlan,
  type UtcDay,
} from "@tpi/domain";
import type { GpuTradeInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badRequest, expectAnswers } from "../../../testing/answers";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";

// "Now" is 2026-03-10 12:30 UTC: prints are published through 12:00; daily values through
// 2026-03-09 (settled 20:00 UTC, daylight saving time having started on 03-08).
const NOW = new Date("2026-03-10T12:30:00.000Z");
const FIRST_TRADE_HOUR = Date.parse("2026-03-01T00:00:00.000Z");
const LAST_TRADE_HOUR = Date.parse("2026-03-10T11:00:00.000Z");
const H = 3_600_000;
const GPU = "H100 SXM";
const PROVIDERS = ["Alpha Compute Cloud", "Beta GPU Rentals", "Gamma Neocloud"];

/**
 * Each hour: one to three trades from a rotating set of providers, prices swinging so that log
 * returns vary day to day; every 7th hour one trade exactly on the hour (it counts in the next
 * hour's print). GPU-hours are small integers, so sums are exact in any order.
 */
function seededTrades(): GpuTradeInput[] {
  const list: GpuTradeInput[] = [];
  for (let hour = FIRST_TRADE_HOUR, i = 0; hour <= LAST_TRADE_HOUR; hour += H, i++) {
    const count = 1 + (i % 3);
    for (let k = 0; k < count; k++) {
      const onTheHour = k === 0 && i % 7 === 0;
      list.push({
        tradeId: `t-${i}-${k}`,
        gpuName: GPU,
        executedAt: new Date(hour + (onTheHour ? 0 : (10 + 15 * k) * 60_000)),
        priceUsdPerGpuHour: 2 + 0.3 * Math.sin(i / 5) + 0.05 * k,
        gpuHours: 1 + ((i + k) % 4),
        provider: PROVIDERS[(i + k) % (i % 5 === 0 ? 1 : PROVIDERS.length)] as string,
        source: "test",
      });
    }
  }
  return list;
}

const TRADES = seededTrades();

/** The expected volume of one period, counted here straight from the seeded trades. */
function expectedVolume(inPeriod: (t: GpuTradeInput) => boolean) {
  const trades = TRADES.filter(inPeriod);
  return {
    trade_count: trades.length,
    gpu_hours: trades.reduce((total, t) => total + t.gpuHours, 0),
    distinct_providers: new Set(trades.map((t) => t.provider)).size,
  };
}

/** Whether a trade counts in the daily value of `day`: its print lies in the day's settlement period. */
function inSettlementPeriodOf(day: UtcDay) {
  const { after, through } = settlementPeriod(day);
  return (t: GpuTradeInput) => {
    const hour = printHourOfTrade(t.executedAt);
    return hour > after.getTime() && hour <= through.getTime();
  };
}

let api: TestApi;
const keys = {} as Record<AccountPlan, string>;
const bodies: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  await api.loadGpuTrades(TRADES);
  for (const plan of ["trial", "premium", "full"] as const)
    keys[plan] = (
      await api.createKey(
        plan,
        plan === "trial" ? { trialEndsAt: new Date(NOW.getTime() + 86_400_000) } : {},
      )
    ).key;
});
afterAll(async () => {
  // No provider name in any answer, error or not.
  for (const body of bodies) for (const name of PROVIDERS) expect(body).not.toContain(name);
  expect(bodies.length).toBeGreaterThan(20);
  await api.close();
});

async function get(path: string, plan?: AccountPlan) {
  const res = await api.get(path, plan ? bearer(keys[plan]) : undefined);
  bodies.push(res.text);
  return res;
}

type VolatilityBody = {
  gpu_type: string;
  window_days: number;
  count: number;
  data: {
    recorded_at: string;
    gpu_type: string;
    region: string;
    index_value: number;
    rolling_volatility: number | null;
    window_days: number;
  }[];
};
type VolumeBody = {
  granularity: string;
  count: number;
  data: {
    recorded_at: string;
    trade_count: number;
    gpu_hours: number;
    distinct_providers: number;
  }[];
};

const VOLATILITY = "/api/gpu/H100%20SXM/volatility";
const VOLUME = "/api/gpu/H100%20SXM/volume-metrics";

describe("GET /api/gpu/{gpuName}/volatility", () => {
  it("needs a key: 401 without one", async () => {
    const res = await get(`${VOLATILITY}?startDate=2026-03-05&endDate=2026-03-09`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Unauthorized" });
  });

  it("serves every plan the same rows, most recent first, equal to the domain's volatility of the published daily values", async () => {
    // All published daily values, as the public daily series shows them.
    const history = await get(
      `/api/gpu/H100%20SXM/index-history?startDate=2026-02-20&endDate=2026-03-10`,
      "full",
    );
    const daily = (history.body as { data: { timestamp: string; index_value: number }[] }).data;
    const valueOfDay = new Map<UtcDay, number>(
      daily.map((d) => [newYorkDayOf(new Date(d.timestamp)), d.index_value]),
    );
    for (const plan of ["trial", "premium", "full"] as const) {
      const res = await get(
        `${VOLATILITY}?startDate=2026-03-05&endDate=2026-03-09&windowDays=3`,
        plan,
      );
      expect(res.status, res.text).toBe(200);
      const body = res.body as VolatilityBody;
      expect(body.window_days).toBe(3);
      const days = body.data.map((row) => newYorkDayOf(new Date(row.recorded_at)));
      expect(days).toEqual(["2026-03-09", "2026-03-08", "2026-03-07", "2026-03-06", "2026-03-05"]);
      expect(body.count).toBe(5);
      for (const [i, row] of body.data.entries()) {
        const day = days[i] as UtcDay;
        expect(row).toMatchObject({ gpu_type: GPU, region: "global", window_days: 3 });
        expect(row.index_value).toBe(valueOfDay.get(day));
        const expected = rollingVolatilityAt(day, 3, (d) => valueOfDay.get(d));
        expect(expected).toBeGreaterThan(0);
        expect(row.rolling_volatility).toBe(expected);
      }
    }
  });

  it("reaches back before startDate for the window; a window longer than the history is null, not 0", async () => {
    // 03-05 with a 3-day window uses the values of 03-02 to 03-04, before startDate.
    const short = (
      await get(`${VOLATILITY}?startDate=2026-03-05&endDate=2026-03-05&windowDays=3`, "premium")
    ).body as VolatilityBody;
    expect(short.data[0]?.rolling_volatility).toBeGreaterThan(0);
    const long = (await get(`${VOLATILITY}?startDate=2026-03-05&endDate=2026-03-09`, "premium"))
      .body as VolatilityBody;
    expect(long.window_days).toBe(30);
    expect(long.data.map((row) => row.rolling_volatility)).toEqual([null, null, null, null, null]);
    const one = (
      await get(`${VOLATILITY}?startDate=2026-03-05&endDate=2026-03-09&windowDays=1`, "full")
    ).body as VolatilityBody;
    expect(one.data.every((row) => row.rolling_volatility === null)).toBe(true);
  });

  it("answers bad input with 400 and the exact message", async () => {
    const cases: [string, string][] = [
      ["endDate=2026-03-09", ANALYTICS_START_DATE_REQUIRED_MESSAGE],
      ["startDate=2026-03-05", ANALYTICS_END_DATE_REQUIRED_MESSAGE],
      [
        "startDate=2026-02-30&endDate=2026-03-09",
        invalidDayParameterMessage("startDate", "2026-02-30"),
      ],
      [
        "startDate=2026-03-05&endDate=03/09/2026",
        invalidDayParameterMessage("endDate", "03/09/2026"),
      ],
      ["startDate=2026-03-09&endDate=2026-03-05", startAfterEndMessage("2026-03-09", "2026-03-05")],
      ["startDate=2026-03-05&endDate=2026-03-09&windowDays=0", WINDOW_DAYS_MESSAGE],
      ["startDate=2026-03-05&endDate=2026-03-09&windowDays=366", WINDOW_DAYS_MESSAGE],
      ["startDate=2026-03-05&endDate=2026-03-09&windowDays=1.5", WINDOW_DAYS_MESSAGE],
      ["startDate=2026-03-05&endDate=2026-03-09&windowDays=x", WINDOW_DAYS_MESSAGE],
    ];
    await expectAnswers(
      (query) => get(`${VOLATILITY}?${query}`, "full"),
      cases.map(([query, message]) => [query, badRequest(message)]),
    );
    const badGpu = await get(
      "/api/gpu/H300/volatility?startDate=2026-03-05&endDate=2026-03-09",
      "full",
    );
    expect(badGpu.status).toBe(400);
    expect(badGpu.body).toEqual({ error: "Bad request", message: INVALID_GPU_MESSAGE });
  });

  it("is 404 when no daily value falls in the range", async () => {
    const res = await get(`${VOLATILITY}?startDate=2025-01-01&endDate=2025-01-31`, "full");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "No data available" });
  });
});

describe("GET /api/gpu/{gpuName}/volume-metrics", () => {
  const range = "startDate=2026-03-05&endDate=2026-03-09";

  it("needs a key: 401 without one", async () => {
    const res = await get(`${VOLUME}?${range}`);
    expect(res.status).toBe(401);
  });

  it("serves Trial and Premium keys daily even when hourly is asked, per settlement period, most recent first", async () => {
    for (const plan of ["trial", "premium"] as const) {
      for (const granularity of ["hourly", "auto", "daily"]) {
        const res = await get(`${VOLUME}?${range}&granularity=${granularity}`, plan);
        expect(res.status, res.text).toBe(200);
        const body = res.body as VolumeBody;
        expect(body.granularity).toBe("daily");
        const days = body.data.map((row) => newYorkDayOf(new Date(row.recorded_at)));
        expect(days).toEqual([
          "2026-03-09",
          "2026-03-08",
          "2026-03-07",
          "2026-03-06",
          "2026-03-05",
        ]);
        for (const [i, row] of body.data.entries()) {
          const day = days[i] as UtcDay;
          expect(row).toMatchObject(expectedVolume(inSettlementPeriodOf(day)));
          expect(row.trade_count).toBeGreaterThan(20);
          // Distinct over the day, not summed over its hours.
          expect(row.distinct_providers).toBe(PROVIDERS.length);
        }
      }
    }
  });

  it("serves a Full key hourly when asked (and for auto over a short range), one row per published print", async () => {
    for (const granularity of ["hourly", "auto"]) {
      const res = await get(`${VOLUME}?${range}&granularity=${granularity}`, "full");
      expect(res.status, res.text).toBe(200);
      const body = res.body as VolumeBody;
      expect(body.granularity).toBe("hourly");
      expect(body.count).toBe(5 * 24);
      expect(body.data[0]?.recorded_at).toBe("2026-03-09T23:00:00.000Z");
      expect(body.data.at(-1)?.recorded_at).toBe("2026-03-05T00:00:00.000Z");
      for (const row of body.data) {
        const hour = Date.parse(row.recorded_at);
        expect(row).toMatchObject(expectedVolume((t) => printHourOfTrade(t.executedAt) === hour));
      }
    }
    const daily = (await get(`${VOLUME}?${range}&granularity=daily`, "full")).body as VolumeBody;
    expect(daily.granularity).toBe("daily");
  });

  it("counts a trade exactly on the hour in the next hour's print, as the index does", async () => {
    // Trade t-0-0 was executed at 2026-03-01T00:00:00.000Z exactly: the 01:00 print holds it.
    const body = (
      await get(`${VOLUME}?startDate=2026-03-01&endDate=2026-03-01&granularity=hourly`, "full")
    ).body as VolumeBody;
    const oneAm = body.data.find((row) => row.recorded_at === "2026-03-01T01:00:00.000Z");
    expect(oneAm).toEqual(expect.objectContaining({ trade_count: 1 }));
    expect(body.data.some((row) => row.recorded_at === "2026-03-01T00:00:00.000Z")).toBe(false);
  });

  it("serves only published periods: nothing after the latest print or daily value", async () => {
    const hourly = (
      await get(`${VOLUME}?startDate=2026-03-10&endDate=2026-03-10&granularity=hourly`, "full")
    ).body as VolumeBody;
    expect(hourly.data[0]?.recorded_at).toBe("2026-03-10T12:00:00.000Z");
    const daily = (
      await get(`${VOLUME}?startDate=2026-03-09&endDate=2026-03-10&granularity=daily`, "full")
    ).body as VolumeBody;
    expect(daily.data.map((row) => row.recorded_at)).toEqual(["2026-03-09T20:00:00.000Z"]);
  });

  it("follows the next publication: a new print's volume appears once it is published, not before", async () => {
    const query = `${VOLUME}?startDate=2026-03-10&endDate=2026-03-10&granularity=hourly`;
    const late: GpuTradeInput[] = [
      {
        ...(TRADES[0] as GpuTradeInput),
        tradeId: "late-1",
        executedAt: new Date("2026-03-10T12:20:00.000Z"),
        provider: "Delta Late Cloud",
      },
      {
        ...(TRADES[0] as GpuTradeInput),
        tradeId: "late-2",
        executedAt: new Date("2026-03-10T12:40:00.000Z"),
        gpuHours: 3,
        provider: "Delta Late Cloud",
      },
    ];
    // Stored before 13:00: the 13:00 print is not published, so no period for it.
    await api.loadGpuTrades(late);
    expect(((await get(query, "full")).body as VolumeBody).data[0]?.recorded_at).toBe(
      "2026-03-10T12:00:00.000Z",
    );
    api.clock.now = new Date("2026-03-10T13:30:00.000Z");
    try {
      await api.loadGpuTrades([]);
      const body = (await get(query, "full")).body as VolumeBody;
      expect(body.data[0]).toMatchObject({
        recorded_at: "2026-03-10T13:00:00.000Z",
        trade_count: 2,
        gpu_hours: (TRADES[0] as GpuTradeInput).gpuHours + 3,
        distinct_providers: 1,
      });
      expect(JSON.stringify(body)).not.toContain("Delta Late Cloud");
    } finally {
      api.clock.now = NOW;
    }
  });

  it("keeps a published period's volume when a trade of that period is stored after it was published", async () => {
    const hourly = `${VOLUME}?startDate=2026-03-09&endDate=2026-03-09&granularity=hourly`;
    const daily = `${VOLUME}?startDate=2026-03-09&endDate=2026-03-09&granularity=daily`;
    const before = {
      hourly: (await get(hourly, "full")).body as VolumeBody,
      daily: (await get(daily, "full")).body as VolumeBody,
    };
    const elevenAm = before.hourly.data.find((r) => r.recorded_at === "2026-03-09T11:00:00.000Z");
    expect(elevenAm).toMatchObject(
      expectedVolume((t) => printHourOfTrade(t.executedAt) === Date.parse("2026-03-09T11:00Z")),
    );
    // Executed 10:30 on 03-09 (the 11:00 print, day 03-09) by a provider new to that day, stored
    // a day later; then the clock moves so that new prints are published and the set reloads.
    const late: GpuTradeInput = {
      ...(TRADES[0] as GpuTradeInput),
      tradeId: "late-for-a-printed-hour",
      executedAt: new Date("2026-03-09T10:30:00.000Z"),
      gpuHours: 5,
      provider: "Epsilon Late Cloud",
    };
    api.clock.now = new Date("2026-03-10T16:30:00.000Z");
    try {
      await api.loadGpuTrades([late]);
      const latest = (
        await get(`${VOLUME}?startDate=2026-03-10&endDate=2026-03-10&granularity=hourly`, "full")
      ).body as VolumeBody;
      expect(latest.data[0]?.recorded_at, "the set reloaded").toBe("2026-03-10T16:00:00.000Z");
      const after = {
        hourly: await get(hourly, "full"),
        daily: await get(daily, "full"),
      };
      expect(after.hourly.body).toEqual(before.hourly);
      expect(after.daily.body).toEqual(before.daily);
    } finally {
      api.clock.now = NOW;
    }
  });

  it("answers bad input with 400 and the exact message", async () => {
    const tooLong = `startDate=2025-01-01&endDate=${addDays("2025-01-01", VOLUME_MAX_SPAN_DAYS)}`;
    const cases: [string, string][] = [
      ["endDate=2026-03-09", ANALYTICS_START_DATE_REQUIRED_MESSAGE],
      ["startDate=2026-03-05", ANALYTICS_END_DATE_REQUIRED_MESSAGE],
      [
        "startDate=yesterday&endDate=2026-03-09",
        invalidDayParameterMessage("startDate", "yesterday"),
      ],
      ["startDate=2026-03-09&endDate=2026-03-05", startAfterEndMessage("2026-03-09", "2026-03-05")],
      [`${range}&granularity=weekly`, GRANULARITY_MESSAGE],
      [tooLong, spanTooLongMessage(VOLUME_MAX_SPAN_DAYS)],
    ];
    await expectAnswers(
      (query) => get(`${VOLUME}?${query}`, "premium"),
      cases.map(([query, message]) => [query, badRequest(message)]),
    );
    const badGpu = await get(`/api/gpu/h100/volume-metrics?${range}`, "premium");
    expect(badGpu.body).toEqual({ error: "Bad request", message: INVALID_GPU_MESSAGE });
  });
});
