import {
  GPU_TYPE_CONFLICT_MESSAGE,
  GPU_TYPE_REQUIRED_MESSAGE,
  INVALID_GPU_MESSAGE,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Metrics } from "../../../platform/observability/metrics";
import {
  GPU_TEST_NOW,
  GPU_TEST_TRADES,
  TEST_TRADES_PROVENANCE,
  TEST_TRADES_DATA_SOURCES,
  testTradeEvidence,
} from "../../../testing/gpu-trades";
import { bearer, serveApp, startTestApi, type TestApi } from "../../../testing/test-api";
import { DAY_INDEX_DEPRECATED_SINCE } from "./prices";
import { expectAnswers, expectEveryAnswer } from "../../../testing/answers";

/** The Current Prices routes of one GPU: /api/daily-index, its previous value, /api/day-index. */

let api: TestApi;
let trialKey: string;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW });
  await api.loadGpuTrades(GPU_TEST_TRADES);
  trialKey = (await api.createKey("trial")).key;
}, 60_000);
afterAll(async () => api?.close());

const H100 = "H100%20SXM";
const PRO = "RTX%20PRO%206000%20WS";
// 03-09 settled at 20:00 UTC: prints of (03-08 20:00, 03-09 20:00] cover trades i = 92 .. 115.
const H100_03_09 = 2 + 103.5 * 0.001;
// 03-08 (23 prints under the switch to daylight saving time): trades i = 69 .. 91.
const H100_03_08 = 2 + 80 * 0.001;
const LATEST_H100 = {
  success: true,
  data: {
    gpu_type: "H100 SXM",
    region: "global",
    index_value: expect.closeTo(H100_03_09, 10),
    date: "2026-03-09T20:00:00.000Z",
    ...testTradeEvidence(true),
  },
  provenance: TEST_TRADES_PROVENANCE,
  dataSources: TEST_TRADES_DATA_SOURCES,
};

async function withClock<T>(now: string, run: () => Promise<T>): Promise<T> {
  api.clock.now = new Date(now);
  try {
    return await run();
  } finally {
    api.clock.now = GPU_TEST_NOW;
  }
}

describe("GET /api/daily-index", () => {
  it("serves one GPU's latest settled daily value, named by gpuType or its alias gpu", async () => {
    await expectEveryAnswer(
      (query) => api.get(`/api/daily-index?${query}`),
      ["gpuType=H100%20SXM", "gpu=H100%20SXM", "gpuType=H100%20SXM&gpu=H100%20SXM"],
      { status: 200, body: LATEST_H100, headers: { deprecation: null } },
    );
  });

  it("refuses two different names, no name and an unknown name with the route's messages", async () => {
    const cases: [string, string][] = [
      ["gpuType=H100%20SXM&gpu=H200", GPU_TYPE_CONFLICT_MESSAGE],
      ["", GPU_TYPE_REQUIRED_MESSAGE],
      ["gpuType=H300", INVALID_GPU_MESSAGE],
      ["gpu=h100%20sxm", INVALID_GPU_MESSAGE],
      [
        "gpuType=H200&date=2026-03-09",
        "Unknown query parameter 'date'. Allowed parameters: gpuType, gpu.",
      ],
    ];
    await expectAnswers(
      (query) => api.get(`/api/daily-index?${query}`),
      cases.map(([query, message]) => [
        query,
        { status: 400, bodyMatching: { error: "Bad request", message } },
      ]),
    );
    expect(GPU_TYPE_REQUIRED_MESSAGE).toContain("gpuType");
  });

  it("needs a key for a GPU outside the free tier and 404s a GPU without values", async () => {
    const keyless = await api.get(`/api/daily-index?gpuType=${PRO}`);
    expect(keyless.status).toBe(401);
    expect(keyless.body).toMatchObject({ error: "Unauthorized" });
    const keyed = await api.get(`/api/daily-index?gpuType=${PRO}`, bearer(trialKey));
    expect(keyed.status).toBe(200);
    expect(keyed.body).toMatchObject({ data: { gpu_type: "RTX PRO 6000 WS" } });
    expect((await api.get("/api/daily-index?gpuType=B200")).status).toBe(404);
  });

  it("looks back 7 settled days like /api/daily-index/all", async () => {
    // 03-16 settled at 20:00 UTC: 03-10 .. 03-16 are the last 7 settled days, 03-09 is older.
    const late = await withClock("2026-03-16T21:00:00.000Z", () =>
      api.get(`/api/daily-index?gpuType=${H100}`),
    );
    expect(late.status, late.text).toBe(404);
    expect(late.body).toMatchObject({ error: "No data available" });
    // One day earlier 03-09 is the oldest day of the look-back.
    const inWindow = await withClock("2026-03-15T21:00:00.000Z", () =>
      api.get(`/api/daily-index?gpuType=${H100}`),
    );
    expect(inWindow.status).toBe(200);
  });
});

describe("GET /api/daily-index/{gpuName}/previous", () => {
  it("serves the value before the latest, with the latest and the change", async () => {
    const res = await api.get(`/api/daily-index/${H100}/previous`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        gpu_type: "H100 SXM",
        region: "global",
        index_value: expect.closeTo(H100_03_08, 10),
        date: "2026-03-08T20:00:00.000Z",
        latest_index_value: expect.closeTo(H100_03_09, 10),
        latest_date: "2026-03-09T20:00:00.000Z",
        change: expect.closeTo(H100_03_09 - H100_03_08, 10),
        change_percent: expect.closeTo(((H100_03_09 - H100_03_08) / H100_03_08) * 100, 8),
        ...testTradeEvidence(true),
      },
      provenance: TEST_TRADES_PROVENANCE,
      dataSources: TEST_TRADES_DATA_SOURCES,
    });
  });

  it("404s when the previous value is outside the look-back, even when the latest is inside", async () => {
    // At 03-15 21:00 the look-back starts at 03-09: the latest (03-09) is in, 03-08 is not.
    const res = await withClock("2026-03-15T21:00:00.000Z", () =>
      api.get(`/api/daily-index/${H100}/previous`),
    );
    expect(res.status, res.text).toBe(404);
  });

  it("checks the name, the tier and the query", async () => {
    const bad = await api.get("/api/daily-index/H300/previous");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: INVALID_GPU_MESSAGE });
    expect((await api.get(`/api/daily-index/${PRO}/previous`)).status).toBe(401);
    expect((await api.get(`/api/daily-index/${PRO}/previous`, bearer(trialKey))).status).toBe(200);
    expect((await api.get(`/api/daily-index/${H100}/previous?x=1`)).status).toBe(400);
    expect((await api.get("/api/daily-index/B200/previous")).status).toBe(404);
  });
});

describe("GET /api/day-index (deprecated)", () => {
  const deprecation = `@${Date.parse(`${DAY_INDEX_DEPRECATED_SINCE}T00:00:00Z`) / 1000}`;
  const successorLink = '</api/daily-index>; rel="successor-version"';

  it("answers as /api/daily-index with Deprecation and Link, from Express and then from the fast lane", async () => {
    const metrics = new Metrics();
    const served = await serveApp({ ...api.deps, fastLane: true, metrics });
    const fastLaneAnswers = async () =>
      Number(/^tpi_fast_lane_answers_total (\d+)$/m.exec((await metrics.exposition()).body)?.[1]);
    try {
      const path = `/api/day-index?gpuType=${H100}`;
      const first = await served.get(path);
      expect(await fastLaneAnswers()).toBe(0);
      const repeat = await served.get(path);
      expect(await fastLaneAnswers()).toBe(1);
      for (const res of [first, repeat]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual(LATEST_H100);
        expect(res.headers.get("deprecation")).toBe(deprecation);
        expect(res.headers.get("link")).toBe(successorLink);
      }
      expect(deprecation).toBe("@1795392000");
      // Errors of the old path say so too.
      const refused = await served.get("/api/day-index");
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: GPU_TYPE_REQUIRED_MESSAGE });
      expect(refused.headers.get("deprecation")).toBe(deprecation);
    } finally {
      await served.close();
    }
  });

  it("is marked deprecated in the OpenAPI document, with its headers", async () => {
    const res = await api.get("/openapi.json");
    const paths = (res.body as { paths: Record<string, { get: Record<string, unknown> }> }).paths;
    const operation = paths["/api/day-index"]?.get as {
      deprecated?: boolean;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(operation.deprecated).toBe(true);
    expect(Object.keys(operation.responses["200"]?.headers ?? {})).toEqual(
      expect.arrayContaining(["Deprecation", "Link"]),
    );
    expect(paths["/api/daily-index"]?.get.deprecated).toBeUndefined();
  });
});
