import { describe, expect, it } from "vitest";
import { warmStubForFile } from "../../../testing/file-fixtures";
import { releaseLater, type StubReply } from "../../../testing/loopback-stub";
import {
  startVastStub,
  VAST_FAULTS,
  VAST_FIXTURE_OFFERS,
  VAST_SEARCH_PATH,
  VAST_STUB_KEY,
  vastOffer,
} from "../../../testing/vast-stub";
import { QuoteSourceError } from "./quote-source-error";
import { VAST_DEFAULTS, VastClient, vastSearchBody, type VastConfig } from "./vast";

const POLLED_AT = new Date("2026-11-25T10:30:00.000Z");
/** The stub answers a key's requests less than this apart with 429 (as Vast does, at 6 s). */
const STUB_INTERVAL_MS = 100;

const stub = warmStubForFile(await startVastStub({ minIntervalMs: STUB_INTERVAL_MS }), "/warm-up");
const config: VastConfig = {
  ...VAST_DEFAULTS,
  baseUrl: stub.url,
  apiKey: VAST_STUB_KEY,
  timeoutMs: 300,
  maxRetries: 2,
  retryBaseMs: 20,
  // Twice the stub's interval: the stub judges arrivals on the test's own event loop, and a loaded
  // machine can take one arrival some 60 ms late and the next on time.
  minRequestIntervalMs: 2 * STUB_INTERVAL_MS,
  maxRetryAfterMs: 5_000,
};

const client = (overrides: Partial<VastConfig> = {}, signal?: AbortSignal) =>
  new VastClient({ ...config, ...overrides }, { signal, now: () => POLLED_AT });
const searches = () => stub.requests.filter((r) => r.path === VAST_SEARCH_PATH);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("expected a QuoteSourceError"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(QuoteSourceError);
      return error as QuoteSourceError;
    },
  );

describe("the documented search", () => {
  it("posts the six exact names on demand with the bearer key, never the key in the URL", async () => {
    await client().searchOffers();
    const [request] = searches();
    expect(request?.method).toBe("POST");
    expect(request?.headers.authorization).toBe(`Bearer ${VAST_STUB_KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      verified: { eq: true },
      external: { eq: false },
      rentable: { eq: true },
      rented: { eq: false },
      gpu_name: { in: ["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"] },
      type: "on-demand",
      order: [["dph_base", "asc"]],
      limit: 1000,
      allocated_storage: 5,
    });
    expect(JSON.parse(request?.body ?? "")).toEqual(vastSearchBody(1000));
    expect([...(request?.query.keys() ?? [])]).toEqual([]);
  });

  it("prices per GPU (dph_base / num_gpus), one quote per machine, hand-checked", async () => {
    const poll = await client().searchOffers();
    expect(poll.possiblyCutOff).toBe(false);
    // The stub honours the name filter: H100 PCIE and H100 NVL never come back.
    expect(poll.offers).toBe(VAST_FIXTURE_OFFERS.length - 2);
    const { snapshot } = poll;
    expect(snapshot.source).toBe("vastai");
    expect(snapshot.asOf).toEqual(POLLED_AT);
    expect(snapshot.label).toBe("2026-11-25T10:30:00.000Z");
    const kept = snapshot.quotes
      .map((q) => [q.gpuName, q.offer, Number(q.priceUsdPerGpuHour.toFixed(10))] as const)
      .sort((a, b) => a[1].localeCompare(b[1]));
    expect(kept).toEqual([
      ["RTX PRO 6000 WS", "machine 31337", 1.7], // 13.6 / 8: its 8-GPU bundle
      ["A100 SXM4", "machine 5200", 1.2], // 9.6 / 8 at 81920 MB
      ["H100 SXM", "machine 6100", 2], // 16 / 8
      ["B200", "machine 6200", 4], // 32 / 8
      ["RTX 5090", "machine 7001", 0.4],
      ["RTX 5090", "machine 7002", 0.45], // 0.9 / 2
      ["RTX 5090", "machine 7003", 0.5],
      ["RTX 5090", "machine 7004", 4.5], // the outlier stays: winsorising clamps it
    ]);
    for (const quote of snapshot.quotes) {
      expect(quote.provider).toBe("vast.ai");
      expect(quote.tier).toBe("on-demand");
      expect(quote.observedAt).toEqual(POLLED_AT);
      expect(quote.sourceExclusion).toBeNull();
    }
    expect(snapshot.dropped.map((d) => [d.reason, d.count])).toEqual([
      ["memory-mismatch", 1],
      ["invalid-price", 1],
      ["invalid-count", 1],
      ["duplicate", 3],
      ["interruptible", 1],
    ]);
    expect(snapshot.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // Host identifiers are in the answer and nowhere in the result.
    const text = JSON.stringify(poll);
    for (const identifier of ["203.0.113.7", "gpu-host-17", "4242"])
      expect(text).not.toContain(identifier);
  });

  it("drops other GPUs an answer carries anyway, by exact name", async () => {
    stub.ignoreGpuFilter = true;
    const { snapshot } = await client().searchOffers();
    expect(snapshot.dropped.find((d) => d.reason === "other-gpu")).toEqual({
      reason: "other-gpu",
      count: 2,
      examples: ["vast.ai H100 PCIE", "vast.ai H100 NVL"],
    });
  });

  it("flags an answer of exactly `limit` offers as possibly cut off", async () => {
    const poll = await client({ limit: 5 }).searchOffers();
    expect(poll.offers).toBe(5);
    expect(poll.possiblyCutOff).toBe(true);
    expect((JSON.parse(searches()[0]?.body ?? "") as { limit: unknown }).limit).toBe(5);
  });

  it("hashes the exact bytes: the same market twice is one snapshot, a changed price another", async () => {
    const first = await client().searchOffers();
    const again = await client().searchOffers();
    expect(again.snapshot.contentHash).toBe(first.snapshot.contentHash);
    stub.offers = [
      ...VAST_FIXTURE_OFFERS,
      vastOffer({ gpu_name: "H200", num_gpus: 8, perGpuUsd: 2.5 }),
    ];
    const changed = await client().searchOffers();
    expect(changed.snapshot.contentHash).not.toBe(first.snapshot.contentHash);
    expect(changed.snapshot.quotes.find((q) => q.gpuName === "H200")?.priceUsdPerGpuHour).toBe(2.5);
  });
});

describe("faults", () => {
  it("a refused key stops the run at once: 404 Invalid user key, 401, 403; never retried", async () => {
    const wrongKey = "vast-wrong-key-000000000000000000000000";
    const cases: [VastClient, StubReply | undefined, number][] = [
      [client({ apiKey: wrongKey }), undefined, 404],
      [client(), VAST_FAULTS.unauthorized, 401],
      [client(), VAST_FAULTS.forbidden, 403],
    ];
    for (const [refused, reply, status] of cases) {
      stub.reset();
      if (reply) stub.queue[VAST_SEARCH_PATH] = [reply];
      const error = await failure(refused.searchOffers());
      expect(error.problem).toBe("auth");
      expect(error.stopsRun).toBe(true);
      expect(error.message).toMatch(
        new RegExp(
          `^the Vast\\.ai API key was refused \\(HTTP ${status} on POST /api/v0/bundles/: `,
        ),
      );
      expect(error.message).not.toContain(wrongKey);
      expect(searches()).toHaveLength(1);
    }
  });

  it("a 404 that is not about the key is an ordinary error, not a refusal", async () => {
    stub.queue[VAST_SEARCH_PATH] = [
      { status: 404, body: JSON.stringify({ error: "not_found", msg: "Not found" }) },
    ];
    const error = await failure(client().searchOffers());
    expect(error.problem).toBe("http");
    expect(error.stopsRun).toBe(false);
  });

  it("429 without Retry-After backs off on its own schedule, then succeeds", async () => {
    stub.queue[VAST_SEARCH_PATH] = [VAST_FAULTS.tooFrequent, VAST_FAULTS.tooFrequent];
    const started = performance.now();
    const poll = await client({ retryBaseMs: 200 }).searchOffers();
    const elapsedMs = performance.now() - started;
    expect(poll.snapshot.quotes.length).toBeGreaterThan(0);
    expect(searches()).toHaveLength(3);
    // Backoffs of 200 ms, then 400 ms: the call takes at least 600 ms, where without them only the
    // pacing (2 x 200 ms) is waited. Measured at the client, not as gaps between arrivals at the
    // stub: a loaded machine only lengthens the call, while it can take one arrival late and the
    // next on time.
    expect(elapsedMs).toBeGreaterThanOrEqual(200 + 400);
  });

  it("429 every time stops the run as rate-limited", async () => {
    stub.queue[VAST_SEARCH_PATH] = [1, 2, 3].map(() => VAST_FAULTS.tooFrequent);
    const error = await failure(client().searchOffers());
    expect(error.problem).toBe("rate-limit");
    expect(error.stopsRun).toBe(true);
    expect(error.message).toMatch(/rate-limited by Vast\.ai \(HTTP 429\) 3 time\(s\)/);
  });

  it("a client more eager than the market's interval gets 429 and recovers; the default pacing never does", async () => {
    const eager = client({ minRequestIntervalMs: 0, retryBaseMs: 2 * STUB_INTERVAL_MS });
    await eager.searchOffers();
    await eager.searchOffers();
    expect(eager.requests).toBe(3);
    stub.reset();
    const paced = client();
    await paced.searchOffers();
    await paced.searchOffers();
    expect(paced.requests).toBe(2);
    // Vast's own limit is 10 a minute: the default interval keeps under it.
    expect(VAST_DEFAULTS.minRequestIntervalMs).toBeGreaterThanOrEqual(6_000);
  });

  it("400 invalid_request is our bug: not retried", async () => {
    stub.queue[VAST_SEARCH_PATH] = [VAST_FAULTS.invalidRequest];
    const error = await failure(client().searchOffers());
    expect(error.problem).toBe("http");
    expect(error.message).toBe(
      "POST /api/v0/bundles/ answered HTTP 400: invalid_request: Invalid json body; not retried",
    );
    expect(searches()).toHaveLength(1);
  });

  it("retries 5xx, then succeeds", async () => {
    stub.queue[VAST_SEARCH_PATH] = [VAST_FAULTS.unavailable(502), VAST_FAULTS.unavailable(503)];
    expect((await client().searchOffers()).offers).toBeGreaterThan(0);
    expect(searches()).toHaveLength(3);
  });

  it("times out slow answers, retries them, and names the timeout", async () => {
    stub.queue[VAST_SEARCH_PATH] = [1, 2, 3].map(() => ({ documented: true, delayMs: 1_000 }));
    const error = await failure(client().searchOffers());
    expect(error.problem).toBe("unavailable");
    expect(error.message).toMatch(/failed after 3 attempt\(s\): timed out after 300 ms$/);
  });

  it("rejects an HTML page, a body that is not complete JSON, and an answer without offers, whole", async () => {
    const cases: [StubReply, RegExp][] = [
      [VAST_FAULTS.htmlPage, /content type 'text\/html; charset=utf-8', not JSON/],
      [VAST_FAULTS.invalidJson, /not complete JSON \(\d+ characters; truncated\?\)/],
      [
        VAST_FAULTS.noOffers,
        /malformed offer search answer \(POST \/api\/v0\/bundles\/\): offers: /,
      ],
      [
        { body: JSON.stringify({ offers: [{ id: 1, gpu_name: "B200" }] }) },
        /offers\.0\.machine_id/,
      ],
      [
        { body: JSON.stringify({ offers: [{ ...VAST_FIXTURE_OFFERS[0], dph_base: "13.6" }] }) },
        /offers\.0\.dph_base/,
      ],
    ];
    for (const [reply, message] of cases) {
      stub.reset();
      stub.queue[VAST_SEARCH_PATH] = [reply];
      const error = await failure(client().searchOffers());
      expect(error.problem).toBe("malformed");
      expect(error.message).toMatch(message);
      expect(searches()).toHaveLength(1);
    }
  });

  it("a body cut mid-stream is retried, never read as part of an hour", async () => {
    const cut = VAST_FAULTS.cutMidBody(VAST_FIXTURE_OFFERS);
    stub.queue[VAST_SEARCH_PATH] = [cut];
    expect((await client().searchOffers()).snapshot.quotes).toHaveLength(8);
    stub.reset();
    stub.queue[VAST_SEARCH_PATH] = [cut, cut, cut];
    const error = await failure(client().searchOffers());
    expect(error.problem).toBe("unavailable");
    expect(error.message).toMatch(/body not received/);
  });

  it("the stop signal ends the request in flight: stopped, at once", async () => {
    const stopping = new AbortController();
    const held = releaseLater();
    stub.queue[VAST_SEARCH_PATH] = [{ documented: true, until: held.until }];
    const pending = failure(client({ timeoutMs: 10_000 }, stopping.signal).searchOffers());
    while (searches().length === 0) await new Promise((r) => setTimeout(r, 5));
    const stoppedAt = performance.now();
    stopping.abort();
    const error = await pending;
    held.release();
    expect(error.problem).toBe("stopped");
    expect(error.stopsRun).toBe(true);
    expect(performance.now() - stoppedAt).toBeLessThan(1_000);
  });

  it("never puts the key in a message, even when an answer echoes it", async () => {
    const echo = (status: number, headers: Record<string, string> = {}): StubReply => ({
      status,
      headers,
      body: JSON.stringify({ error: "invalid_request", msg: `bad key ${VAST_STUB_KEY}` }),
    });
    const replies: StubReply[][] = [
      [echo(400)],
      [echo(401)],
      [echo(404)],
      [
        {
          status: 404,
          body: `Invalid user key ${VAST_STUB_KEY}`,
          headers: { "content-type": "text/plain" },
        },
      ],
      [echo(503), echo(503), echo(503)],
      [echo(429), echo(429), echo(429)],
      [VAST_FAULTS.htmlPage],
      [VAST_FAULTS.invalidJson],
      [VAST_FAULTS.noOffers],
    ];
    for (const queue of replies) {
      stub.reset();
      stub.queue[VAST_SEARCH_PATH] = queue;
      const error = await failure(client().searchOffers());
      expect(error.message).not.toContain(VAST_STUB_KEY);
      expect(error.message).not.toContain(VAST_STUB_KEY.slice(0, 16));
    }
  });
});
