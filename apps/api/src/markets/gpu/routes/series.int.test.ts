import {
  GRANULARITY_MESSAGE,
  HISTORY_LIMIT_MAX,
  HISTORY_LIMIT_MESSAGE,
  HOURLY_RANGE_TOO_LONG_MESSAGE,
  HOURLY_REQUIRES_FULL_MESSAGE,
  INVALID_GPU_MESSAGE,
  ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE,
  invalidRangeBoundMessage,
  type AccountPlan,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GPU_TEST_NOW,
  GPU_TEST_TRADES,
  HOUR_MS,
  TEST_TRADES_PROVENANCE,
  TEST_TRADES_DATA_SOURCES,
  printValue,
} from "../../../testing/gpu-trades";
import { bearer, startTestApiWithPlanKeys, type PlanKeyedTestApi } from "../../../testing/test-api";

/** The keyed GPU series, per plan: history-simple, history-range, hourly, rolling 24 h average. */

let api: PlanKeyedTestApi;
beforeAll(async () => {
  api = await startTestApiWithPlanKeys({ now: GPU_TEST_NOW });
  await api.loadGpuTrades(GPU_TEST_TRADES);
}, 60_000);
afterAll(async () => api?.close());

const as = (plan: AccountPlan) => bearer(api.planKeys[plan]);
const H100 = "/api/gpu/H100%20SXM";
const DAILY_STAMPS_03_06_TO_03_09 = [
  "2026-03-06T21:00:00.000Z",
  "2026-03-07T21:00:00.000Z",
  "2026-03-08T20:00:00.000Z",
  "2026-03-09T20:00:00.000Z",
];
/** Hour stamps from `first`, `count` of them, one hour apart. */
const hours = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(first) + i * HOUR_MS).toISOString());
/** The mean of the H100 prints of the 24 hours ending at `hour`. */
const h100Rolling = (hour: string) =>
  hours(new Date(Date.parse(hour) - 23 * HOUR_MS).toISOString(), 24)
    .map((h) => printValue(2, h))
    .reduce((a, b) => a + b, 0) / 24;

type Rows = { timestamp: string; index_value: number }[];
const rowsOf = (body: unknown) => (body as { data: Rows }).data;
const stamps = (body: unknown) => rowsOf(body).map((row) => row.timestamp);

async function expectBadRequest(path: string, message: string, plan: AccountPlan = "full") {
  const res = await api.get(path, as(plan));
  expect(res.status, path).toBe(400);
  expect(res.body, path).toMatchObject({ error: "Bad request", message });
}

describe("GET /api/gpu/{gpuName}/history-simple", () => {
  const path = `${H100}/history-simple`;

  it("needs a key", async () => {
    const res = await api.get(`${path}?startDate=2026-03-06`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Unauthorized" });
  });

  it("serves a Full key hourly prints for a short range, most recent first", async () => {
    const res = await api.get(`${path}?startDate=2026-03-10&endDate=2026-03-10`, as("full"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      gpu_type: "H100 SXM",
      access: "full",
      granularity: "hourly",
      startDate: "2026-03-10T00:00:00.000Z",
      endDate: "2026-03-10T23:59:59.999Z",
      limit: 100,
      count: 13,
      has_more: false,
    });
    expect(stamps(res.body)).toEqual(hours("2026-03-10T00:00:00.000Z", 13).reverse());
    expect(rowsOf(res.body)[0]?.index_value).toBeCloseTo(printValue(2, "2026-03-10T12:00:00Z"), 10);
  });

  it("serves Premium and Trial keys daily values when they ask hourly or auto (not refused)", async () => {
    for (const plan of ["premium", "trial"] as const) {
      for (const granularity of ["hourly", "auto", "daily"]) {
        const res = await api.get(
          `${path}?startDate=2026-03-06&endDate=2026-03-09&granularity=${granularity}`,
          as(plan),
        );
        expect(res.status, `${plan} ${granularity}`).toBe(200);
        expect(res.body).toMatchObject({ access: "premium", granularity: "daily", count: 4 });
        expect(stamps(res.body)).toEqual([...DAILY_STAMPS_03_06_TO_03_09].reverse());
      }
    }
  });

  it("follows a Full key's granularity: daily when asked, auto daily beyond 30 days", async () => {
    const daily = await api.get(
      `${path}?startDate=2026-03-06&endDate=2026-03-09&granularity=daily`,
      as("full"),
    );
    expect(daily.body).toMatchObject({ access: "full", granularity: "daily", count: 4 });
    const long = await api.get(`${path}?startDate=2026-01-01T00:00:00Z`, as("full"));
    expect(long.body).toMatchObject({ granularity: "daily", count: 5 });
    expect(stamps(long.body)[0]).toBe("2026-03-09T20:00:00.000Z");
  });

  it("defaults to the 30 days up to the latest print and 100 rows, and respects limit", async () => {
    const res = await api.get(path, as("full"));
    expect(res.body).toMatchObject({
      granularity: "hourly",
      startDate: "2026-02-08T12:00:00.000Z",
      endDate: "2026-03-10T12:00:00.000Z",
      count: 100,
      has_more: true,
    });
    expect(stamps(res.body)).toEqual(hours("2026-03-06T09:00:00.000Z", 100).reverse());
    const five = await api.get(`${path}?limit=5&granularity=hourly`, as("full"));
    expect(five.body).toMatchObject({ limit: 5, count: 5 });
    expect(stamps(five.body)).toEqual(hours("2026-03-10T08:00:00.000Z", 5).reverse());
  });

  it("gives plans with different answers to one URL different ETags", async () => {
    const url = `${path}?startDate=2026-03-09&endDate=2026-03-09`;
    const full = await api.get(url, as("full"));
    const premium = await api.get(url, as("premium"));
    expect(full.text).not.toBe(premium.text);
    expect(full.headers.get("etag")).not.toBe(premium.headers.get("etag"));
    const stale = await api.get(url, {
      ...as("premium"),
      "if-none-match": full.headers.get("etag") ?? "",
    });
    expect(stale.status).toBe(200);
  });

  it("accepts ISO datetimes as bounds", async () => {
    const res = await api.get(
      `${path}?startDate=2026-03-10T09:00:00Z&endDate=2026-03-10T12:00:00%2B01:00`,
      as("full"),
    );
    expect(stamps(res.body)).toEqual(hours("2026-03-10T09:00:00.000Z", 3).reverse());
  });

  it("refuses bad input with the route's messages", async () => {
    await expectBadRequest(`${path}?limit=0`, HISTORY_LIMIT_MESSAGE);
    await expectBadRequest(`${path}?limit=${HISTORY_LIMIT_MAX + 1}`, HISTORY_LIMIT_MESSAGE);
    await expectBadRequest(`${path}?limit=ten`, HISTORY_LIMIT_MESSAGE);
    await expectBadRequest(`${path}?granularity=weekly`, GRANULARITY_MESSAGE);
    await expectBadRequest(
      `${path}?startDate=2026-02-30`,
      invalidRangeBoundMessage("startDate", "2026-02-30"),
    );
    await expectBadRequest(
      `${path}?endDate=yesterday`,
      invalidRangeBoundMessage("endDate", "yesterday"),
    );
    await expectBadRequest(
      `${path}?startDate=2026-03-09&endDate=2026-03-08`,
      "'startDate' (2026-03-09T00:00:00.000Z) is after 'endDate' (2026-03-08T23:59:59.999Z).",
    );
    await expectBadRequest("/api/gpu/H300/history-simple", INVALID_GPU_MESSAGE);
    await expectBadRequest(
      `${path}?since=2026-03-01`,
      "Unknown query parameter 'since'. Allowed parameters: startDate, endDate, granularity, limit, release.",
    );
  });

  it("404s a range without data", async () => {
    const res = await api.get(`${path}?startDate=2025-01-01&endDate=2025-01-31`, as("full"));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "No data available" });
  });
});

describe("GET /api/gpu/{gpuName}/history-range", () => {
  type RangeRow = { timestamp: string; granularity: string; is_carried: boolean };

  it("needs a key", async () => {
    expect((await api.get(`${H100}/history-range`)).status).toBe(401);
  });

  it("serves a Full key hourly rows oldest first, with carried hours marked", async () => {
    const res = await api.get(
      "/api/gpu/H200/history-range?startDate=2026-03-09&endDate=2026-03-09",
      as("full"),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ access: "full", count: 24, has_more: false });
    const rows = (res.body as { data: RangeRow[] }).data;
    expect(rows.map((r) => r.timestamp)).toEqual(hours("2026-03-09T00:00:00.000Z", 24));
    expect(rows.every((r) => r.granularity === "hourly")).toBe(true);
    expect(rows.filter((r) => r.is_carried).map((r) => r.timestamp)).toEqual(
      hours("2026-03-09T07:00:00.000Z", 4),
    );
  });

  it("serves Premium and Trial keys daily rows oldest first, and Full keys daily beyond 30 days", async () => {
    for (const plan of ["premium", "trial"] as const) {
      const res = await api.get(
        `${H100}/history-range?startDate=2026-03-06&endDate=2026-03-09`,
        as(plan),
      );
      expect(res.body).toMatchObject({ access: "premium", count: 4 });
      const rows = (res.body as { data: RangeRow[] }).data;
      expect(rows.map((r) => r.timestamp)).toEqual(DAILY_STAMPS_03_06_TO_03_09);
      expect(rows.every((r) => r.granularity === "daily" && !r.is_carried)).toBe(true);
    }
    const long = await api.get(`${H100}/history-range?startDate=2026-01-01`, as("full"));
    expect((long.body as { data: RangeRow[] }).data[0]).toMatchObject({
      timestamp: "2026-03-05T21:00:00.000Z",
      granularity: "daily",
    });
  });

  it("keeps the oldest `limit` rows and says more remain", async () => {
    const res = await api.get(
      `${H100}/history-range?startDate=2026-03-09&endDate=2026-03-09&limit=3`,
      as("full"),
    );
    expect(res.body).toMatchObject({ limit: 3, count: 3, has_more: true });
    expect(stamps(res.body)).toEqual(hours("2026-03-09T00:00:00.000Z", 3));
  });

  it("refuses bad input with the route's messages", async () => {
    const path = `${H100}/history-range`;
    await expectBadRequest(`${path}?limit=0`, HISTORY_LIMIT_MESSAGE, "premium");
    await expectBadRequest(`${path}?limit=1.5`, HISTORY_LIMIT_MESSAGE, "premium");
    await expectBadRequest(
      `${path}?granularity=daily`,
      "Unknown query parameter 'granularity'. Allowed parameters: startDate, endDate, limit, release.",
    );
    await expectBadRequest(
      `${path}?startDate=2026-03-09T10:00:00Z&endDate=2026-03-09T09:00:00Z`,
      "'startDate' (2026-03-09T10:00:00.000Z) is after 'endDate' (2026-03-09T09:00:00.000Z).",
    );
  });
});

describe("GET /api/gpu/{gpuName}/hourly", () => {
  it("is for Full keys: keyless 401, Premium and Trial 403 naming the plan", async () => {
    expect((await api.get(`${H100}/hourly`)).status).toBe(401);
    for (const plan of ["premium", "trial"] as const) {
      const res = await api.get(`${H100}/hourly`, as(plan));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: "Forbidden", message: HOURLY_REQUIRES_FULL_MESSAGE });
    }
  });

  it("defaults to the 24 prints up to the latest, oldest first", async () => {
    const res = await api.get(`${H100}/hourly`, as("full"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access: "full",
      granularity: "hourly",
      startDate: "2026-03-09T13:00:00.000Z",
      endDate: "2026-03-10T12:00:00.000Z",
      count: 24,
    });
    expect(stamps(res.body)).toEqual(hours("2026-03-09T13:00:00.000Z", 24));
    // With the Full key's answer kept for the fast lane, a Premium key on the same URL is still refused.
    expect((await api.get(`${H100}/hourly`, as("premium"))).status).toBe(403);
    expect(rowsOf(res.body)[23]?.index_value).toBeCloseTo(
      printValue(2, "2026-03-10T12:00:00Z"),
      10,
    );
  });

  it("serves a given range and refuses one longer than the maximum span", async () => {
    const res = await api.get(`${H100}/hourly?startDate=2026-03-08&endDate=2026-03-08`, as("full"));
    expect(stamps(res.body)).toEqual(hours("2026-03-08T00:00:00.000Z", 24));
    await expectBadRequest(`${H100}/hourly?startDate=2026-01-01`, HOURLY_RANGE_TOO_LONG_MESSAGE);
    await expectBadRequest(
      `${H100}/hourly?startDate=x`,
      invalidRangeBoundMessage("startDate", "x"),
    );
    await expectBadRequest("/api/gpu/H300/hourly", INVALID_GPU_MESSAGE);
  });
});

describe("GET /api/gpu/{gpuName}/rolling-24h-average", () => {
  it("is for Full keys: keyless 401, Premium and Trial 403", async () => {
    expect((await api.get(`${H100}/rolling-24h-average`)).status).toBe(401);
    for (const plan of ["premium", "trial"] as const) {
      const res = await api.get(`${H100}/rolling-24h-average`, as(plan));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: HOURLY_REQUIRES_FULL_MESSAGE });
    }
  });

  it("averages the 24 prints up to the latest and says which", async () => {
    const res = await api.get(`${H100}/rolling-24h-average`, as("full"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        gpu_name: "H100 SXM",
        region: "global",
        average_usd_per_hour: expect.closeTo(h100Rolling("2026-03-10T12:00:00Z"), 10),
        as_of: "2026-03-10T12:00:00.000Z",
        window_start: "2026-03-09T13:00:00.000Z",
        window_end: "2026-03-10T12:00:00.000Z",
        print_count: 24,
        carried_count: 0,
      },
      provenance: TEST_TRADES_PROVENANCE,
      dataSources: TEST_TRADES_DATA_SOURCES,
    });
    expect((await api.get(`${H100}/rolling-24h-average?x=1`, as("full"))).status).toBe(400);
    expect((await api.get("/api/gpu/B200/rolling-24h-average", as("full"))).status).toBe(404);
  });
});

describe("GET /api/gpu/{gpuName}/rolling-24h-average/history", () => {
  const path = `${H100}/rolling-24h-average/history`;
  type RollingRow = { timestamp: string; average_usd_per_hour: number; print_count: number };

  it("needs a key and both dates", async () => {
    expect((await api.get(`${path}?startDate=2026-03-06&endDate=2026-03-09`)).status).toBe(401);
    for (const query of ["", "?startDate=2026-03-06", "?endDate=2026-03-09"])
      await expectBadRequest(`${path}${query}`, ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE, "premium");
  });

  it("serves Premium keys the average as of each settlement, oldest first (daily even when hourly is asked)", async () => {
    for (const query of ["", "&granularity=hourly"]) {
      const res = await api.get(
        `${path}?startDate=2026-03-06&endDate=2026-03-09${query}`,
        as("premium"),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ access: "premium", granularity: "daily", count: 4 });
      const rows = (res.body as { data: RollingRow[] }).data;
      expect(rows.map((r) => r.timestamp)).toEqual(DAILY_STAMPS_03_06_TO_03_09);
      expect(rows[3]?.average_usd_per_hour).toBeCloseTo(h100Rolling("2026-03-09T20:00:00Z"), 10);
      expect(rows[3]?.print_count).toBe(24);
    }
  });

  it("serves Full keys hourly rows when asked, within the maximum span", async () => {
    const res = await api.get(
      `${path}?startDate=2026-03-09&endDate=2026-03-09&granularity=hourly`,
      as("full"),
    );
    expect(res.body).toMatchObject({ access: "full", granularity: "hourly", count: 24 });
    const rows = (res.body as { data: RollingRow[] }).data;
    expect(rows.map((r) => r.timestamp)).toEqual(hours("2026-03-09T00:00:00.000Z", 24));
    expect(rows[0]?.average_usd_per_hour).toBeCloseTo(h100Rolling("2026-03-09T00:00:00Z"), 10);
    await expectBadRequest(
      `${path}?startDate=2026-01-01&endDate=2026-03-09&granularity=hourly`,
      HOURLY_RANGE_TOO_LONG_MESSAGE,
    );
    await expectBadRequest(
      `${path}?startDate=2026-03-01&endDate=2026-03-09&granularity=weekly`,
      GRANULARITY_MESSAGE,
    );
    await expectBadRequest(
      `${path}?startDate=2026-03-09&endDate=2026-03-01`,
      "'startDate' (2026-03-09T00:00:00.000Z) is after 'endDate' (2026-03-01T23:59:59.999Z).",
    );
  });
});

describe("GET /api/gpu/{gpuName}/index-history access by plan", () => {
  it("reports premium for Premium and Trial keys and full for Full keys (the original's values)", async () => {
    const path = `${H100}/index-history?startDate=2026-03-06&endDate=2026-03-09`;
    for (const [plan, access] of [
      ["premium", "premium"],
      ["trial", "premium"],
      ["full", "full"],
    ] as const) {
      const res = await api.get(path, as(plan));
      expect(res.body, plan).toMatchObject({ access, count: 4 });
    }
    expect((await api.get(path)).body).toMatchObject({ access: "public-3mo" });
  });
});
