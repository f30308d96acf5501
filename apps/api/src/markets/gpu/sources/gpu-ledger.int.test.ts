import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { warmStubForFile } from "../../../testing/file-fixtures";
import {
  LEDGER_EARLIER_DAY,
  LEDGER_FAULT_DAY,
  LEDGER_FAULT_DAY_SNAPSHOT,
  LEDGER_FAULTS,
  LEDGER_MISSING_DAY,
  LEDGER_PATHS,
  ledgerSnapshot,
  startGpuLedgerStub,
} from "../../../testing/gpu-ledger-stub";
import { releaseLater } from "../../../testing/loopback-stub";
import {
  GPU_LEDGER_DEFAULTS,
  GpuLedgerClient,
  hubRetryAfterMs,
  nextPageUrl,
  type GpuLedgerConfig,
} from "./gpu-ledger";
import { QuoteSourceError } from "./quote-source-error";

const stub = warmStubForFile(await startGpuLedgerStub(), LEDGER_PATHS.tree);
const config: GpuLedgerConfig = {
  ...GPU_LEDGER_DEFAULTS,
  baseUrl: stub.url,
  timeoutMs: 300,
  maxRetries: 2,
  retryBaseMs: 20,
  minRequestIntervalMs: 0,
  maxRetryAfterMs: 5_000,
};

const client = (overrides: Partial<GpuLedgerConfig> = {}, signal?: AbortSignal) =>
  new GpuLedgerClient({ ...config, ...overrides }, { signal });
const requestsTo = (path: string) => stub.requests.filter((r) => r.path === path);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("expected a QuoteSourceError"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(QuoteSourceError);
      return error as QuoteSourceError;
    },
  );
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the documented answers", () => {
  it("normalises the fault day by hand: our six on demand, other tiers beside, stale kept and flagged, the rest dropped and counted", async () => {
    const snapshot = await client().day(LEDGER_FAULT_DAY);
    expect(snapshot).not.toBeNull();
    expect(snapshot?.source).toBe("gpurentalprices");
    expect(snapshot?.label).toBe("2026-08-22");
    expect(snapshot?.asOf.toISOString()).toBe("2026-08-22T06:21:55.020Z");
    expect(snapshot?.contentHash).toBe(sha256(JSON.stringify(LEDGER_FAULT_DAY_SNAPSHOT)));
    const rows = snapshot?.quotes.map((q) => [
      q.gpuName,
      q.provider,
      q.tier,
      q.priceUsdPerGpuHour,
      q.offer,
      q.observedAt.toISOString(),
      q.sourceExclusion,
    ]);
    expect(rows).toEqual([
      ["H100 SXM", "runpod", "community", 2.69, "", "2026-08-22T06:21:49.413Z", null],
      // Already per GPU: p5.48xlarge's 98.32 USD an hour over 8 GPUs; min_gpus is not a divisor.
      ["H100 SXM", "aws", "on-demand", 12.29, "min 8 GPUs", "2026-08-22T06:21:50.170Z", null],
      ["RTX PRO 6000 WS", "runpod", "on-demand", 1.89, "", "2026-08-22T06:21:49.413Z", null],
      ["H100 SXM", "vultr", "on-demand", 2.99, "", "2026-08-18T14:15:12.452Z", "stale"],
      // datacrunch is Verda; nanoseconds are read to the millisecond.
      ["H200", "verda", "on-demand", 2.9, "", "2026-08-22T06:22:03.188Z", null],
      ["H100 SXM", "modal", "serverless", 3.95, "", "2026-08-22T06:21:49.020Z", null],
      [
        "H100 SXM",
        "azure",
        "reserved",
        8.5,
        "Standard_ND96isr_H100_v5, min 8 GPUs, eastus, 12-month term",
        "2026-08-22T06:21:49.020Z",
        null,
      ],
      [
        "RTX 5090",
        "lium",
        "marketplace",
        0.69,
        "Marketplace node 1d518f99-df47-4117-a785-aacdccee2794; 2 GPUs on host, min 1 GPU, Austin, United States",
        "2026-08-22T05:46:34.841Z",
        null,
      ],
      // Read 45 days before the snapshot (minutes only): stale though its provider is ok.
      ["A100 SXM4", "jarvislabs", "on-demand", 1.29, "", "2026-07-08T07:42:00.000Z", "stale"],
      ["B200", "crusoe", "on-demand", 7, "", "2026-08-22T06:21:49.020Z", null],
      ["A100 SXM4", "lambda", "on-demand", 1.79, "", "2026-08-22T06:21:49.020Z", null],
      ["RTX 5090", "spheron", "on-demand", 0.76, "", "2026-08-22T06:21:49.020Z", null],
    ]);
    expect(snapshot?.dropped).toEqual([
      { reason: "other-gpu", count: 2, examples: ["lambda h100-pcie", "runpod l40s"] },
      {
        reason: "ambiguous-gpu",
        count: 3,
        examples: ["coreweave h100", "gcp a100", "gcp rtx-pro-6000"],
      },
      { reason: "memory-mismatch", count: 1, examples: ["runpod h200 at 143 GB"] },
      { reason: "unknown-tier", count: 1, examples: ["fireworks h100-sxm (dedicated)"] },
      { reason: "invalid-price", count: 1, examples: ["spheron rtx-5090 at 0 USD"] },
      {
        reason: "duplicate",
        count: 1,
        examples: ["runpod h100-sxm (community) at 2.69 USD"],
      },
    ]);
  });

  it("lists the days the dataset holds, oldest first, following Link rel=next pages", async () => {
    expect(await client().listDays()).toEqual([LEDGER_EARLIER_DAY, LEDGER_FAULT_DAY]);
    stub.reset();
    stub.days.set(
      "2026-08-19",
      ledgerSnapshot({ date: "2026-08-19", offers: [{ provider: "aws", usd_hr: 3 }] }),
    );
    stub.treePageSize = 1;
    expect(await client().listDays()).toEqual(["2026-08-19", LEDGER_EARLIER_DAY, LEDGER_FAULT_DAY]);
    const pages = requestsTo(LEDGER_PATHS.tree);
    expect(pages.map((r) => r.query.get("cursor"))).toEqual([null, "1", "2"]);
  });

  it("follows next pages on the Hub's host only", async () => {
    stub.queue[LEDGER_PATHS.tree] = [
      { body: "[]", headers: { link: '<https://elsewhere.example/api/x?cursor=1>; rel="next"' } },
    ];
    const error = await failure(client().listDays());
    expect(error.problem).toBe("malformed");
    expect(error.message).toMatch(
      /points its next page to another host \(https:\/\/elsewhere\.example\); not followed$/,
    );
    expect(stub.requests).toHaveLength(1);
  });

  it("a missing day is null, asked once (404 EntryNotFound), not an error", async () => {
    expect(await client().day(LEDGER_MISSING_DAY)).toBeNull();
    expect(requestsTo(LEDGER_PATHS.day(LEDGER_MISSING_DAY))).toHaveLength(1);
  });

  it("reads latest.json, and says when it is not yet the day expected (a stale latest)", async () => {
    const latest = await client().latest({ expectedDay: LEDGER_FAULT_DAY });
    expect(latest.label).toBe(LEDGER_FAULT_DAY);
    stub.latestDay = LEDGER_EARLIER_DAY;
    const error = await failure(client().latest({ expectedDay: LEDGER_FAULT_DAY }));
    expect(error.problem).toBe("mismatch");
    expect(error.stopsRun).toBe(false);
    expect(error.message).toBe(
      "the latest ledger snapshot is of 2026-08-20, not of 2026-08-22; poll again later",
    );
    // Without an expected day the caller gets it, labelled with its own date: never relabelled.
    expect((await client().latest()).label).toBe(LEDGER_EARLIER_DAY);
  });

  it("a day's file that holds another day is a mismatch, not that day", async () => {
    stub.days.set("2026-08-23", LEDGER_FAULT_DAY_SNAPSHOT);
    const error = await failure(client().day("2026-08-23"));
    expect(error.problem).toBe("mismatch");
    expect(error.message).toMatch(/holds the snapshot of 2026-08-22, not of 2026-08-23; not used$/);
  });

  it("a provider gone the next day just gives fewer quotes", async () => {
    const before = await client().day(LEDGER_EARLIER_DAY);
    const after = await client().day(LEDGER_FAULT_DAY);
    expect(before?.quotes.filter((q) => q.provider === "salad")).toHaveLength(1);
    expect(after?.quotes.filter((q) => q.provider === "salad")).toEqual([]);
    expect(before?.dropped).toEqual([]);
  });

  it("a same-day rewrite is another version: later generated_at, other offers, another hash; the same bytes the same hash", async () => {
    const first = await client().day(LEDGER_FAULT_DAY);
    expect((await client().day(LEDGER_FAULT_DAY))?.contentHash).toBe(first?.contentHash);
    stub.days.set(
      LEDGER_FAULT_DAY,
      ledgerSnapshot({
        date: LEDGER_FAULT_DAY,
        generatedAt: "2026-08-22T10:33:12.004Z",
        offers: [{ provider: "aws", gpuName: "H100 SXM", usd_hr: 12.29, min_gpus: 8 }],
      }),
    );
    const rewritten = await client().day(LEDGER_FAULT_DAY);
    expect(rewritten?.label).toBe(first?.label);
    expect(rewritten?.asOf.toISOString()).toBe("2026-08-22T10:33:12.004Z");
    expect(rewritten?.contentHash).not.toBe(first?.contentHash);
    expect(rewritten?.quotes).toHaveLength(1);
  });

  it("follows a 302 to the CDN: the same snapshot and hash", async () => {
    const direct = await client().day(LEDGER_FAULT_DAY);
    stub.viaCdn = true;
    const viaCdn = await client().day(LEDGER_FAULT_DAY);
    expect(viaCdn).toEqual(direct);
    expect(stub.requests.map((r) => r.path).at(-1)).toMatch(/^\/cdn\/[0-9a-f]{64}$/);
  });
});

describe("faults", () => {
  it("401 RepoNotFound and 403 stop the run: not retried, the dataset named", async () => {
    for (const reply of [LEDGER_FAULTS.repoNotFound, LEDGER_FAULTS.forbidden]) {
      stub.reset();
      stub.queue[LEDGER_PATHS.latest] = [reply];
      const error = await failure(client().latest());
      expect(error.problem).toBe("auth");
      expect(error.stopsRun).toBe(true);
      expect(error.message).toMatch(
        new RegExp(
          `^Hugging Face refused GET /datasets/gpurentalprices/gpu-rental-prices/resolve/main/data/latest.json \\(HTTP ${reply.status}: .*the dataset gpurentalprices/gpu-rental-prices at main is not readable`,
        ),
      );
      expect(requestsTo(LEDGER_PATHS.latest)).toHaveLength(1);
    }
  });

  it("429 waits out the RateLimit header's t= seconds, or Retry-After", async () => {
    stub.queue[LEDGER_PATHS.latest] = [LEDGER_FAULTS.rateLimited(1)];
    let started = performance.now();
    await client().latest();
    // The retry waits the 1 s asked, so the call takes at least that, where one without the wait
    // takes a few ms. Measured at the client, not as the gap between the two arrivals at the stub:
    // a loaded machine only lengthens the call, while it can take one arrival late and the next on
    // time.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(requestsTo(LEDGER_PATHS.latest)).toHaveLength(2);

    stub.reset();
    stub.queue[LEDGER_PATHS.latest] = [{ status: 429, headers: { "retry-after": "1" }, body: "" }];
    started = performance.now();
    await client().latest();
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(requestsTo(LEDGER_PATHS.latest)).toHaveLength(2);
  });

  it("429 without a wait backs off on its own; one asking too long a wait stops the run", async () => {
    stub.queue[LEDGER_PATHS.latest] = [
      { status: 429, body: "" },
      { status: 429, body: "" },
    ];
    const started = performance.now();
    expect((await client({ retryBaseMs: 100 }).latest()).label).toBe(LEDGER_FAULT_DAY);
    const elapsedMs = performance.now() - started;
    expect(requestsTo(LEDGER_PATHS.latest)).toHaveLength(3);
    // Backoffs of 100 ms, then 200 ms.
    expect(elapsedMs).toBeGreaterThanOrEqual(100 + 200);

    stub.reset();
    stub.queue[LEDGER_PATHS.latest] = [LEDGER_FAULTS.rateLimited(600)];
    const error = await failure(client().latest());
    expect(error.problem).toBe("rate-limit");
    expect(error.stopsRun).toBe(true);
    expect(error.message).toMatch(
      /HTTP 429\) and asked to wait 600 s, longer than the 5 s a run waits/,
    );
  });

  it("retries 5xx with backoff, then succeeds", async () => {
    stub.queue[LEDGER_PATHS.day(LEDGER_FAULT_DAY)] = [
      LEDGER_FAULTS.unavailable(503),
      LEDGER_FAULTS.unavailable(500),
    ];
    expect((await client().day(LEDGER_FAULT_DAY))?.label).toBe(LEDGER_FAULT_DAY);
    expect(requestsTo(LEDGER_PATHS.day(LEDGER_FAULT_DAY))).toHaveLength(3);
  });

  it("times out slow answers, retries them, and names the timeout", async () => {
    stub.queue[LEDGER_PATHS.latest] = [1, 2, 3].map(() => ({ documented: true, delayMs: 1_000 }));
    const error = await failure(client().latest());
    expect(error.problem).toBe("unavailable");
    expect(error.message).toMatch(/failed after 3 attempt\(s\): timed out after 300 ms$/);
  });

  it("a body cut mid-stream is retried and never read as a snapshot", async () => {
    const cut = LEDGER_FAULTS.cutMidBody(LEDGER_FAULT_DAY_SNAPSHOT);
    stub.queue[LEDGER_PATHS.latest] = [cut];
    expect((await client().latest()).quotes).toHaveLength(12);
    stub.reset();
    stub.queue[LEDGER_PATHS.latest] = [cut, cut, cut];
    const error = await failure(client().latest());
    expect(error.problem).toBe("unavailable");
    expect(error.message).toMatch(/failed after 3 attempt\(s\): body not received/);
  });

  it("rejects a whole file that is not complete JSON, has the wrong shape, an over-long text the method reads or no offers: never part of a day", async () => {
    const path = LEDGER_PATHS.day(LEDGER_FAULT_DAY);
    const cases: [unknown, RegExp][] = [
      [LEDGER_FAULTS.invalidJson, /not complete JSON \(\d+ characters; truncated\?\)/],
      [
        LEDGER_FAULTS.emptyOffers(LEDGER_FAULT_DAY),
        /offers: no offers: an empty snapshot is never used/,
      ],
    ];
    const broken = (change: (row: Record<string, unknown>) => void) => {
      const copy = structuredClone(LEDGER_FAULT_DAY_SNAPSHOT);
      const row = copy.offers[5];
      if (row) change(row);
      return { body: JSON.stringify(copy) };
    };
    cases.push(
      [broken((row) => (row.usd_hr = "2.9")), /malformed snapshot .*: offers\.5\.usd_hr: /],
      [broken((row) => delete row.provider), /offers\.5\.provider/],
      [
        broken((row) => (row.fetched_at = "2026-08-22 06:22")),
        /offers\.5\.fetched_at: an ISO 8601 time/,
      ],
      [
        broken((row) => (row.fetched_at = "2026-02-30T06:22:03Z")),
        /offers\.5\.fetched_at: a real calendar time/,
      ],
      [broken((row) => (row.gpu = "h".repeat(201))), /offers\.5\.gpu: at most 200 characters/],
      [broken((row) => (row.kind = "k".repeat(10_000))), /offers\.5\.kind: at most 200 characters/],
      [
        broken((row) => (row.region = "r".repeat(501))),
        /offers\.5\.region: at most 500 characters/,
      ],
      [{ body: JSON.stringify({ ...LEDGER_FAULT_DAY_SNAPSHOT, providers: [] }) }, /providers/],
      [{ body: "[]" }, /\(root\)/],
    );
    for (const [reply, message] of cases) {
      stub.reset();
      stub.queue[path] = [reply as { body: string }];
      const error = await failure(client().day(LEDGER_FAULT_DAY));
      expect(error.problem).toBe("malformed");
      expect(error.stopsRun).toBe(false);
      expect(error.message).toMatch(message);
      expect(requestsTo(path)).toHaveLength(1);
    }
  });

  it("accepts the documented variety: fraction digits 1-9, minutes only, integer prices, unknown keys", async () => {
    const snapshot = ledgerSnapshot({
      date: "2026-10-08",
      generatedAt: "2026-10-08T09:12:44.1Z",
      offers: [
        {
          provider: "a",
          usd_hr: 7,
          fetched_at: "2026-10-08T08:46:34.841250Z",
          brand_new: { x: 1 },
        },
        { provider: "b", usd_hr: 2.5, fetched_at: "2026-10-08T08:46:34.188943405Z" },
        { provider: "c", usd_hr: 2.5, fetched_at: "2026-10-08T07:42Z" },
        { provider: "d", usd_hr: 2.5, fetched_at: "2026-10-08T09:42:00+02:00" },
      ],
      meta: null,
      extra: { not_public_providers: [] },
    });
    stub.days.set("2026-10-08", snapshot);
    const quotes = (await client().day("2026-10-08"))?.quotes ?? [];
    expect(
      quotes.map((q) => [q.provider, q.priceUsdPerGpuHour, q.observedAt.toISOString()]),
    ).toEqual([
      ["a", 7, "2026-10-08T08:46:34.841Z"],
      ["b", 2.5, "2026-10-08T08:46:34.188Z"],
      ["c", 2.5, "2026-10-08T07:42:00.000Z"],
      ["d", 2.5, "2026-10-08T07:42:00.000Z"],
    ]);
  });

  it("imports the offers of a snapshot whose optional parts differ from the documented shape, naming what it ignored", async () => {
    const snapshot = ledgerSnapshot({
      date: "2026-10-09",
      offers: [
        { provider: "a", usd_hr: 2.1 },
        { provider: "b", usd_hr: 2.3 },
      ],
    });
    const { ok_count: _okCount, ...metaWithoutOkCount } = snapshot.meta ?? {};
    // A provider's status with `stale` only: the rest of it is documented but not used.
    const providers = Object.fromEntries(
      Object.keys(snapshot.providers).map((name) => [name, { stale: false }]),
    );
    stub.days.set(
      "2026-10-09",
      JSON.stringify({ ...snapshot, meta: metaWithoutOkCount, providers }),
    );
    const day = await client().day("2026-10-09");
    expect(day?.quotes.map((quote) => quote.provider)).toEqual(["a", "b"]);
    expect(day?.ignoredParts).toEqual([
      "meta.ok_count: Invalid input: expected number, received undefined",
    ]);

    // A documented snapshot ignores nothing.
    stub.days.set("2026-10-09", snapshot);
    expect((await client().day("2026-10-09"))?.ignoredParts).toEqual([]);
  });

  it("the stop signal ends the request in flight: stopped, at once", async () => {
    const stopping = new AbortController();
    const held = releaseLater();
    stub.queue[LEDGER_PATHS.latest] = [{ documented: true, until: held.until }];
    const pending = failure(client({ timeoutMs: 10_000 }, stopping.signal).latest());
    while (requestsTo(LEDGER_PATHS.latest).length === 0) await new Promise((r) => setTimeout(r, 5));
    const stoppedAt = performance.now();
    stopping.abort();
    const error = await pending;
    held.release();
    expect(error.problem).toBe("stopped");
    expect(error.stopsRun).toBe(true);
    expect(performance.now() - stoppedAt).toBeLessThan(1_000);
  });

  it("paces requests and counts each attempt before it goes out", async () => {
    const counts: number[] = [];
    const paced = new GpuLedgerClient(
      { ...config, minRequestIntervalMs: 200 },
      { onRequest: async (n) => void counts.push(n) },
    );
    stub.queue[LEDGER_PATHS.latest] = [LEDGER_FAULTS.unavailable(502)];
    const started = performance.now();
    await paced.listDays();
    await paced.latest();
    const elapsedMs = performance.now() - started;
    expect(paced.requests).toBe(3);
    expect(counts).toEqual([1, 2, 3]);
    expect(stub.requests).toHaveLength(3);
    // Each request starts at least 200 ms after the one before.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * 200);
  });
});

describe("headers", () => {
  it("reads the Hub's RateLimit t=, preferring Retry-After", () => {
    const now = Date.parse("2026-08-22T12:00:00Z");
    const headers = (entries: Record<string, string>) => new Headers(entries);
    expect(hubRetryAfterMs(headers({ ratelimit: '"resolvers";r=0;t=42' }), now)).toBe(42_000);
    expect(hubRetryAfterMs(headers({ ratelimit: '"api";r=0;t=7', "retry-after": "3" }), now)).toBe(
      3_000,
    );
    expect(hubRetryAfterMs(headers({ ratelimit: '"api";r=12' }), now)).toBeUndefined();
    expect(hubRetryAfterMs(headers({}), now)).toBeUndefined();
  });

  it("finds the next page in a Link header, relative or absolute", () => {
    const page = "https://huggingface.co/api/datasets/x/tree/main/data";
    expect(
      nextPageUrl(
        '<https://huggingface.co/api/datasets/x/tree/main/data?cursor=a,b>; rel="next"',
        page,
      ),
    ).toBe("https://huggingface.co/api/datasets/x/tree/main/data?cursor=a,b");
    expect(nextPageUrl('</p?cursor=2>; rel="prev", </p?cursor=4>; rel=next', page)).toBe(
      "https://huggingface.co/p?cursor=4",
    );
    expect(nextPageUrl('</p?cursor=2>; rel="prev"', page)).toBeUndefined();
    expect(nextPageUrl(null, page)).toBeUndefined();
  });
});
