import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

const TOKEN = "internal-token-for-tests-0123456789";
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: new Date("2026-11-22T12:00:00Z"), internalToken: TOKEN });
  await api.load([
    observation({ date: "2026-11-19", modelId: "anthropic/a" }),
    observation({ date: "2026-11-19", modelId: "minimax/a" }),
  ]);
});
afterAll(async () => api.close());

describe("internal tRPC router", () => {
  it("is not reachable anonymously or with a wrong token", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: "Bearer wrong-token-wrong-token" },
      { Authorization: TOKEN },
    ]) {
      const res = await api.get("/trpc/labs", headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: "Unauthorized",
        message: expect.stringContaining("internal service token"),
      });
    }
  });

  it("is closed entirely when no internal token is configured", async () => {
    const closed = await startTestApi({ now: new Date("2026-11-22T12:00:00Z") });
    try {
      expect((await closed.get("/trpc/labs", { Authorization: "Bearer undefined" })).status).toBe(
        401,
      );
    } finally {
      await closed.close();
    }
  });

  it("serves the same public view as GET /api/otpi", async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const trpc = await api.get(
      `/trpc/publicIndex?input=${encodeURIComponent(JSON.stringify({}))}`,
      auth,
    );
    expect(trpc.status).toBe(200);
    const rest = await api.get("/api/otpi");
    expect((trpc.body as { result: { data: unknown } }).result.data).toEqual(rest.body);
  });
});

describe("internal tRPC errors", () => {
  it("carry no stack trace or absolute path, whatever NODE_ENV is", async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const answers = [
      await api.get(`/trpc/constituents?input=${encodeURIComponent('{"date":1}')}`, auth),
      await api.get(
        `/trpc/freeWindowIndex?input=${encodeURIComponent(JSON.stringify({ lab: 5 }))}`,
        auth,
      ),
      await api.get("/trpc/noSuchProcedure", auth),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toContain("stack");
      expect(answer.text).not.toContain(process.cwd());
      expect(answer.text).not.toMatch(/file:\/\/|node_modules|\.ts:\d+/);
    }
  });
});
