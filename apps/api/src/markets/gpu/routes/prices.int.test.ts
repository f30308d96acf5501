// @module-tag zone
import { MarketStates } from "../../../platform/core/market";
import { TOKEN } from "../../token/read-model/state";
import { GPU, type GpuState } from "../read-model/state";
import { MARKETS } from "../..";
import { routesOf } from "../../../platform/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import {
  GPU_TEST_NOW,
  GPU_TEST_TRADES,
  TEST_TRADES_DATA_SOURCES,
  TEST_TRADES_PROVENANCE,
  testTradeEvidence,
} from "../../../testing/gpu-trades";
import { expectEveryAnswer, expectSuccess } from "../../../testing/answers";

// The shared GPU test trades (testing/gpu-trades.ts): "now" is 2026-03-10 12:30 UTC, the latest
// print is 12:00, and 03-07 settles at 21:00 UTC, 03-08 onwards at 20:00 UTC (daylight saving).
let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW });
  await api.loadGpuTrades(GPU_TEST_TRADES);
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());

describe("GPU catalogs", () => {
  it("lists all six GPUs and the five free ones with the original's field names", async () => {
    await expectSuccess(api.get("/api/gpu-types"), {
      data: ["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"].map(
        (gpu_name) => ({ gpu_name, region: "global" }),
      ),
    });
    const free = await api.get("/api/gpu-types-free");
    expect((free.body as { data: { gpu_name: string }[] }).data.map((d) => d.gpu_name)).toEqual([
      "H100 SXM",
      "H200",
      "A100 SXM4",
      "RTX 5090",
      "B200",
    ]);
    expect((await api.get("/api/gpu-types?x=1")).status).toBe(400);
    expect((await api.request("/api/gpu-types", { method: "POST" })).status).toBe(405);
  });
});

describe("GET /api/gpu/{gpuName}", () => {
  it("serves the latest hourly print of a free GPU without a key (URL-encoded name)", async () => {
    const res = await api.get("/api/gpu/H100%20SXM");
    expect(res.status).toBe(200);
    // The 12:00 print covers the 11:30 trade, the 132nd hour (i = 131).
    expect(res.body).toEqual({
      success: true,
      data: {
        gpu_name: "H100 SXM",
        region: "global",
        index_value: expect.closeTo(2.131, 10),
        last_updated: "2026-03-10T12:00:00.000Z",
        is_carried: false,
        // Computed at 12:30 for 12:00: on time.
        ...testTradeEvidence(false),
      },
      provenance: TEST_TRADES_PROVENANCE,
      dataSources: TEST_TRADES_DATA_SOURCES,
    });
  });

  it("refuses an unknown or wrongly cased name with the original's message", async () => {
    for (const name of ["h100%20sxm", "H100", "H100SXM"]) {
      const res = await api.get(`/api/gpu/${name}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Bad request",
        message:
          "Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS",
      });
    }
  });

  it("needs a key for RTX PRO 6000 WS and 404s a GPU without data", async () => {
    expect((await api.get("/api/gpu/RTX%20PRO%206000%20WS")).status).toBe(401);
    expect((await api.get("/api/gpu/RTX%20PRO%206000%20WS", bearer(key))).status).toBe(200);
    const none = await api.get("/api/gpu/B200");
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: "No data available" });
  });
});

describe("GET /api/daily-index/all", () => {
  it("serves the latest settled day of the GPUs the caller may see, stamped 4 PM New York in UTC", async () => {
    const anonymous = await api.get("/api/daily-index/all");
    expect(anonymous.status).toBe(200);
    const body = anonymous.body as {
      date: string;
      count: number;
      data: { gpu_type: string; date: string; index_value: number }[];
    };
    // 2026-03-10 has not settled at 12:30 UTC; 2026-03-09 settled at 20:00 UTC (daylight saving time).
    expect(body.date).toBe("2026-03-09T20:00:00.000Z");
    expect(body.data.map((d) => d.gpu_type)).toEqual(["H100 SXM", "H200"]);
    expect(body.count).toBe(2);
    // Period (03-08 20:00, 03-09 20:00]: prints at hours covering trades i = 92 .. 115, a mean of i = 103.5.
    expect(body.data[0]?.index_value).toBeCloseTo(2 + 103.5 * 0.001, 10);
    const keyed = await api.get("/api/daily-index/all", bearer(key));
    expect((keyed.body as { count: number }).count).toBe(3);
  });
});

describe("GET /api/gpu/{gpuName}/index-history", () => {
  it("serves the daily series oldest first with the DST switch in the stamps", async () => {
    const res = await api.get(
      "/api/gpu/H100%20SXM/index-history?startDate=2026-03-06&endDate=2026-03-09",
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      gpu_type: "H100 SXM",
      access: "public-3mo",
      startDate: "2026-03-06",
      endDate: "2026-03-09",
      count: 4,
    });
    const data = (res.body as { data: { timestamp: string; index_value: number }[] }).data;
    expect(data.map((d) => d.timestamp)).toEqual([
      "2026-03-06T21:00:00.000Z",
      "2026-03-07T21:00:00.000Z",
      "2026-03-08T20:00:00.000Z",
      "2026-03-09T20:00:00.000Z",
    ]);
    // 03-08 spans 23 prints: (03-07 21:00, 03-08 20:00] covers trades i = 69 .. 91, mean 80.
    expect(data[2]?.index_value).toBeCloseTo(2 + 80 * 0.001, 10);
  });

  it("shows keyless callers the trailing 3 months only and keyed callers everything", async () => {
    expect((await api.get("/api/gpu/H100%20SXM/index-history?startDate=2025-12-09")).status).toBe(
      401,
    );
    const keyed = await api.get(
      "/api/gpu/H100%20SXM/index-history?startDate=2025-01-01",
      bearer(key),
    );
    expect(keyed.body).toMatchObject({ access: "full", count: 5 });
    expect((await api.get("/api/gpu/RTX%20PRO%206000%20WS/index-history")).status).toBe(401);
  });

  it("refuses bad dates with 400", async () => {
    await expectEveryAnswer(
      (query) => api.get(`/api/gpu/H100%20SXM/index-history?${query}`),
      [
        "startDate=2026-02-30",
        "endDate=March",
        "startDate=2026-03-09&endDate=2026-03-08",
        "since=2026-03-01",
      ],
      { status: 400, bodyMatching: { error: "Bad request" } },
    );
  });
});

describe("GET /api/gpu/{gpuName}/history", () => {
  it("requires a key", async () => {
    const res = await api.get("/api/gpu/H100%20SXM/history?datetime=2026-03-08%2012:00:00");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Unauthorized" });
  });

  it("returns the exact print with time_difference 0 and is_exact", async () => {
    const res = await api.get(
      "/api/gpu/H100%20SXM/history?datetime=2026-03-08%2012:00:00",
      bearer(key),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: {
        gpu_name: "H100 SXM",
        timestamp: "2026-03-08T12:00:00.000Z",
        requested_datetime: "2026-03-08T12:00:00.000Z",
        time_difference: 0,
        is_exact: true,
        is_carried: false,
      },
    });
  });

  it("returns the nearest print at both ends of the history, never 404, with the gap in seconds", async () => {
    const before = await api.get(
      "/api/gpu/H100%20SXM/history?datetime=2020-01-01T00:00:00Z",
      bearer(key),
    );
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      data: {
        timestamp: "2026-03-05T01:00:00.000Z",
        is_exact: false,
        time_difference:
          (Date.parse("2026-03-05T01:00:00Z") - Date.parse("2020-01-01T00:00:00Z")) / 1000,
      },
    });
    const after = await api.get(
      "/api/gpu/H100%20SXM/history?datetime=2030-01-01T00:00:00%2B02:00",
      bearer(key),
    );
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      data: {
        timestamp: "2026-03-10T12:00:00.000Z",
        requested_datetime: "2029-12-31T22:00:00.000Z",
        is_exact: false,
        time_difference:
          (Date.parse("2029-12-31T22:00:00Z") - Date.parse("2026-03-10T12:00:00Z")) / 1000,
      },
    });
  });

  it("marks carried prints in an hour without trades", async () => {
    const res = await api.get("/api/gpu/H200/history?datetime=2026-03-09T08:00:00Z", bearer(key));
    expect(res.body).toMatchObject({
      data: { timestamp: "2026-03-09T08:00:00.000Z", is_carried: true },
    });
  });

  it("states that datetime is required, and refuses an unparseable one", async () => {
    const missing = await api.get("/api/gpu/H100%20SXM/history", bearer(key));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: "Bad request",
      message: "datetime query parameter is required (format: YYYY-MM-DD HH:MM:SS or ISO 8601)",
    });
    const bad = await api.get("/api/gpu/H100%20SXM/history?datetime=yesterday", bearer(key));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "Bad request" });
    const unknownGpu = await api.get("/api/gpu/H300/history?datetime=2026-03-08", bearer(key));
    expect(unknownGpu.status).toBe(400);
  });
});

describe("tRPC gpu procedures (website, public view)", () => {
  it("serve the free GPUs' latest daily values and a daily series", async () => {
    const { appRouter } = await import("../../../app-router");
    const caller = appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });
    expect((await caller.gpu.catalog()).map((g) => g.gpuName)).toHaveLength(6);
    expect((await caller.gpu.latestDaily()).data.map((d) => d.gpu_type)).toEqual([
      "H100 SXM",
      "H200",
    ]);
    const series = await caller.gpu.dailyHistory({ gpu: "H100 SXM", startDate: "2026-03-08" });
    expect(series.data.map((d) => d.timestamp)).toEqual([
      "2026-03-08T20:00:00.000Z",
      "2026-03-09T20:00:00.000Z",
    ]);
    await expect(caller.gpu.dailyHistory({ gpu: "RTX PRO 6000 WS" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("tRPC gpu.detail (the website's GPU page)", () => {
  async function caller() {
    const { appRouter } = await import("../../../app-router");
    return appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });
  }

  it("holds the REST envelopes of the rolling average, hourly prints, free-window daily series and 30-day volatility", async () => {
    const full = bearer((await api.createKey("full")).key);
    // The keyless GPU window on the api's clock (today 2026-03-10): 3 calendar months back.
    const window = { startDate: "2025-12-10", endDate: "2026-03-10" };
    const range = `startDate=${window.startDate}&endDate=${window.endDate}`;
    const [rolling, hourly, daily, volatility] = await Promise.all([
      api.get("/api/gpu/H200/rolling-24h-average", full),
      api.get("/api/gpu/H200/hourly", full),
      api.get(`/api/gpu/H200/index-history?${range}`),
      api.get(`/api/gpu/H200/volatility?${range}&windowDays=30`, full),
    ]);
    for (const res of [rolling, hourly, daily, volatility]) expect(res.status, res.text).toBe(200);
    const detail = await (await caller()).gpu.detail({ gpu: "H200" });
    const { routes: _routes, ...parts } = detail;
    expect(parts).toEqual({
      gpu_type: "H200",
      window,
      volatility_window_days: 30,
      rollingAverage: rolling.body,
      hourly: hourly.body,
      daily: daily.body,
      volatility: volatility.body,
    });
    expect(detail.hourly?.data).toHaveLength(24);
    // Each part names the REST route serving it, with the GPU's name encoded into the path.
    expect(detail.routes.hourly).toMatchObject({
      operationId: "getGpuHourly",
      path: "/api/gpu/H200/hourly",
    });
    expect(detail.routes.volatility?.path).toBe("/api/gpu/H200/volatility");
    expect(detail.routes.rollingAverage?.operationId).toBe("getGpuRollingAverage");
    expect(detail.routes.daily?.access).toContain("Without a key");
    const h100 = await (await caller()).gpu.detail({ gpu: "H100 SXM" });
    expect(h100.routes.daily?.path).toBe("/api/gpu/H100%20SXM/index-history");
    expect(detail.rollingAverage?.data.as_of).toBe("2026-03-10T12:00:00.000Z");
  });

  it("gives null parts for a free GPU without published values", async () => {
    const detail = await (await caller()).gpu.detail({ gpu: "B200" });
    expect(detail).toMatchObject({
      gpu_type: "B200",
      rollingAverage: null,
      hourly: null,
      daily: null,
      volatility: null,
    });
  });

  it("refuses an unknown GPU (400) and a keyed GPU (401) as the keyless REST routes do", async () => {
    const trpc = await caller();
    await expect(trpc.gpu.detail({ gpu: "H300" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(trpc.gpu.detail({ gpu: "RTX PRO 6000 WS" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("tRPC gpu.keyedLatest (the website's GPU list)", () => {
  async function caller() {
    const { appRouter } = await import("../../../app-router");
    return appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });
  }

  it("gives each keyed GPU's latest settled day as a Full key's daily index dates it, and never its value", async () => {
    const full = bearer((await api.createKey("full")).key);
    const rest = await api.get("/api/daily-index?gpuType=RTX%20PRO%206000%20WS", full);
    expect(rest.status, rest.text).toBe(200);
    const { date, index_value } = (rest.body as { data: { date: string; index_value: number } })
      .data;
    const keyed = await (await caller()).gpu.keyedLatest();
    expect(keyed).toEqual([{ gpu_type: "RTX PRO 6000 WS", day: date.slice(0, 10), date }]);
    // The locked value appears nowhere in the answer, in any field or spelling.
    const text = JSON.stringify(keyed);
    expect(text).not.toContain(String(index_value));
    expect(text).not.toMatch(/value|price|usd/i);
  });
});

describe("tRPC gpu.methodology (the website's GPU methodology page)", () => {
  it("serves the domain's sections with the bounds the api runs with and the version history", async () => {
    const { appRouter } = await import("../../../app-router");
    const { gpuMethodologySections, GPU_METHODOLOGY_HISTORY } = await import("@tpi/domain");
    const winsor = { lower: 0.1, upper: 0.9 };
    const rules = { ...GPU.of(api.deps).rules, winsor };
    // The same published values, settled under other bounds.
    const gpu: GpuState = { ...GPU.of(api.deps), rules };
    const markets = new MarketStates([
      ["token", TOKEN.of(api.deps)],
      ["gpu", gpu],
    ]);
    const configured = { deps: { ...api.deps, markets }, routes: routesOf(MARKETS) };
    const doc = await appRouter.createCaller(configured).gpu.methodology();
    expect(doc.winsor).toEqual(winsor);
    expect(doc.sections).toEqual(gpuMethodologySections(rules));
    expect(doc.sections.map((section) => section.text).join(" ")).toContain(
      "10th and 90th percentiles",
    );
    expect(doc.history).toEqual(GPU_METHODOLOGY_HISTORY);
    const defaults = await appRouter
      .createCaller({ deps: api.deps, routes: routesOf(MARKETS) })
      .gpu.methodology();
    expect(defaults.winsor).toEqual({ lower: 0.05, upper: 0.95 });
  });
});

describe("GET /api/daily-index/all look-back", () => {
  it("leaves out GPUs without a value in the last 7 settled days", async () => {
    const later = new Date("2026-03-17T21:00:00.000Z");
    api.clock.now = later; // 03-17 settled at 20:00 UTC; the last value (03-09) is 8 days old
    try {
      const res = await api.get("/api/daily-index/all");
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ error: "No data available" });
    } finally {
      api.clock.now = GPU_TEST_NOW;
    }
  });
});
