import { describe, expect, it } from "vitest";
import { MARKETS } from "../markets";
import { closedAfterFile } from "../testing/file-fixtures";
import { startTestApi } from "../testing/test-api";

const api = closedAfterFile(
  await startTestApi({ now: new Date("2026-11-22T12:00:00Z"), proxyDatabase: true }),
);

type Health = {
  status: string;
  timestamp: string;
  database: string;
  data?: Record<string, string>;
};

async function health(): Promise<{ status: number; body: Health }> {
  const res = await api.get("/health");
  return { status: res.status, body: res.body as Health };
}

describe("GET /health", () => {
  it("reports a healthy service with a connected database", async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "healthy",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      database: "connected",
      // No first-start load recorded: nothing is being loaded for any market.
      data: Object.fromEntries(MARKETS.map((market) => [market.name, "complete"])),
      redis: "not configured",
    });
  });

  it("answers 503 while the database is unreachable, keeps serving, and recovers by itself", async () => {
    api.databaseProxy?.cut();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: "unhealthy", database: "disconnected" });
    expect(down.body.data).toBeUndefined(); // unknown while the database does not answer
    // The published index is served from memory: reads keep working during the outage.
    expect((await api.get("/api/token-types")).status).toBe(200);

    await api.databaseProxy?.restore();
    let up = await health();
    for (let attempt = 0; attempt < 20 && up.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      up = await health();
    }
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: "healthy", database: "connected" });
  });
});
