import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "node:http";
import type { GpuTradeInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  CONTRACT_RATE_LIMITS,
  observation,
  serveApp,
  startTestApi,
  type TestApi,
} from "../../testing/test-api";
import { Metrics } from "../observability/metrics";
import { COMPRESSION_MIN_BYTES } from "./prepared-answer";

/**
 * Settled answers as a client meets them: Cache-Control until the next value can appear, strong
 * ETags that any instance honours (304 without the body being built), compression for large
 * bodies only, and the fast lane applying the same limiter and key checks as Express.
 */
// 2026-03-31 09:30 UTC: with the 36-hour lag, 03-29 became settleable on 03-31 at 12:00, so the
// due day is 03-28 (published below) and the next value can appear at 12:00, in 2.5 hours.
const NOW = new Date("2026-03-31T09:30:00.000Z");
const DAYS = Array.from({ length: 60 }, (_, i) =>
  new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10),
).filter((day) => day <= "2026-03-28");
const H = 3_600_000;

function gpuTrades(): GpuTradeInput[] {
  const trades: GpuTradeInput[] = [];
  for (let hour = Date.parse("2026-03-29T00:00:00Z"), i = 0; hour < NOW.getTime(); hour += H, i++)
    trades.push({
      tradeId: `t-${i}`,
      gpuName: "H100 SXM",
      executedAt: new Date(hour + 10 * 60_000),
      priceUsdPerGpuHour: 2 + i * 0.01,
      gpuHours: 8,
      provider: "p1",
      source: "test",
    });
  return trades;
}

let api: TestApi;
let fullKey: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, proxyDatabase: true });
  await api.load(
    DAYS.flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a" }),
      observation({ date, modelId: "openai/gpt-a" }),
      observation({ date, modelId: "qwen/qwen-a" }),
    ]),
  );
  await api.loadGpuTrades(gpuTrades());
  fullKey = (await api.createKey("full")).key;
}, 60_000);
afterAll(async () => api?.close());

const maxAge = (headers: Headers) =>
  Number(/max-age=(\d+)/.exec(headers.get("cache-control") ?? "")?.[1]);

/** A GET through node:http, which (unlike fetch) neither adds nor decodes Accept-Encoding. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("Cache-Control lasts until the next value can appear", () => {
  it("token answers: until the next settlement, never past midnight; a minute while a value is late", async () => {
    api.clock.now = NOW;
    const early = await api.get("/api/otpi?lab=anthropic");
    expect(early.status).toBe(200);
    expect(early.headers.get("cache-control")).toBe(`public, max-age=${2.5 * 3600}`);
    // The same URL later: the kept answer counts down to the same instant.
    api.clock.now = new Date("2026-03-31T11:59:00.000Z");
    expect(maxAge((await api.get("/api/otpi?lab=anthropic")).headers)).toBe(60);
    // 12:00: 03-29 is due but has no data here, so a client asks again within a minute.
    api.clock.now = new Date("2026-03-31T12:00:30.000Z");
    expect(maxAge((await api.get("/api/otpi?lab=anthropic")).headers)).toBe(60);
    api.clock.now = NOW;
  });

  it("GPU prints: until the next hour; daily values: until 4 PM New York", async () => {
    api.clock.now = NOW;
    const print = await api.get("/api/gpu/H100%20SXM");
    expect(print.status).toBe(200);
    expect(maxAge(print.headers)).toBe(30 * 60);
    const daily = await api.get("/api/daily-index/all");
    expect(daily.status).toBe(200);
    // 03-31 is in daylight saving time: 4 PM New York is 20:00 UTC.
    expect(maxAge(daily.headers)).toBe(10.5 * 3600);
  });
});

describe("strong ETags and If-None-Match", () => {
  it("answers 304 with the same validators, in both lanes", async () => {
    const path = "/api/otpi?lab=openai";
    const first = await api.get(path);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    for (let round = 0; round < 2; round++) {
      const again = await api.get(path, { "if-none-match": etag, "cache-control": "max-age=0" });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      expect(again.headers.get("vary")).toBe(first.headers.get("vary"));
    }
    const changed = await api.get(path, { "if-none-match": '"other"' });
    expect(changed.status).toBe(200);
    expect(changed.text).toBe(first.text);
  });

  it("differs by access and query, and is the same on another instance", async () => {
    const anonymous = (await api.get("/api/otpi?lab=anthropic")).headers.get("etag");
    const keyed = (await api.get("/api/otpi?lab=anthropic", bearer(fullKey))).headers.get("etag");
    const otherQuery = (await api.get("/api/otpi?lab=openai")).headers.get("etag");
    expect(new Set([anonymous, keyed, otherQuery]).size).toBe(3);
    const other = await serveApp(api.deps);
    try {
      const there = await other.get("/api/otpi?lab=anthropic");
      expect(there.headers.get("etag")).toBe(anonymous);
    } finally {
      await other.close();
    }
  });

  it("answers 304 without building the body: no database read even when the body needs one", async () => {
    const path = "/api/otpi/constituents?date=2026-03-20&lab=anthropic";
    const first = await api.get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    // A fresh instance (nothing kept) over a database that refuses connections.
    const other = await serveApp(api.deps);
    api.databaseProxy?.cut();
    try {
      const conditional = await other.get(path, { "if-none-match": etag });
      expect(conditional.status).toBe(304);
      expect(conditional.headers.get("etag")).toBe(etag);
      // Proof that the body would have needed the database.
      expect((await other.get(path)).status).toBe(503);
    } finally {
      await api.databaseProxy?.restore();
      await other.close();
    }
  });
});

describe("compression", () => {
  const yearPath = "/api/otpi?startDate=2026-02-01&endDate=2026-03-28";

  it("compresses large answers in the coding the client prefers, with that coding's ETag", async () => {
    const plain = await rawGet(`${api.url}${yearPath}`, bearer(fullKey));
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_MIN_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    for (const [accept, coding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const res = await rawGet(`${api.url}${yearPath}`, {
          ...bearer(fullKey),
          "accept-encoding": accept,
        });
        expect(res.headers["content-encoding"]).toBe(coding);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(plain.body.length / 3);
        expect(decode(res.body).equals(plain.body)).toBe(true);
        expect(res.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
        // Revalidating the compressed copy.
        const again = await rawGet(`${api.url}${yearPath}`, {
          ...bearer(fullKey),
          "accept-encoding": accept,
          "if-none-match": String(res.headers.etag),
        });
        expect(again.status).toBe(304);
      }
    }
  });

  it("sends small answers as they are, whatever the client accepts", async () => {
    const res = await rawGet(`${api.url}/api/otpi?lab=anthropic`, {
      "accept-encoding": "br, gzip",
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESSION_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the fast lane applies the same checks as Express", () => {
  it("refuses a bad key, requires keys, and counts every request against the per-IP limit", async () => {
    const limited = await serveApp({ ...api.deps, rateLimits: CONTRACT_RATE_LIMITS });
    try {
      const path = "/api/otpi?lab=anthropic";
      expect((await limited.get(path)).status).toBe(200); // kept from here on
      const badKey = await limited.get(path, bearer("tpi_not-a-key"));
      expect(badKey.status).toBe(401);
      // Keyed-only data stays keyed: a kept keyed answer is not given to a keyless caller.
      expect((await limited.get("/api/otpi?lab=qwen", bearer(fullKey))).status).toBe(200);
      expect((await limited.get("/api/otpi?lab=qwen")).status).toBe(401);
      // 4 requests so far; the allowance is 60 per minute whatever lane answers.
      const statuses: number[] = [];
      for (let i = 0; i < 58; i++) statuses.push((await limited.get(path)).status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(56);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("is off with HTTP_FAST_LANE=false, with the same answers", async () => {
    const path = "/api/gpu/H100%20SXM";
    const answered = async (fastLane: boolean) => {
      const metrics = new Metrics();
      const served = await serveApp({ ...api.deps, fastLane, metrics });
      try {
        const replies = [await served.get(path), await served.get(path)];
        const exposition = (await metrics.exposition()).body;
        const count = Number(/^tpi_fast_lane_answers_total (\d+)$/m.exec(exposition)?.[1]);
        return { replies, count };
      } finally {
        await served.close();
      }
    };
    const on = await answered(true);
    const off = await answered(false);
    expect(on.count).toBe(1);
    expect(off.count).toBe(0);
    for (const reply of [...on.replies, ...off.replies]) {
      expect(reply.status).toBe(200);
      expect(reply.text).toBe(on.replies[0]?.text);
      expect(reply.headers.get("etag")).toBe(on.replies[0]?.headers.get("etag"));
    }
  });
});
