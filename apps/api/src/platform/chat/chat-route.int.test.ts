import { CHAT_REQUIRES_FULL_MESSAGE, type GpuName } from "@tpi/domain";
import type { GpuTradeInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

// Now 2026-03-10 12:30 UTC. GPU trades every hour from 03-01 at a price rising 0.001 per hour
// (H100 SXM from 2.0, H200 from 3.0); token observations on 03-01 and 03-07 (settled with the 36 h lag).
const NOW = new Date("2026-03-10T12:30:00.000Z");
const H = 3_600_000;

function trades(gpuName: GpuName, base: number): GpuTradeInput[] {
  const list: GpuTradeInput[] = [];
  for (
    let hour = Date.parse("2026-03-01T00:00:00Z"), i = 0;
    hour <= Date.parse("2026-03-10T11:00:00Z");
    hour += H, i++
  ) {
    list.push({
      tradeId: `${gpuName}-${i}`,
      gpuName,
      executedAt: new Date(hour + 1_800_000),
      priceUsdPerGpuHour: base + i * 0.001,
      gpuHours: 4,
      provider: "p",
      source: "test",
    });
  }
  return list;
}

type ChatBody = {
  success: boolean;
  data: {
    answer: string;
    intent: string;
    engine: string;
    sources: Array<{
      endpoint: string;
      parameters: Record<string, string>;
      values: Array<Record<string, unknown>>;
    }>;
  };
};

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  await api.load([
    observation({
      date: "2026-03-01",
      modelId: "anthropic/claude-a",
      inputPricePerMtok: 3,
      outputPricePerMtok: 15,
    }),
    // Twice 03-01's tokens with the same 80/20 split: the blend is unchanged, the volume doubles.
    observation({
      date: "2026-03-07",
      modelId: "anthropic/claude-a",
      inputPricePerMtok: 2,
      outputPricePerMtok: 10,
      inputTokens: 1_600_000n,
      outputTokens: 400_000n,
    }),
    observation({
      date: "2026-03-07",
      modelId: "openai/gpt-a",
      inputPricePerMtok: 1,
      outputPricePerMtok: 8,
    }),
  ]);
  await api.loadGpuTrades([...trades("H100 SXM", 2), ...trades("H200", 3)]);
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());

const ask = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) =>
  api.request("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function chat(message: string, history?: unknown): Promise<ChatBody["data"]> {
  const res = await ask(history === undefined ? { message } : { message, history });
  expect(res.status, res.text).toBe(200);
  const body = res.body as ChatBody;
  expect(body.data.engine).toBe("built-in");
  return body.data;
}

describe("POST /api/chat access and validation", () => {
  it("requires a key", async () => {
    const res = await ask({ message: "H100 price?" }, {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Unauthorized" });
  });

  it("refuses bodies outside the schema with 400", async () => {
    for (const body of [
      {},
      { message: "" },
      { message: "x".repeat(2001) },
      { message: "hi", extra: 1 },
      { message: "hi", history: [{ role: "system", content: "x" }] },
    ]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ error: "Bad request" });
    }
    expect((await api.get("/api/chat", { authorization: `Bearer ${key}` })).status).toBe(405);
  });
});

describe("built-in engine", () => {
  it("answers the latest value with the row it used", async () => {
    const data = await chat("What is the current H100 price?");
    expect(data.intent).toBe("latest");
    // 03-09 settled at 20:00 UTC: prints (03-08 20:00, 03-09 20:00] cover trades i = 188..211, mean 199.5.
    expect(data.answer).toContain(
      "H100 SXM: $2.200 per GPU-hour (settled 2026-03-09T20:00:00.000Z; New York day 2026-03-09, from trades: test)",
    );
    expect(data.sources).toEqual([
      {
        endpoint: "/api/daily-index/all",
        parameters: {},
        values: [
          {
            gpu_type: "H100 SXM",
            region: "global",
            index_value: expect.closeTo(2.1995, 9),
            date: "2026-03-09T20:00:00.000Z",
            basis: "trades",
            sources: ["test"],
            providerCount: 1,
            offerCount: 0,
            backfilled: true,
          },
        ],
      },
    ]);
  });

  it("measures a change over a named period from the first and last rows", async () => {
    const data = await chat("How did the H200 change over the last 5 days?");
    expect(data.intent).toBe("change");
    expect(data.sources[0]).toMatchObject({
      endpoint: "/api/gpu/{gpuName}/index-history",
      parameters: { gpuName: "H200", startDate: "2026-03-05", endDate: "2026-03-10" },
    });
    const [first, last] = data.sources[0]?.values ?? [];
    expect(first).toMatchObject({ timestamp: "2026-03-05T21:00:00.000Z" });
    expect(last).toMatchObject({ timestamp: "2026-03-09T20:00:00.000Z" });
    expect(data.answer).toMatch(
      /^H200 rose over the last 5 days: from \$3\.\d{3} per GPU-hour .* \(\+\d+\.\d%\)\.$/,
    );
  });

  it("compares two labs and finds highs and lows", async () => {
    const compared = await chat("Compare Claude vs OpenAI");
    expect(compared.intent).toBe("compare");
    expect(compared.sources.map((s) => s.parameters.lab)).toEqual(["anthropic", "openai"]);
    expect(compared.answer).toContain("OpenAI is");
    const low = await chat("What was the lowest H100 value in the past week?");
    expect(low.intent).toBe("extreme");
    expect(low.sources[0]?.values[0]).toMatchObject({ timestamp: "2026-03-03T21:00:00.000Z" });
    const cheapest = await chat("Which GPU is cheapest right now?");
    expect(cheapest.answer).toContain("the cheapest is H100 SXM");
  });

  it("follows up on the subject of an earlier turn", async () => {
    const data = await chat("and how did it change?", [
      { role: "user", content: "What about anthropic?" },
      { role: "assistant", content: "..." },
    ]);
    expect(data.intent).toBe("change");
    expect(data.sources[0]?.parameters.lab).toBe("anthropic");
  });

  it("explains the free tier and the methodology", async () => {
    const free = await chat("What can I get for free without a key?");
    expect(free.intent).toBe("free_tier");
    expect(free.answer).toContain("H100 SXM, H200, A100 SXM4, RTX 5090, B200");
    expect(free.sources.map((s) => s.endpoint)).toEqual([
      "/api/token-types-free",
      "/api/gpu-types-free",
      "/api/memory-types",
      "/api/llm-coding/products",
    ]);
    const method = await chat("How is the GPU index calculated?");
    expect(method.intent).toBe("methodology");
    expect(method.answer).toContain("5th and 95th percentiles");
    expect(method.answer).toContain("4 PM America/New_York");
  });

  /** The rows the cited REST route returns for the source's parameters, with the chat's key. */
  async function restRows(
    source: ChatBody["data"]["sources"][number] | undefined,
  ): Promise<unknown[]> {
    const { gpuName = "", ...query } = source?.parameters ?? {};
    const path = (source?.endpoint ?? "").replace("{gpuName}", encodeURIComponent(gpuName));
    const search = new URLSearchParams(query).toString();
    const rest = await api.get(`${path}${search ? `?${search}` : ""}`, {
      authorization: `Bearer ${key}`,
    });
    expect(rest.status, rest.text).toBe(200);
    const body = rest.body as { data: unknown };
    return Array.isArray(body.data) ? (body.data as unknown[]) : [body.data];
  }

  it("answers a GPU's rolling 24-hour average from the route it cites", async () => {
    const data = await chat("What is the H100 rolling 24h average?");
    expect(data.intent).toBe("rolling_average");
    // Prints 03-09 13:00 .. 03-10 12:00 cover the trades i = 204..227: 2 + 215.5 * 0.001 = 2.2155
    // (2.21549... in binary, so three decimals show 2.215).
    expect(data.answer).toBe(
      "H100 SXM: $2.215 per GPU-hour on average over the 24 hourly prints from 2026-03-09T13:00:00.000Z to 2026-03-10T12:00:00.000Z.",
    );
    expect(data.sources[0]).toMatchObject({
      endpoint: "/api/gpu/{gpuName}/rolling-24h-average",
      parameters: { gpuName: "H100 SXM" },
    });
    expect(await restRows(data.sources[0])).toEqual(data.sources[0]?.values);
  });

  it("answers Full plan keys only: Premium and Trial keys get 403 in its words, a keyless caller 401", async () => {
    for (const plan of ["premium", "trial"] as const) {
      const other = (await api.createKey(plan)).key;
      const res = await ask(
        { message: "What is the H100 rolling 24h average?" },
        { authorization: `Bearer ${other}` },
      );
      expect(res.status, plan).toBe(403);
      expect(res.body, plan).toEqual({ error: "Forbidden", message: CHAT_REQUIRES_FULL_MESSAGE });
    }
    const keyless = await ask({ message: "What is the H100 rolling 24h average?" }, {});
    expect(keyless.status).toBe(401);
  });

  it("answers a GPU's volatility, saying when the window is not yet full", async () => {
    const data = await chat("How volatile is the H200?");
    expect(data.intent).toBe("volatility");
    // Daily values since 03-01 only: fewer than 30 daily returns before the latest day.
    expect(data.answer).toBe(
      "H200: not enough daily values before 2026-03-09T20:00:00.000Z for a full 30-day window.",
    );
    expect(data.sources[0]).toMatchObject({
      endpoint: "/api/gpu/{gpuName}/volatility",
      parameters: {
        gpuName: "H200",
        startDate: "2026-03-09",
        endDate: "2026-03-09",
        windowDays: "30",
      },
    });
    expect(await restRows(data.sources[0])).toEqual(data.sources[0]?.values);
  });

  it("lists a period's values, one a line, as the route it cites returns them", async () => {
    const data = await chat("Show me the H100 price history for the last 5 days");
    expect(data.intent).toBe("history");
    const rows = (await restRows(data.sources[0])) as Array<{
      timestamp: string;
      index_value: number;
    }>;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual(data.sources[0]?.values);
    expect(data.answer.split("\n")).toEqual([
      `H100 SXM over the last 5 days: ${rows.length} published values:`,
      ...rows.map((row) => `${row.timestamp}: $${row.index_value.toFixed(3)} per GPU-hour`),
    ]);
  });

  it("ranks by the mean over the period a ranking question names, not by the latest values", async () => {
    const data = await chat("Which GPU was the cheapest over the last 5 days?");
    expect(data.intent).toBe("extreme");
    // Only the H100 SXM and the H200 have values here: each mean is that of the cited rows.
    const means = await Promise.all(
      data.sources.map(async (source) => {
        const rows = (await restRows(source)) as Array<{ index_value: number }>;
        expect(rows).toEqual(source.values);
        return rows.reduce((sum, row) => sum + row.index_value, 0) / rows.length;
      }),
    );
    expect(data.sources.map((source) => source.parameters.gpuName)).toEqual(["H100 SXM", "H200"]);
    const lines = data.answer.split("\n");
    expect(lines[0]).toBe(
      `By the mean of the published values over the last 5 days, the cheapest is H100 SXM at $${(means[0] ?? 0).toFixed(3)} per GPU-hour.`,
    );
    expect(lines[1]).toMatch(/^1\. H100 SXM: \$\d\.\d{3} per GPU-hour on average \(5 values, /);
    expect(lines[2]).toMatch(/^2\. H200: /);
  });

  it("answers a GPU's traded volume of its latest settled day from the route it cites", async () => {
    const data = await chat("How many trades did the H100 see?");
    expect(data.intent).toBe("trade_volume");
    // The settlement period (03-08 20:00, 03-09 20:00] holds 24 hourly trades of 4 GPU-hours.
    expect(data.answer).toBe(
      "H100 SXM: 24 trades, 96 GPU-hours, from 1 provider in the settlement period ending 2026-03-09T20:00:00.000Z.",
    );
    expect(await restRows(data.sources[0])).toEqual(data.sources[0]?.values);
  });

  it("answers a lab's share of tokens from the rows GET /api/token-volume serves", async () => {
    const data = await chat("What share of tokens does Anthropic have?");
    expect(data.intent).toBe("volume");
    // 03-07: anthropic 2,000,000 tokens, openai 1,000,000 (the only labs published that day).
    expect(data.answer).toBe(
      "Anthropic: 66.7% of the tracked labs' tokens on 2026-03-07 (2,000,000 tokens; growth index 200.0, 100 on its first published day).",
    );
    const source = data.sources[0];
    expect(source).toMatchObject({
      endpoint: "/api/token-volume",
      parameters: { startDate: "2026-03-07", endDate: "2026-03-07", labs: "all", lab: "anthropic" },
    });
    const query = new URLSearchParams(source?.parameters).toString();
    const rest = await api.get(`/api/token-volume?${query}`, { authorization: `Bearer ${key}` });
    expect((rest.body as { data: unknown[] }).data).toEqual(source?.values);
  });

  it("answers a lab's token volume on the day asked, and says when that day is not settled yet", async () => {
    const onDay = await chat("How many tokens did Anthropic serve on 2026-03-01?");
    expect(onDay.intent).toBe("volume");
    expect(onDay.answer).toBe(
      "Anthropic: 100.0% of the tracked labs' tokens on 2026-03-01 (1,000,000 tokens; growth index 100.0, 100 on its first published day).",
    );
    // Yesterday (03-09) is not settled: said so, then the latest settled day, never silently.
    const yesterday = await chat("How many tokens did Anthropic serve yesterday?");
    expect(yesterday.answer).toBe(
      [
        "Anthropic's token volume of 2026-03-09 is not settled yet; the latest settled day is 2026-03-07.",
        "Anthropic: 66.7% of the tracked labs' tokens on 2026-03-07 (2,000,000 tokens; growth index 200.0, 100 on its first published day).",
      ].join("\n"),
    );
  });

  it("measures a lab's token volume growth over the period asked", async () => {
    const data = await chat("token volume growth of anthropic this month");
    expect(data.intent).toBe("volume");
    expect(data.answer).toBe(
      "Anthropic's token volume grew this month (2026-03-01 to 2026-03-10): from 1,000,000 tokens on 2026-03-01 to 2,000,000 tokens on 2026-03-07 (+100.0%); growth index 100.0 to 200.0, share 100.0% to 66.7%.",
    );
    expect(data.sources).toEqual([
      {
        endpoint: "/api/token-volume",
        // This month: the calendar month to today.
        parameters: {
          startDate: "2026-03-01",
          endDate: "2026-03-10",
          labs: "all",
          lab: "anthropic",
        },
        values: [
          {
            date: "2026-03-01",
            lab: "anthropic",
            totalTokens: 1_000_000,
            growthIndex: 100,
            share: 1,
            totalGrowthIndex: null,
          },
          {
            date: "2026-03-07",
            lab: "anthropic",
            totalTokens: 2_000_000,
            growthIndex: 200,
            share: 2 / 3,
            totalGrowthIndex: null,
          },
        ],
      },
    ]);
  });

  it("names the lab whose token volume grew the most, the labs ranked by their move", async () => {
    const data = await chat("Which lab's token volume grew the most this month?");
    expect(data.intent).toBe("volume");
    const lines = data.answer.split("\n");
    // Anthropic is the only lab with two published days this month: it leads, then the labs
    // without enough data, each said so.
    expect(lines.slice(0, 2)).toEqual([
      "Anthropic's token volume grew the most this month (2026-03-01 to 2026-03-10) (+100.0%).",
      "Anthropic's token volume grew this month (2026-03-01 to 2026-03-10): from 1,000,000 tokens on 2026-03-01 to 2,000,000 tokens on 2026-03-07 (+100.0%); growth index 100.0 to 200.0, share 100.0% to 66.7%.",
    ]);
    expect(lines[2]).toBe(
      "There is not enough published token volume for OpenAI this month (2026-03-01 to 2026-03-10) to measure growth.",
    );
    expect(data.sources.map((source) => source.parameters.lab)).toEqual(["anthropic"]);
    // Asked which fell the most: none fell, and the answer says so rather than name a faller.
    const fell = await chat("Which lab's token volume fell the most this month?");
    expect(fell.answer.split("\n")[0]).toBe(
      "No lab's token volume fell this month (2026-03-01 to 2026-03-10); Anthropic's grew the least (+100.0%).",
    );
  });

  it("ranks every lab by share when the question names none", async () => {
    const data = await chat("What is the market share of each lab?");
    expect(data.intent).toBe("volume");
    expect(data.answer.split("\n").map((line) => line.split(":")[0])).toEqual([
      "Anthropic",
      "OpenAI",
    ]);
    expect(data.sources.map((s) => s.parameters.lab)).toEqual(["anthropic", "openai"]);
  });

  it("says plainly when a question is out of scope", async () => {
    const data = await chat("What's the weather in Paris?");
    expect(data.intent).toBe("out_of_scope");
    expect(data.answer).toContain("I can only answer questions about this service's data");
    expect(data.sources).toEqual([]);
  });
});
