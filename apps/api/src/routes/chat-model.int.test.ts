import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_WINSOR_BOUNDS } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiCompatibleModel } from "../chat/model-backend";
import { startTestApi, type TestApi } from "../testing/test-api";

// A fake OpenAI-compatible server on 127.0.0.1 whose behaviour each test picks.
type Mode = "ok" | "slow" | "error500" | "garbage" | "rate-limited";
let mode: Mode = "ok";
let received:
  | {
      authorization?: string;
      body: { model: string; messages: Array<{ role: string; content: string }> };
    }
  | undefined;
const TIMEOUT_MS = 300;

const fake: Server = createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    received = {
      authorization: req.headers.authorization,
      body: JSON.parse(raw) as NonNullable<typeof received>["body"],
    };
    if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
    if (mode === "slow")
      return void setTimeout(
        () => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
        TIMEOUT_MS * 4,
      );
    if (mode === "error500") return void res.writeHead(500).end("boom");
    if (mode === "rate-limited") return void res.writeHead(429).end("slow down");
    if (mode === "garbage")
      return void res.writeHead(200, { "content-type": "application/json" }).end('{"choices":[]}');
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        choices: [{ message: { role: "assistant", content: "Phrased by the model." } }],
      }),
    );
  });
});

let api: TestApi;
let key: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1/`;
  api = await startTestApi({
    now: new Date("2026-03-10T12:30:00.000Z"),
    configure: (deps) => ({
      ...deps,
      chat: {
        winsor: DEFAULT_WINSOR_BOUNDS,
        model: createOpenAiCompatibleModel({
          baseUrl,
          model: "fake-model",
          apiKey: "sk-test",
          timeoutMs: TIMEOUT_MS,
        }),
      },
    }),
  });
  key = (await api.createKey()).key;
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

const ask = (message: string) =>
  api.request("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ message }),
  });

describe("POST /api/chat with an OpenAI-compatible backend", () => {
  it("lets the model phrase the built-in answer from the same sources", async () => {
    mode = "ok";
    const res = await ask("What is on the free tier?");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { answer: "Phrased by the model.", engine: "model", intent: "free_tier" },
    });
    expect(received?.authorization).toBe("Bearer sk-test");
    expect(received?.body.model).toBe("fake-model");
    const system = received?.body.messages[0]?.content ?? "";
    expect(system).toContain("/api/gpu-types-free");
    expect(system).toContain("DRAFT:");
  });

  it("does not call the model for an out-of-scope question", async () => {
    mode = "error500";
    const res = await ask("Tell me a joke");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { intent: "out_of_scope", engine: "built-in" } });
  });

  it("turns a timeout into 503 and upstream errors into 502, as JSON", async () => {
    const cases: Array<[Mode, number, string]> = [
      ["slow", 503, "Service unavailable"],
      ["rate-limited", 503, "Service unavailable"],
      ["error500", 502, "Bad gateway"],
      ["garbage", 502, "Bad gateway"],
    ];
    for (const [m, status, label] of cases) {
      mode = m;
      const started = Date.now();
      const res = await ask("What is on the free tier?");
      expect(res.status, m).toBe(status);
      expect(res.body, m).toMatchObject({ error: label, message: expect.any(String) });
      expect(Date.now() - started, m).toBeLessThan(TIMEOUT_MS * 3);
    }
  });

  it("answers 503 when nothing listens at the configured address", async () => {
    const closed = createOpenAiCompatibleModel({
      baseUrl: "http://127.0.0.1:9/v1",
      model: "m",
      timeoutMs: TIMEOUT_MS,
    });
    await expect(
      closed.phrase({ question: "q", history: [], draft: "d", sources: [] }),
    ).rejects.toMatchObject({ code: "unavailable" });
  });
});
