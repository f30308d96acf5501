import { LAB_IDS } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, observation, startTestApi, type TestApi } from "../../../testing/test-api";
import { expectAnswer, expectEveryAnswer } from "../../../testing/answers";

// "Today" is 2026-03-31 12:00 UTC: the free window is 2026-02-28 .. 2026-03-31 (the day is
// clamped to February's length), and with the 36-hour lag the latest settleable day is 2026-03-29.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAYS = [
  "2026-01-15",
  "2026-02-27",
  "2026-02-28",
  "2026-03-01",
  "2026-03-28",
  "2026-03-29",
  "2026-03-30",
];

type Envelope = {
  success: boolean;
  access: string;
  date?: string;
  startDate?: string;
  endDate?: string;
  count: number;
  data: Row[];
};
type Row = { date: string; lab: string; indexPerMtok: number; computedAt: string };

let api: TestApi;
let fullKey: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  await api.load(
    DAYS.flatMap((date) => [
      observation({
        date,
        modelId: "anthropic/claude-a",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
      }),
      observation({
        date,
        modelId: "anthropic/claude-b",
        inputPricePerMtok: 1,
        outputPricePerMtok: 5,
        inputTokens: 3_000_000n,
        outputTokens: 1_000_000n,
      }),
      observation({
        date,
        modelId: "openai/gpt-a",
        inputPricePerMtok: 1.25,
        outputPricePerMtok: 10,
      }),
      observation({
        date,
        modelId: "openai/gpt-oss-120b",
        inputPricePerMtok: 0.1,
        outputPricePerMtok: 0.5,
      }),
      observation({
        date,
        modelId: "deepseek/chat",
        inputPricePerMtok: 0.27,
        outputPricePerMtok: 1.1,
      }),
      observation({
        date,
        modelId: "minimax/m-a",
        inputPricePerMtok: 0.3,
        outputPricePerMtok: 1.2,
      }),
      observation({ date, modelId: "qwen/q-a", inputPricePerMtok: 0.2, outputPricePerMtok: 0.6 }),
      // google has only free or excluded models: it must publish no row, never a zero
      observation({
        date,
        modelId: "google/gemma-3-27b-it",
        inputPricePerMtok: 0.1,
        outputPricePerMtok: 0.2,
      }),
      observation({
        date,
        modelId: "google/gemini-x:free",
        inputPricePerMtok: 0,
        outputPricePerMtok: 0,
      }),
    ]),
  );
  ({ key: fullKey } = await api.createKey("full"));
});
afterAll(async () => api.close());

describe("GET /api/otpi without a key", () => {
  it("defaults to the latest settled day with one row per free lab that has data", async () => {
    const res = await expectAnswer(api.get("/api/otpi"), {
      status: 200,
      bodyMatching: { success: true, access: "public-1mo", date: "2026-03-29", count: 3 },
    });
    const body = res.body as Envelope;
    expect(body).not.toHaveProperty("startDate");
    expect(body).not.toHaveProperty("endDate");
    expect(body.data.map((r) => r.lab)).toEqual(["anthropic", "openai", "deepseek"]);
    // Added to the contract's envelope: the numbers' sources, none of them the sample here.
    expect(res.body).toMatchObject({
      dataSources: { sample: false, notice: null, sources: [{ source: "test", sample: false }] },
    });
  });

  it("computes the volume-weighted blend at full precision", async () => {
    const body = (await api.get("/api/otpi?date=2026-03-29&lab=anthropic")).body as Envelope;
    // (3*800k + 15*200k + 1*3M + 5*1M) / (1M + 4M)
    expect(body.data[0]?.indexPerMtok).toBe(
      (3 * 800_000 + 15 * 200_000 + 1 * 3_000_000 + 5 * 1_000_000) / 5_000_000,
    );
    expect(body.data[0]?.computedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("excludes open-weight releases of closed labs from the blend", async () => {
    const body = (await api.get("/api/otpi?date=2026-03-29&lab=openai")).body as Envelope;
    expect(body.data[0]?.indexPerMtok).toBe((1.25 * 800_000 + 10 * 200_000) / 1_000_000);
  });

  it("serves a single day with date and a lab filter", async () => {
    const res = await api.get("/api/otpi?date=2026-03-28&lab=deepseek");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access: "public-1mo",
      date: "2026-03-28",
      count: 1,
      data: [{ date: "2026-03-28", lab: "deepseek" }],
    });
  });

  it("serves a range inside the free window, oldest first, then catalog order", async () => {
    const res = await api.get("/api/otpi?startDate=2026-02-28&endDate=2026-03-31");
    expect(res.status).toBe(200);
    const body = res.body as Envelope;
    expect(body).toMatchObject({
      access: "public-1mo",
      startDate: "2026-02-28",
      endDate: "2026-03-31",
    });
    expect(body).not.toHaveProperty("date");
    expect(body.data.map((r) => `${r.date} ${r.lab}`)).toEqual(
      ["2026-02-28", "2026-03-01", "2026-03-28", "2026-03-29"].flatMap((d) => [
        `${d} anthropic`,
        `${d} openai`,
        `${d} deepseek`,
      ]),
    );
    expect(body.count).toBe(body.data.length);
  });

  it("returns one row per settlement day for a lab-filtered range", async () => {
    const body = (await api.get("/api/otpi?startDate=2026-02-28&endDate=2026-03-31&lab=anthropic"))
      .body as Envelope;
    expect(body.data.map((r) => r.date)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-28",
      "2026-03-29",
    ]);
  });

  it("never publishes an unsettled day (2026-03-30 settles on 2026-04-01 12:00 UTC)", async () => {
    const res = await api.get("/api/otpi?date=2026-03-30");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: "No data available",
      message: expect.stringContaining("2026-03-30"),
    });
  });

  it("answers 401 for a paid lab, naming it and the Bearer scheme", async () => {
    const res = await api.get("/api/otpi?lab=minimax");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: "Unauthorized",
      message: expect.stringMatching(/minimax.*Authorization: Bearer <API_KEY>/s),
    });
    // A 401 carries its challenge (RFC 9110): no key was sent, so no error code (RFC 6750).
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers 401 for dates before the free window, naming its first day", async () => {
    await expectEveryAnswer(
      (path) => api.get(path),
      [
        "/api/otpi?date=2026-02-27",
        "/api/otpi?startDate=2026-02-27&endDate=2026-03-29",
        "/api/otpi?date=2026-01-15&lab=anthropic",
      ],
      {
        status: 401,
        body: { error: "Unauthorized", message: expect.stringContaining("2026-02-28") },
      },
    );
  });

  it("moves the free window with the clock on every request", async () => {
    api.clock.now = new Date("2026-04-01T12:00:00.000Z"); // window now starts 2026-03-01
    try {
      expect((await api.get("/api/otpi?date=2026-02-28")).status).toBe(401);
      expect((await api.get("/api/otpi?date=2026-03-01")).status).toBe(200);
    } finally {
      api.clock.now = NOW;
    }
  });

  it("answers 404 with a message naming the request when a valid query matches nothing", async () => {
    const res = await api.get("/api/otpi?date=2026-03-15&lab=openai");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: "No data available",
      message: expect.stringMatching(/2026-03-15.*openai/),
    });
    const google = await api.get("/api/otpi?lab=google");
    expect(google.status).toBe(404);
  });
});

describe("GET /api/otpi with a key", () => {
  it("has full access to every lab and all history", async () => {
    const res = await api.get("/api/otpi", bearer(fullKey));
    const body = res.body as Envelope;
    expect(body).toMatchObject({ access: "full", date: "2026-03-29" });
    expect(body.data.map((r) => r.lab)).toEqual([
      "anthropic",
      "openai",
      "deepseek",
      "minimax",
      "qwen",
    ]);
    const old = await api.get("/api/otpi?date=2026-01-15&lab=minimax", bearer(fullKey));
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ access: "full", date: "2026-01-15", count: 1 });
  });

  it("serves a keyed range across all labs in catalog order", async () => {
    const body = (
      await api.get("/api/otpi?startDate=2026-01-01&endDate=2026-01-31", bearer(fullKey))
    ).body as Envelope;
    expect(body.data.map((r) => r.lab)).toEqual([
      "anthropic",
      "openai",
      "deepseek",
      "minimax",
      "qwen",
    ]);
    const order = body.data.map((r) => LAB_IDS.indexOf(r.lab as (typeof LAB_IDS)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("rejects unknown, malformed or wrongly-schemed keys with 401 Invalid API key", async () => {
    await expectEveryAnswer(
      (authorization) => api.get("/api/otpi", { Authorization: authorization }),
      [
        "Bearer tpi_sk_0000000000000000000000000000000000000000",
        "Bearer not-a-key",
        "Bearer ",
        "",
        `Basic ${fullKey}`,
        `Bearer ${fullKey} extra`,
        fullKey,
      ],
      {
        status: 401,
        body: { error: "Unauthorized", message: "Invalid API key" },
        headers: { "www-authenticate": 'Bearer error="invalid_token"' },
      },
    );
  });

  it("rejects a revoked key with 401 API key is inactive", async () => {
    const { key, keyId } = await api.createKey("premium");
    await api.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
    const res = await api.get("/api/otpi", bearer(key));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Unauthorized", message: "API key is inactive" });
    expect(res.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });
});

describe("GET /api/otpi bad requests", () => {
  it.each([
    ["/api/otpi?date=2026-03-29&startDate=2026-03-01&endDate=2026-03-29", /not both/],
    ["/api/otpi?startDate=2026-03-01", /'endDate' is missing/],
    ["/api/otpi?endDate=2026-03-01", /'startDate' is missing/],
    ["/api/otpi?startDate=2026-03-29&endDate=2026-03-01", /after/],
    ["/api/otpi?date=2026-02-30", /real calendar date/],
    ["/api/otpi?date=29-03-2026", /real calendar date/],
    [
      "/api/otpi?lab=Anthropic",
      /anthropic, openai, google, deepseek, minimax, xiaomi, qwen, moonshotai, z-ai, mistralai, meta-llama/,
    ],
    ["/api/otpi?lab=openai&lab=google", /'lab' was given more than once/],
    ["/api/otpi?labs=openai", /Unknown query parameter 'labs'/],
    ["/api/otpi?lab[x]=openai", /Unknown query parameter 'lab\[x\]'/],
  ])("%s is a 400", async (path, message) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message: expect.stringMatching(message) });
  });

  it("checks parameters before access: a malformed request is a 400 even for a paid lab", async () => {
    expect((await api.get("/api/otpi?lab=minimax&date=bad")).status).toBe(400);
  });
});

describe("GET /api/otpi caching", () => {
  it("answers If-None-Match with 304 when nothing changed", async () => {
    const first = await api.get("/api/otpi?date=2026-03-29");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // fetch adds `Cache-Control: no-cache` to conditional requests unless one is given.
    const again = await api.get("/api/otpi?date=2026-03-29", {
      "If-None-Match": etag ?? "",
      "Cache-Control": "max-age=0",
    });
    expect(again.status).toBe(304);
  });

  it("serves a newly settled day at once: cached answers do not outlive the published set", async () => {
    expect((await api.get("/api/otpi")).body).toMatchObject({ date: "2026-03-29" });
    api.clock.now = new Date("2026-04-01T12:00:00.000Z"); // 2026-03-30 becomes settleable
    try {
      await api.load([]);
      expect((await api.get("/api/otpi")).body).toMatchObject({ date: "2026-03-30" });
    } finally {
      api.clock.now = NOW;
    }
  });
});
