import {
  AGENT_SEARCH_MARKERS,
  CODING_AGENT_IDS,
  GITHUB_SEARCH_SOURCE as GITHUB_PROVENANCE,
  LLM_CODING_PRODUCTS,
  OPENROUTER_LICENCE,
  addDays,
  appRankingsCitation,
  eachUtcDay,
  type CodingAgent,
  type UtcDay,
} from "@tpi/domain";
import { replaceAppRankingWindow } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../../testing/close-all";
import { startJsonStub, type JsonStub, type StubRequest } from "../../testing/json-stub";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api";
import { syncGithubCounts } from "./jobs/github-sync";
import { LLM_CODING } from "./read-model/state";
import type { GithubSearchConfig } from "./sources/github-search";

/**
 * Acceptance: GitHub search answered by a loopback stub in its documented shape
 * (`{ total_count, incomplete_results, items }`) with known counts per query and day; a sync of
 * 14 days, then every one of the 13 products served by /index and /history with the values
 * computed here by hand, a late rise in merges of a settled day served as exactly one revision,
 * and an incomplete answer that leaves the stored count as it was.
 */

const NOW = new Date("2026-11-26T06:00:00.000Z");
const TODAY: UtcDay = "2026-11-26";
const YESTERDAY: UtcDay = "2026-11-25";
const DAYS = eachUtcDay(addDays(YESTERDAY, -13), YESTERDAY);

/** Known counts: each agent its own base, growing with the day of the month. */
const BASE: Record<CodingAgent, number> = {
  claude: 100,
  codex: 300,
  copilot: 200,
  cursor: 50,
  devin: 20,
};
/** Late merges the stub adds to one day of one agent (set by a test). */
const lateMerges = new Map<string, number>();
const openedOf = (agent: CodingAgent, day: UtcDay) => BASE[agent] + Number(day.slice(8));
const mergedOf = (agent: CodingAgent, day: UtcDay) =>
  BASE[agent] / 2 + (Number(day.slice(8)) % 5) + (lateMerges.get(`${agent}|${day}`) ?? 0);
const commitsOf = (day: UtcDay) => 1000 + 3 * Number(day.slice(8));

/** A query's agent, metric and day, read back from the exact text the connector sends. */
function countFor(q: string): { agent: CodingAgent; day: UtcDay; value: number } {
  const agent = CODING_AGENT_IDS.find((a) => {
    const marker = AGENT_SEARCH_MARKERS[a];
    return (
      q.includes(marker.pullRequests) || (marker.commits !== null && q.includes(marker.commits))
    );
  });
  const day = /(?:created|committer-date):(\d{4}-\d{2}-\d{2})/.exec(q)?.[1];
  if (agent === undefined || day === undefined) throw new Error(`unexpected query ${q}`);
  if (q.includes("committer-date:")) return { agent, day, value: commitsOf(day) };
  return {
    agent,
    day,
    value: q.includes("is:merged") ? mergedOf(agent, day) : openedOf(agent, day),
  };
}

/** A query the stub answers `incomplete_results: true` (with a lower, partial count). */
let incompleteFor: ((q: string) => boolean) | undefined;

function answer(request: StubRequest) {
  const q = request.query.get("q") ?? "";
  const { value } = countFor(q);
  const incomplete = incompleteFor?.(q) ?? false;
  return {
    body: {
      total_count: incomplete ? Math.floor(value / 2) : value,
      incomplete_results: incomplete,
      items: [],
    },
  };
}

/** The value of one series of a product on a day, by hand. */
function seriesValue(
  series: (typeof LLM_CODING_PRODUCTS)[number]["series"][number],
  day: UtcDay,
): number {
  if (series.measure === "merge_rate")
    return (100 * mergedOf(series.agent, day)) / openedOf(series.agent, day);
  return series.metric === "commits" ? commitsOf(day) : openedOf(series.agent, day);
}
/** Settled once MATURATION_DAYS (7) whole days have passed after the day: day + 8 <= today. */
const statusOf = (day: UtcDay) => (addDays(day, 8) <= TODAY ? "settled" : "provisional");

let stub: JsonStub;
let api: TestApi;
let key: string;
let github: GithubSearchConfig;

async function sync(days: readonly UtcDay[], now = api.clock.now) {
  const report = await syncGithubCounts(api.db, github, { days, trigger: "manual", now });
  await LLM_CODING.of(api.deps).counts.refresh();
  return report;
}

beforeAll(async () => {
  stub = await startJsonStub(answer);
  github = {
    baseUrl: stub.url,
    token: undefined,
    userAgent: "tpi-test",
    timeoutMs: 2_000,
    maxRetries: 0,
    retryBaseMs: 0,
    minRequestIntervalMs: 0,
    maxRateLimitWaitMs: 1_000,
    maxRateLimitWaits: 1,
  };
  api = await startTestApi({ now: NOW });
  key = (await api.createKey("premium")).key;
});
afterAll(() => closeAll(api, stub));

describe("LLM Coding from GitHub search counts", () => {
  it("serves the sample only while nothing is stored, marked as sample", async () => {
    expect((await api.get("/api/llm-coding/index?product=cc-prs", bearer(key))).status).toBe(404);
    const counts = LLM_CODING.of(api.deps).counts;
    counts.allowSample(true);
    await counts.refresh();
    const sample = await api.get("/api/llm-coding/index?product=cc-prs", bearer(key));
    expect(sample.status).toBe(200);
    expect(sample.body).toMatchObject({
      // Generated when the read model loaded it: the test api's clock.
      data: { product: "cc-prs", date: YESTERDAY, updatedAt: NOW.toISOString() },
      dataSources: { sample: true, sources: [{ source: "sample", sample: true }] },
    });
  });

  it("publishes all 13 products for 14 days with the values computed by hand", async () => {
    const report = await sync(DAYS);
    expect(report).toMatchObject({ ran: true, outcome: "ok", requests: DAYS.length * 11 });

    for (const product of LLM_CODING_PRODUCTS) {
      const history = await api.get(`/api/llm-coding/history?product=${product.id}`, bearer(key));
      expect(history.status).toBe(200);
      const body = history.body as {
        compare: boolean;
        seriesLabels?: string[];
        data: { date: string; value: number; value2?: number; status: string }[];
        dataSources: { sample: boolean; sources: { source: string; citation: string }[] };
      };
      expect(body.dataSources).toMatchObject({
        sample: false,
        sources: [{ source: "github-search", citation: GITHUB_PROVENANCE.citation }],
      });
      expect(body.data.map((row) => row.date)).toEqual(DAYS);
      const [first, second] = product.series;
      for (const row of body.data) {
        expect(row.value).toBeCloseTo(seriesValue(first, row.date), 12);
        expect(row.status).toBe(statusOf(row.date));
        if (second !== undefined) expect(row.value2).toBeCloseTo(seriesValue(second, row.date), 12);
        else expect(row).not.toHaveProperty("value2");
      }
      expect(body.compare).toBe(second !== undefined);
      if (second !== undefined) {
        expect(body.seriesLabels).toHaveLength(2);
        const index = await api.get(`/api/llm-coding/index?product=${product.id}`, bearer(key));
        expect(index.status).toBe(400);
        continue;
      }
      const index = await api.get(`/api/llm-coding/index?product=${product.id}`, bearer(key));
      expect(index.status).toBe(200);
      const value = seriesValue(first, YESTERDAY);
      const prior = seriesValue(first, addDays(YESTERDAY, -1));
      expect(index.body).toMatchObject({
        success: true,
        data: {
          product: product.id,
          label: product.label,
          kind: product.kind,
          date: YESTERDAY,
          updatedAt: NOW.toISOString(),
          status: "provisional",
        },
      });
      const data = (index.body as { data: { value: number; changePct: number } }).data;
      expect(data.value).toBeCloseTo(value, 12);
      expect(data.changePct).toBeCloseTo(((value - prior) / prior) * 100, 10);
    }
  });

  it("states a merge rate as 100 x merged / opened of the same creation day", async () => {
    const day: UtcDay = "2026-11-20";
    const history = await api.get(
      `/api/llm-coding/history?product=codex-merge&startDate=${day}&endDate=${day}`,
      bearer(key),
    );
    // Codex on the 20th: 320 opened, 150 merged: 46.875%.
    expect(history.body).toMatchObject({ data: [{ date: day, value: 46.875 }] });
  });

  it("records a late rise in merges of a settled day as exactly one revision", async () => {
    const day: UtcDay = "2026-11-13";
    const before = await api.get(
      `/api/llm-coding/history?product=codex-merge&startDate=${day}&endDate=${day}`,
      bearer(key),
    );
    expect(before.body).toMatchObject({ data: [{ status: "settled", value: (100 * 153) / 313 }] });
    lateMerges.set(`codex|${day}`, 5);
    api.clock.now = new Date(NOW.getTime() + 3_600_000);
    await sync([day]);
    await sync([day], new Date(NOW.getTime() + 7_200_000));

    const revisions = await api.get("/api/llm-coding/revisions?product=codex-merge", bearer(key));
    expect(revisions.status).toBe(200);
    expect(revisions.body).toMatchObject({
      success: true,
      product: "codex-merge",
      count: 1,
      data: [
        {
          date: day,
          agent: "codex",
          metric: "merged",
          oldCount: 153,
          newCount: 158,
          reason: "rose_after_settlement",
          recordedAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
        },
      ],
    });
    const after = await api.get(
      `/api/llm-coding/history?product=codex-merge&startDate=${day}&endDate=${day}`,
      bearer(key),
    );
    expect(after.body).toMatchObject({ data: [{ status: "settled", value: (100 * 158) / 313 }] });
    // The revision is the merged count's: products on other counts have none.
    const prs = await api.get("/api/llm-coding/revisions?product=codex-prs", bearer(key));
    expect(prs.body).toMatchObject({ count: 0, data: [] });
  });

  it("leaves the stored count unchanged when GitHub marks an answer incomplete_results", async () => {
    const day: UtcDay = "2026-11-20";
    const path = `/api/llm-coding/history?product=cursor-prs&startDate=${day}&endDate=${day}`;
    const before = await api.get(path, bearer(key));
    incompleteFor = (q) => q.includes("head:cursor/") && q.includes(`created:${day}`);
    const report = await sync([day], new Date(NOW.getTime() + 10_800_000));
    incompleteFor = undefined;
    expect(report).toMatchObject({ ran: true, outcome: "failed" });
    const after = await api.get(path, bearer(key));
    expect(after.body).toEqual(before.body);
    expect(after.body).toMatchObject({ data: [{ value: 70 }] });
  });

  it("answers the refusals of the contract", async () => {
    expect((await api.get("/api/llm-coding/index?product=cc-prs")).status).toBe(401);
    expect((await api.get("/api/llm-coding/history?product=cc-prs")).status).toBe(401);
    expect((await api.get("/api/llm-coding/revisions?product=cc-prs")).status).toBe(401);
    const unknown = await api.get("/api/llm-coding/history?product=cc-prz", bearer(key));
    expect(unknown.status).toBe(400);
    const empty = await api.get(
      "/api/llm-coding/history?product=cc-prs&startDate=2020-01-01&endDate=2020-01-31",
      bearer(key),
    );
    expect(empty).toMatchObject({ status: 200, body: { success: true, count: 0, data: [] } });
    const limited = await api.get("/api/llm-coding/history?product=cc-prs&limit=3", bearer(key));
    expect((limited.body as { data: { date: string }[] }).data.map((r) => r.date)).toEqual(
      DAYS.slice(-3),
    );
    const products = await api.get("/api/llm-coding/products");
    expect(products.status).toBe(200);
    expect((products.body as { data: unknown[] }).data).toHaveLength(13);
    const methodology = await api.get("/api/llm-coding/methodology");
    expect(methodology.status).toBe(200);
    expect(methodology.body).toMatchObject({
      maturationDays: 7,
      queries: expect.arrayContaining([
        expect.objectContaining({
          agent: "codex",
          merged: {
            endpoint: "/search/issues",
            q: "is:pr is:public head:codex/ created:YYYY-MM-DD is:merged",
          },
        }),
      ]),
    });
  });

  it("serves the agents' tokens of OpenRouter's coding app rankings, exact and cited", async () => {
    const asOf = new Date("2026-11-25T02:00:00.000Z");
    await replaceAppRankingWindow(api.db, {
      category: "coding",
      windowStart: "2026-11-24",
      windowEnd: "2026-11-24",
      asOf,
      syncedAt: NOW,
      rows: [
        {
          appId: 1,
          appName: "Claude Code",
          rank: 1,
          totalRequests: 90,
          totalTokens: 9007199254740993n,
        },
        { appId: 2, appName: "Cline", rank: 2, totalRequests: 50, totalTokens: 500n },
        { appId: 3, appName: "OpenAI Codex", rank: 3, totalRequests: 10, totalTokens: 300n },
      ],
    });
    await LLM_CODING.of(api.deps).counts.refresh();
    expect((await api.get("/api/llm-coding/tokens")).status).toBe(401);
    const claude = await api.get("/api/llm-coding/tokens?agent=claude", bearer(key));
    expect(claude.body).toEqual({
      success: true,
      count: 1,
      dataSources: {
        sample: false,
        notice: null,
        sources: [
          {
            source: "openrouter-app-rankings",
            sample: false,
            firstDay: "2026-11-24",
            lastDay: "2026-11-24",
            days: 1,
            latestAsOf: asOf.toISOString(),
            citation: appRankingsCitation(asOf.toISOString()),
            licence: { ...OPENROUTER_LICENCE },
          },
        ],
      },
      data: [
        {
          date: "2026-11-24",
          agent: "claude",
          appId: 1,
          appName: "Claude Code",
          rank: 1,
          totalRequests: 90,
          totalTokens: "9007199254740993",
          asOf: asOf.toISOString(),
        },
      ],
    });
    const all = await api.get("/api/llm-coding/tokens?startDate=2026-11-24", bearer(key));
    expect((all.body as { data: { agent: string }[] }).data.map((r) => r.agent)).toEqual([
      "claude",
      "codex",
    ]);
    expect((await api.get("/api/llm-coding/tokens?agent=cline", bearer(key))).status).toBe(400);
  });
});
