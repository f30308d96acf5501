import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import { seedGpuSample } from "./sample-seed";

const NOW = new Date("2026-11-22T13:20:00.000Z");

describe("GPU sample on a fresh database", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ now: NOW });
  });
  afterAll(async () => api.close());

  it("loads idempotently and publishes prints and daily values the routes serve", async () => {
    const first = await seedGpuSample(
      { db: api.db, url: api.databaseUrl },
      { now: NOW, from: "2026-11-19" },
    );
    expect(first.generated).toBeGreaterThan(3_000);
    expect(first.inserted).toBe(first.generated);
    expect(
      (await seedGpuSample({ db: api.db, url: api.databaseUrl }, { now: NOW, from: "2026-11-19" }))
        .inserted,
    ).toBe(0);
    await api.loadGpuTrades([]);

    const latest = await api.get("/api/gpu/H100%20SXM");
    expect(latest.body).toMatchObject({ data: { last_updated: "2026-11-22T13:00:00.000Z" } });
    const all = await api.get("/api/daily-index/all");
    const body = all.body as {
      date: string;
      data: Array<{ gpu_type: string; index_value: number }>;
    };
    // 2026-11-21 settled at 21:00 UTC (standard time); 11-22 is not due at 13:20 UTC.
    expect(body.date).toBe("2026-11-21T21:00:00.000Z");
    expect(body.data.map((d) => d.gpu_type)).toEqual([
      "H100 SXM",
      "H200",
      "A100 SXM4",
      "RTX 5090",
      "B200",
    ]);
    const h100 = body.data[0]?.index_value ?? 0;
    expect(h100).toBeGreaterThan(1.9);
    expect(h100).toBeLessThan(2.3);
  });
});
