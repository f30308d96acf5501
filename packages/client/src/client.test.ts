import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { TpiApiError, createTpiClient, retryAfterSeconds, unwrap } from "./index";

/**
 * The client against a loopback stub: each request is answered by the next of `answers` (the last
 * one repeats), and every request is recorded.
 */
type Answer = { status: number; headers?: Record<string, string>; body: unknown };
type Seen = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function stub(answers: Answer[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)] as Answer;
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const TOO_MANY = {
  status: 429,
  headers: { "Retry-After": "1" },
  body: { error: "Too many requests", message: "Rate limit exceeded: try again in 1 second." },
};
const METHODOLOGY = { status: 200, body: { success: true } };

describe("createTpiClient", () => {
  it("sends the key as a bearer token, and no Authorization header without one", async () => {
    const server = await stub([METHODOLOGY]);
    await createTpiClient({ baseUrl: server.url, apiKey: "tpi_sk_test" }).GET(
      "/api/otpi/methodology",
    );
    await createTpiClient({ baseUrl: `${server.url}/` }).GET("/api/otpi/methodology");
    expect(server.seen.map((s) => [s.url, s.authorization])).toEqual([
      ["/api/otpi/methodology", "Bearer tpi_sk_test"],
      ["/api/otpi/methodology", undefined],
    ]);
  });

  it("on a 429 waits Retry-After seconds, then retries and returns the 200", async () => {
    const server = await stub([TOO_MANY, METHODOLOGY]);
    const client = createTpiClient({ baseUrl: server.url, apiKey: "tpi_sk_test" });
    const started = performance.now();
    const { data, error, response } = await client.GET("/api/otpi/methodology");
    const elapsedMs = performance.now() - started;
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toEqual({ success: true });
    expect(server.seen).toHaveLength(2);
    // The retry waits the 1 s asked, so the call takes at least that, where one without the wait
    // takes a few ms. Measured at the client, not as the gap between the two arrivals at the stub:
    // a loaded machine only lengthens the call, while it can take one arrival late and the next on
    // time.
    expect(elapsedMs).toBeGreaterThanOrEqual(1_000);
    const [, second] = server.seen as [Seen, Seen];
    expect(second.authorization).toBe("Bearer tpi_sk_test");
  });

  it("resends a POST's body on the retry", async () => {
    const server = await stub([TOO_MANY, { status: 200, body: { answer: "ok" } }]);
    const client = createTpiClient({ baseUrl: server.url, apiKey: "tpi_sk_test" });
    const { response } = await client.POST("/api/chat", { body: { message: "hello" } });
    expect(response.status).toBe(200);
    expect(server.seen.map((s) => [s.method, s.body])).toEqual([
      ["POST", '{"message":"hello"}'],
      ["POST", '{"message":"hello"}'],
    ]);
  });

  it("gives up after maxRetries and returns the 429 with its typed error body", async () => {
    const server = await stub([{ ...TOO_MANY, headers: { "Retry-After": "0" } }]);
    const { error, response } = await createTpiClient({ baseUrl: server.url }).GET(
      "/api/otpi/methodology",
    );
    expect(server.seen).toHaveLength(3); // the request and the default 2 retries
    expect(response.status).toBe(429);
    expect(error).toEqual(TOO_MANY.body);
  });

  it("does not retry when maxRetries is 0, or Retry-After is missing or beyond the bound", async () => {
    const noRetries = await stub([TOO_MANY, METHODOLOGY]);
    const first = await createTpiClient({ baseUrl: noRetries.url, maxRetries: 0 }).GET(
      "/api/otpi/methodology",
    );
    expect([first.response.status, noRetries.seen.length]).toEqual([429, 1]);

    const noHeader = await stub([{ ...TOO_MANY, headers: {} }, METHODOLOGY]);
    const second = await createTpiClient({ baseUrl: noHeader.url }).GET("/api/otpi/methodology");
    expect([second.response.status, noHeader.seen.length]).toEqual([429, 1]);

    const tooLong = await stub([{ ...TOO_MANY, headers: { "Retry-After": "3600" } }, METHODOLOGY]);
    const started = Date.now();
    const third = await createTpiClient({ baseUrl: tooLong.url }).GET("/api/otpi/methodology");
    expect([third.response.status, tooLong.seen.length]).toEqual([429, 1]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("stops waiting when the request's signal aborts", async () => {
    const server = await stub([{ ...TOO_MANY, headers: { "Retry-After": "30" } }, METHODOLOGY]);
    const started = Date.now();
    const call = createTpiClient({ baseUrl: server.url }).GET("/api/otpi/methodology", {
      signal: AbortSignal.timeout(300),
    });
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.seen).toHaveLength(1);
  });

  it("uses the fetch it is given", async () => {
    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(
        new Response('{"success":true}', { headers: { "content-type": "application/json" } }),
      );
    };
    const { data } = await createTpiClient({ baseUrl: "http://tpi.invalid", fetch }).GET(
      "/api/otpi/methodology",
    );
    expect(data).toEqual({ success: true });
    expect(urls).toEqual(["http://tpi.invalid/api/otpi/methodology"]);
  });
});

describe("unwrap", () => {
  it("returns the data of a 2xx and throws a TpiApiError with the error body otherwise", async () => {
    const ok = await stub([METHODOLOGY]);
    expect(await unwrap(createTpiClient({ baseUrl: ok.url }).GET("/api/otpi/methodology"))).toEqual(
      { success: true },
    );
    const notFound = await stub([
      { status: 404, body: { error: "Not found", message: "No data for that day." } },
    ]);
    const thrown = await unwrap(
      createTpiClient({ baseUrl: notFound.url }).GET("/api/otpi/methodology"),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(TpiApiError);
    expect(thrown).toMatchObject({
      status: 404,
      body: { error: "Not found", message: "No data for that day." },
      message: "404 Not found: No data for that day.",
    });
  });
});

describe("retryAfterSeconds", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(retryAfterSeconds("7", now)).toBe(7);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 12:00:05 GMT", now)).toBe(5);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds("-3", now)).toBeUndefined();
  });
});
