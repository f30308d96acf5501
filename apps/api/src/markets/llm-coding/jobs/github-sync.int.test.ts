import {
  readCodingCountRevisions,
  readCodingCounts,
  recentSourceSyncs,
  withSourceSyncLock,
} from "@tpi/db";
import { searchesForDay } from "@tpi/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, jsonStubForFile } from "../../../testing/file-fixtures";
import { type StubAnswer, type StubRequest } from "../../../testing/json-stub";
import {
  GithubSearchClient,
  rateLimitWait,
  type GithubSearchConfig,
} from "../sources/github-search";
import {
  GITHUB_SEARCH_SOURCE,
  githubDaysToSync,
  runGithubSync,
  syncGithubCounts,
} from "./github-sync";

/**
 * The GitHub search connector and its sync against a loopback stub answering in GitHub's
 * documented shape (`{ total_count, incomplete_results, items }`): known counts per query, an
 * incomplete answer, a secondary rate limit (403 with retry-after), a refused query (422), a
 * server error (500) and a late merge after settlement.
 */

const TOKEN = "ghp_test0123456789abcdef0123456789abcdef";

/** Known counts: opened = 100 + day of month, merged = 40, commits = 7, for every agent. */
const known = (q: string): number => {
  const day = Number(
    /created:\d{4}-\d{2}-(\d{2})/.exec(q)?.[1] ?? /committer-date:\d{4}-\d{2}-(\d{2})/.exec(q)?.[1],
  );
  if (q.includes("committer-date:")) return 7;
  return q.includes("is:merged") ? 40 : 100 + day;
};
const search = (count: number, incomplete = false): StubAnswer => ({
  body: { total_count: count, incomplete_results: incomplete, items: [] },
  headers: { "x-ratelimit-remaining": "29", "x-ratelimit-reset": "9999999999" },
});
/** What GitHub answers a test's searches, by the query (`q`). */
let answer: (request: StubRequest, q: string) => StubAnswer;
const qOf = (request: StubRequest) => request.query.get("q") ?? "";

const stub = await jsonStubForFile((request) => answer(request, qOf(request)));
const { db } = await databaseForFile();
const config: GithubSearchConfig = {
  baseUrl: stub.url,
  token: TOKEN,
  userAgent: "tpi-test",
  timeoutMs: 2_000,
  maxRetries: 1,
  retryBaseMs: 10,
  minRequestIntervalMs: 0,
  maxRateLimitWaitMs: 5_000,
  maxRateLimitWaits: 3,
};
beforeEach(async () => {
  answer = (_request, q) => search(known(q));
  await db.$executeRawUnsafe("truncate coding_count, coding_count_revision, source_sync");
});

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}
const reasonOf = (day: { written: boolean; reason?: string } | undefined) =>
  day === undefined || day.written ? "" : (day.reason ?? "");

const sync = (days: string[], now: string, overrides: Partial<GithubSearchConfig> = {}) =>
  syncGithubCounts(
    db,
    { ...config, ...overrides },
    { days, trigger: "manual", now: new Date(now) },
  );

describe("the GitHub search client", () => {
  const request = required(searchesForDay("2026-11-01")[0]);

  it("sends the documented search with a User-Agent and the token, and reads total_count", async () => {
    const count = await new GithubSearchClient(config).count(request);
    expect(count).toEqual({ ok: true, value: 101 });
    const sent = required(stub.requests[0]);
    expect(sent.path).toBe("/search/issues");
    expect(qOf(sent)).toBe(request.q);
    expect(sent.query.get("per_page")).toBe("1");
    expect(sent.headers["user-agent"]).toBe("tpi-test");
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await new GithubSearchClient({ ...config, token: undefined }).count(request);
    expect(stub.requests[1]?.headers.authorization).toBeUndefined();
  });

  it("reads incomplete_results as a failed count, never a low one", async () => {
    answer = () => search(3, true);
    const count = await new GithubSearchClient(config).count(request);
    expect(count).toMatchObject({ ok: false, error: { reason: "incomplete_results" } });
  });

  it("waits out a 403 secondary limit's retry-after, then counts", async () => {
    let calls = 0;
    answer = (_r, q) =>
      ++calls === 1
        ? {
            status: 403,
            headers: { "retry-after": "1" },
            body: { message: "You have exceeded a secondary rate limit" },
          }
        : search(known(q));
    const waits: number[] = [];
    const client = new GithubSearchClient(config, undefined, (ms) => waits.push(ms));
    const started = performance.now();
    const count = await client.count(request);
    const elapsedMs = performance.now() - started;
    expect(count).toEqual({ ok: true, value: 101 });
    expect(waits).toEqual([1_000]);
    expect(stub.requests).toHaveLength(2);
    // The retry waits the 1 s asked, so the count takes at least that, where one without the wait
    // takes a few ms. Measured at the client, not as the gap between the two arrivals at the stub:
    // a loaded machine only lengthens the call, while it can take one arrival late and the next on
    // time.
    expect(elapsedMs).toBeGreaterThanOrEqual(1_000);
    expect(client.requests).toBe(2);
  });

  it("waits until x-ratelimit-reset when the primary limit is used up", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    expect(
      rateLimitWait(
        {
          status: 403,
          headers: new Headers({
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset": String(reset),
          }),
        },
        "",
        reset * 1000 - 500,
      ),
    ).toEqual({ ms: 1_500, why: "x-ratelimit-reset" });
    expect(
      rateLimitWait({ status: 403, headers: new Headers() }, '{"message":"Forbidden"}'),
    ).toBeUndefined();
    expect(rateLimitWait({ status: 429, headers: new Headers() }, "")).toMatchObject({
      ms: 60_000,
    });
  });

  it("sends nothing before x-ratelimit-reset once a success says no search is left", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    answer = (_r, q) => ({
      ...search(known(q)),
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
    });
    const client = new GithubSearchClient(config);
    const started = performance.now();
    await client.count(request);
    await client.count(request);
    const elapsedMs = performance.now() - started;
    const [, b] = stub.requests;
    // The reset is in whole seconds: the client waits until a second after it. A late arrival
    // at the stub only makes this later.
    expect(performance.timeOrigin + required(b).at).toBeGreaterThanOrEqual(reset * 1000 + 990);
    // At least that one second is waited between the two counts.
    expect(elapsedMs).toBeGreaterThanOrEqual(1_000);
  });

  it("paces searches by the configured interval", async () => {
    const client = new GithubSearchClient({ ...config, minRequestIntervalMs: 150 });
    const started = performance.now();
    await client.count(request);
    await client.count(request);
    const elapsedMs = performance.now() - started;
    expect(stub.requests).toHaveLength(2);
    expect(elapsedMs).toBeGreaterThanOrEqual(150);
  });
});

describe("syncGithubCounts", () => {
  it("writes every count of each day, provisional, with the query, and logs the run", async () => {
    const report = await sync(["2026-11-01", "2026-11-02"], "2026-11-03T12:00:00Z");
    expect(report).toMatchObject({ ran: true, outcome: "ok", requests: 22, revisions: 0 });
    const counts = await readCodingCounts(db, { from: "2026-11-01", to: "2026-11-02" });
    expect(counts).toHaveLength(22);
    const codexOpened = counts.find(
      (c) => c.day === "2026-11-02" && c.agent === "codex" && c.metric === "opened",
    );
    expect(codexOpened).toMatchObject({
      count: 102,
      status: "provisional",
      query: "is:pr is:public head:codex/ created:2026-11-02",
    });
    expect(counts.find((c) => c.agent === "claude" && c.metric === "commits")?.count).toBe(7);
    const [log] = await recentSourceSyncs(db, GITHUB_SEARCH_SOURCE);
    expect(log).toMatchObject({ outcome: "ok", requests: 22, daysWritten: 2, daysFailed: 0 });
  });

  it("writes nothing of a day with an incomplete search, and keeps what was stored", async () => {
    await sync(["2026-11-01"], "2026-11-02T12:00:00Z");
    answer = (_r, q) =>
      q.includes("head:cursor/") && q.includes("is:merged")
        ? search(1, true)
        : search(known(q) + 5);
    const report = await sync(["2026-11-01"], "2026-11-04T12:00:00Z");
    expect(report).toMatchObject({ ran: true, outcome: "failed" });
    if (!report.ran) throw new Error("not run");
    expect(report.days[0]).toMatchObject({ written: false });
    expect(reasonOf(report.days[0])).toMatch(/cursor merged: .*incomplete_results/);
    const counts = await readCodingCounts(db, { from: "2026-11-01", to: "2026-11-01" });
    // The counts answered before the failure were not written either: all still the first values.
    expect(counts.find((c) => c.agent === "claude" && c.metric === "opened")?.count).toBe(101);
    expect(counts.every((c) => c.count === known(c.query))).toBe(true);
  });

  it("fails a day on a refused query (422) and on a server error (500) after retries, and goes on to the next day", async () => {
    answer = (_r, q) =>
      q.includes("created:2026-11-01") && q.includes("head:copilot/")
        ? { status: 422, body: { message: "Validation Failed" } }
        : q.includes("created:2026-11-02") && q.includes("author:devin")
          ? { status: 500, body: { message: "boom" } }
          : search(known(q));
    const report = await sync(["2026-11-01", "2026-11-02", "2026-11-03"], "2026-11-04T12:00:00Z");
    expect(report).toMatchObject({ ran: true, outcome: "partial" });
    if (!report.ran) throw new Error("not run");
    const reasons = report.days.map((d) => (d.written ? "written" : d.reason));
    expect(reasons[0]).toMatch(/HTTP 422: Validation Failed; not retried/);
    expect(reasons[1]).toMatch(/failed after 2 attempt\(s\): HTTP 500/);
    expect(reasons[2]).toBe("written");
    const days = new Set(
      (await readCodingCounts(db, { from: "2026-11-01", to: "2026-11-03" })).map((c) => c.day),
    );
    expect([...days]).toEqual(["2026-11-03"]);
  });

  it("stops the run when the token is refused, without writing", async () => {
    answer = () => ({ status: 401, body: { message: "Bad credentials" } });
    const report = await sync(["2026-11-01", "2026-11-02"], "2026-11-04T12:00:00Z");
    if (!report.ran) throw new Error("not run");
    expect(report.requests).toBe(1);
    expect(report.message).not.toContain(TOKEN);
    expect(report.days[1]).toMatchObject({ written: false });
  });

  it("stops the run at the first search no attempt got an answer to (offline), writing nothing", async () => {
    // A port nothing listens on: every attempt is refused before any HTTP answer.
    const report = await sync(["2026-11-01", "2026-11-02", "2026-11-03"], "2026-11-04T12:00:00Z", {
      baseUrl: "http://127.0.0.1:9",
    });
    if (!report.ran) throw new Error("not run");
    expect(report.requests).toBe(config.maxRetries + 1);
    expect(report.outcome).toBe("failed");
    expect(reasonOf(report.days[0])).toMatch(/network error.*GitHub did not answer/);
    expect(reasonOf(report.days[1])).toMatch(/^not searched: /);
    expect(reasonOf(report.days[2])).toMatch(/^not searched: /);
  });

  it("turns a late rise in merges after settlement into exactly one revision, never a silent change", async () => {
    const day = "2026-11-01";
    await sync([day], "2026-11-02T12:00:00Z"); // provisional
    await sync([day], "2026-11-09T12:00:00Z"); // settles, unchanged
    expect(
      (await readCodingCounts(db, { from: day, to: day })).every((c) => c.status === "settled"),
    ).toBe(true);
    answer = (_r, q) =>
      q.includes("head:codex/") && q.includes("is:merged") ? search(43) : search(known(q));
    const late = await sync([day], "2026-11-12T12:00:00Z");
    expect(late).toMatchObject({ ran: true, outcome: "ok", revisions: 1 });
    await sync([day], "2026-11-13T12:00:00Z"); // the same value again: no second revision
    const revisions = await readCodingCountRevisions(db);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      day,
      agent: "codex",
      metric: "merged",
      oldCount: 40,
      newCount: 43,
      reason: "rose_after_settlement",
    });
    const codexMerged = (
      await readCodingCounts(db, { from: day, to: day, agent: "codex", metric: "merged" })
    )[0];
    expect(codexMerged).toMatchObject({ count: 43, status: "settled" });
  });

  it("refuses a day that has not ended, and runs in one instance at a time", async () => {
    await expect(sync(["2026-11-04"], "2026-11-04T12:00:00Z")).rejects.toThrow(/has not ended/);
    const held = await withSourceSyncLock(
      db,
      () => sync(["2026-11-01"], "2026-11-04T12:00:00Z"),
      60_000,
      GITHUB_SEARCH_SOURCE,
    );
    expect(held).toMatchObject({ locked: true, result: { ran: false } });
    expect(stub.requests).toHaveLength(0);
  });

  it("back-fills the missing days and re-checks the recent ones", async () => {
    const now = new Date("2026-11-10T12:00:00Z");
    expect(
      githubDaysToSync({
        now,
        backfillDays: 5,
        recheckDays: 2,
        storedDays: new Set(["2026-11-06", "2026-11-08"]),
      }),
    ).toEqual(["2026-11-05", "2026-11-07", "2026-11-08", "2026-11-09"]);
    await runGithubSync(db, config, { now, backfillDays: 3, recheckDays: 1, trigger: "startup" });
    await runGithubSync(db, config, { now, backfillDays: 3, recheckDays: 1, trigger: "schedule" });
    const days = (await readCodingCounts(db, { from: "2026-11-01", to: "2026-11-09" })).map(
      (c) => c.day,
    );
    expect([...new Set(days)]).toEqual(["2026-11-07", "2026-11-08", "2026-11-09"]);
    // 3 days at first, then only yesterday again: 4 days of 11 searches.
    expect(stub.requests).toHaveLength(44);
  });
});
