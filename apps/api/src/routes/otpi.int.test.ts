import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type TestApi } from "../testing/test-api";

// "Today" is 2026-03-31 12:00 UTC: the free window is 2026-02-28 .. 2026-03-31 (day clamped),
// and with the 36-hour lag the latest settleable day is 2026-03-29.
const NOW = new Date("2026-03-31T12:00:00.000Z");

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  const days = ["2026-01-15", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-28", "2026-03-29", "2026-03-30"];
  await api.load(
    days.flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a", inputPricePerMtok: 3, outputPricePerMtok: 15 }),
      observation({ date, modelId: "openai/gpt-a", inputPricePerMtok: 1, outputPricePerMtok: 8 }),
      observation({ date, modelId: "minimax/m-a", inputPricePerMtok: 0.3, outputPricePerMtok: 1.2 }),
    ]),
  );
});
afterAll(async () => api.close());

describe("GET /api/otpi smoke", () => {
  it("serves the latest settled day to a keyless caller", async () => {
    const res = await api.get("/api/otpi");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, access: "public-1mo", date: "2026-03-29", count: 2 });
  });
});
