import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  constituentsResponseSchema,
  methodologyResponseSchema,
  revisionsResponseSchema,
} from "../schemas/details";
import { bearer, observation, startTestApi, type TestApi } from "../../../testing/test-api";

// "Today" is 2026-03-31 12:00 UTC: the free window starts 2026-02-28 and the latest settled day is 2026-03-29.
const NOW = new Date("2026-03-31T12:00:00.000Z");

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  key = (await api.createKey()).key;
  await api.load(
    ["2026-01-15", "2026-03-29", "2026-03-30"].flatMap((date) => [
      observation({
        date,
        modelId: "anthropic/claude-a",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
        inputTokens: 600_000n,
        outputTokens: 200_000n,
      }),
      observation({
        date,
        modelId: "anthropic/claude-b",
        inputPricePerMtok: 1,
        outputPricePerMtok: 5,
        inputTokens: 150_000n,
        outputTokens: 50_000n,
      }),
      observation({
        date,
        modelId: "anthropic/claude-b:free",
        inputPricePerMtok: 0,
        outputPricePerMtok: 0,
      }),
      observation({
        date,
        modelId: "openai/gpt-oss-120b",
        inputPricePerMtok: 0.1,
        outputPricePerMtok: 0.5,
      }),
      observation({
        date,
        modelId: "openai/gpt-a",
        inputPricePerMtok: 1.25,
        outputPricePerMtok: 10,
      }),
      observation({
        date,
        modelId: "minimax/m-a",
        inputPricePerMtok: 0.3,
        outputPricePerMtok: 1.2,
      }),
    ]),
  );
});
afterAll(async () => api.close());

describe("GET /api/otpi/constituents", () => {
  it("shows every model considered with weights and exclusion reasons, matching the published value", async () => {
    const res = await api.get("/api/otpi/constituents?date=2026-03-29&lab=anthropic");
    expect(res.status).toBe(200);
    expect(constituentsResponseSchema.safeParse(res.body).success).toBe(true);
    const published = await api.get("/api/otpi?date=2026-03-29&lab=anthropic");
    const row = (published.body as { data: { indexPerMtok: number; computedAt: string }[] })
      .data[0];
    expect(res.body).toMatchObject({
      success: true,
      access: "public-1mo",
      date: "2026-03-29",
      lab: "anthropic",
      published: true,
      indexPerMtok: row?.indexPerMtok,
      computedAt: row?.computedAt,
      methodologyVersion: "1.1",
      totalTokens: 1_000_000,
      suppressionReason: null,
      // Observations from a file: reported split and prices, no ranking coverage, no citation.
      coverage: null,
      provenance: { source: "test", sample: false, asOf: null, citation: null, licence: null },
      count: 3,
    });
    const data = (
      res.body as {
        data: {
          modelId: string;
          weight: number;
          eligible: boolean;
          exclusionReason: string | null;
          blendedPricePerMtok: number | null;
        }[];
      }
    ).data;
    expect(data[0]).toMatchObject({
      totalTokens: 800_000,
      split: "reported",
      inputShare: null,
      priceBasis: "reported",
      priceSnapshotId: null,
      source: "test",
    });
    expect(data.map((c) => [c.modelId, c.weight, c.eligible, c.exclusionReason])).toEqual([
      ["anthropic/claude-a", 0.8, true, null],
      ["anthropic/claude-b", 0.2, true, null],
      ["anthropic/claude-b:free", 0, false, "free_variant"],
    ]);
    // (3 x 600k + 15 x 200k) / 800k = 6; (1 x 150k + 5 x 50k) / 200k = 2; blend 0.8 x 6 + 0.2 x 2 = 5.2
    expect(data[0]?.blendedPricePerMtok).toBe(6);
    expect(row?.indexPerMtok).toBeCloseTo(5.2, 12);
  });

  it("names the methodology exclusion list's reason", async () => {
    const res = await api.get("/api/otpi/constituents?date=2026-03-29&lab=openai");
    const data = (
      res.body as {
        data: {
          modelId: string;
          exclusionReason: string | null;
          exclusionDescription: string | null;
        }[];
      }
    ).data;
    expect(data.find((c) => c.modelId === "openai/gpt-oss-120b")).toMatchObject({
      exclusionReason: "excluded_model",
      exclusionDescription: expect.stringContaining("exclusion list"),
    });
  });

  it("needs a key for paid labs and for dates before the free window, like /api/otpi", async () => {
    expect((await api.get("/api/otpi/constituents?date=2026-03-29&lab=minimax")).status).toBe(401);
    expect((await api.get("/api/otpi/constituents?date=2026-01-15&lab=anthropic")).status).toBe(
      401,
    );
    const keyed = await api.get("/api/otpi/constituents?date=2026-01-15&lab=minimax", bearer(key));
    expect(keyed.status).toBe(200);
    expect(keyed.body).toMatchObject({ access: "full", count: 1 });
  });

  it("reports a lab-day without a value with its suppression reason", async () => {
    const res = await api.get("/api/otpi/constituents?date=2026-03-29&lab=xiaomi", bearer(key));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      published: false,
      indexPerMtok: null,
      suppressionReason: "no_observations",
      count: 0,
      data: [],
    });
  });

  it("answers 404 for a day that is not settled yet", async () => {
    const res = await api.get("/api/otpi/constituents?date=2026-03-30&lab=anthropic");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: "No data available",
      message: expect.stringContaining("not settled"),
    });
  });

  it.each([
    ["?lab=anthropic", "Query parameter 'date' is required."],
    ["?date=2026-03-29", "Query parameter 'lab' is required."],
    ["?date=2026-02-30&lab=anthropic", "Query parameter 'date' must be a real calendar date"],
    ["?date=2026-03-29&lab=Anthropic", "Invalid lab 'Anthropic'"],
    ["?date=2026-03-29&lab=anthropic&foo=1", "Unknown query parameter 'foo'"],
    ["?date=2026-03-29&date=2026-03-28&lab=anthropic", "given more than once"],
  ])("rejects %s with 400", async (query, message) => {
    const res = await api.get(`/api/otpi/constituents${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message: expect.stringContaining(message) });
  });

  it("allows only GET", async () => {
    expect(
      (
        await api.request("/api/otpi/constituents?date=2026-03-29&lab=anthropic", {
          method: "POST",
        })
      ).status,
    ).toBe(405);
  });
});

describe("GET /api/otpi/methodology", () => {
  it("is public and carries version, formula, rules, thresholds, lag, restatement policy and history", async () => {
    const res = await api.get("/api/otpi/methodology");
    expect(res.status).toBe(200);
    expect(methodologyResponseSchema.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      success: true,
      version: "1.1",
      unit: "USD per million tokens",
      formula: expect.stringContaining("indexPerMtok"),
      eligibility: { excludedModelPatterns: ["openai/gpt-oss-*", "google/gemma-*"] },
      sufficiency: { minEligibleModels: 1, minEligibleTokens: 1 },
      settlement: { lagHours: 36 },
      restatements: { materialityThresholdPercent: 0.1 },
      history: [
        { version: "1.0", effectiveFrom: "2025-01-01" },
        { version: "1.1", effectiveFrom: "2026-11-23" },
      ],
      estimatedSplit: { inputShare: 0.75, effectiveFrom: "2026-11-23" },
      // Observations from a file: reported splits, no ranking source, no sample.
      dataSources: { sample: false, notice: null, sources: [{ source: "test", citation: null }] },
    });
  });
  it("rejects parameters", async () => {
    expect((await api.get("/api/otpi/methodology?v=2")).status).toBe(400);
  });
});

describe("GET /api/otpi/revisions", () => {
  it("needs a key", async () => {
    expect((await api.get("/api/otpi/revisions")).status).toBe(401);
  });
  it("answers an empty log with 200 and validates its range", async () => {
    const res = await api.get(
      "/api/otpi/revisions?startDate=2026-03-01&endDate=2026-03-31&lab=anthropic",
      bearer(key),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, count: 0, data: [] });
    expect(revisionsResponseSchema.safeParse(res.body).success).toBe(true);
    const reversed = await api.get(
      "/api/otpi/revisions?startDate=2026-03-31&endDate=2026-03-01",
      bearer(key),
    );
    expect(reversed.status).toBe(400);
    expect((await api.get("/api/otpi/revisions?lab=acme", bearer(key))).status).toBe(400);
  });
});

describe("GET /api/otpi is unaffected by the sub-paths", () => {
  it("still answers the latest day", async () => {
    const res = await api.get("/api/otpi");
    expect(res.body).toMatchObject({ date: "2026-03-29", count: 2 });
  });
});
