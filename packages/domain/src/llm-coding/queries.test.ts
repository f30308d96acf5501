import { describe, expect, it } from "vitest";
import {
  COUNT_FAILURE_MESSAGES,
  githubSearchIntervalMs,
  githubSearchPath,
  githubSearchRequest,
  readSearchCount,
  searchesForDay,
} from "./queries";

describe("githubSearchRequest", () => {
  it("builds each agent's pull request queries for one UTC day", () => {
    const q = (agent: Parameters<typeof githubSearchRequest>[0], metric: "opened" | "merged") => {
      const request = githubSearchRequest(agent, metric, "2026-11-20");
      if (!request.ok) throw new Error(request.error);
      expect(request.value.endpoint).toBe("/search/issues");
      return request.value.q;
    };
    expect(q("claude", "opened")).toBe(
      'is:pr is:public "Generated with Claude Code" in:body created:2026-11-20',
    );
    expect(q("claude", "merged")).toBe(
      'is:pr is:public "Generated with Claude Code" in:body created:2026-11-20 is:merged',
    );
    expect(q("codex", "opened")).toBe("is:pr is:public head:codex/ created:2026-11-20");
    expect(q("codex", "merged")).toBe("is:pr is:public head:codex/ created:2026-11-20 is:merged");
    expect(q("copilot", "opened")).toBe("is:pr is:public head:copilot/ created:2026-11-20");
    expect(q("cursor", "merged")).toBe("is:pr is:public head:cursor/ created:2026-11-20 is:merged");
    expect(q("devin", "opened")).toBe(
      "is:pr is:public author:devin-ai-integration[bot] created:2026-11-20",
    );
  });

  it("counts Claude Code commits by its trailer on the commits endpoint", () => {
    expect(githubSearchRequest("claude", "commits", "2026-11-20")).toEqual({
      ok: true,
      value: {
        agent: "claude",
        metric: "commits",
        day: "2026-11-20",
        endpoint: "/search/commits",
        q: '"Co-Authored-By: Claude" "noreply@anthropic.com" is:public committer-date:2026-11-20',
      },
    });
  });

  it("refuses commits for agents without a commit marker, and a bad day", () => {
    expect(githubSearchRequest("codex", "commits", "2026-11-20")).toEqual({
      ok: false,
      error: "commits are not counted for codex: it leaves no marker in its commits",
    });
    expect(githubSearchRequest("codex", "opened", "2026-02-30")).toEqual({
      ok: false,
      error: "not a real calendar day in YYYY-MM-DD format: '2026-02-30'",
    });
  });

  it("encodes the query for a one-result page", () => {
    expect(
      githubSearchPath({ endpoint: "/search/issues", q: "is:pr head:codex/ created:2026-11-20" }),
    ).toBe("/search/issues?q=is%3Apr%20head%3Acodex%2F%20created%3A2026-11-20&per_page=1");
    expect(githubSearchPath({ endpoint: "/search/commits", q: '"a b" author:x[bot]' })).toBe(
      "/search/commits?q=%22a%20b%22%20author%3Ax%5Bbot%5D&per_page=1",
    );
  });
});

describe("searchesForDay", () => {
  it("needs 11 searches a day: opened and merged for 5 agents, and Claude's commits", () => {
    const searches = searchesForDay("2026-11-20");
    expect(searches.map((s) => `${s.agent}:${s.metric}`)).toEqual([
      "claude:opened",
      "claude:commits",
      "claude:merged",
      "codex:opened",
      "codex:merged",
      "copilot:opened",
      "copilot:merged",
      "cursor:opened",
      "cursor:merged",
      "devin:opened",
      "devin:merged",
    ]);
    expect(new Set(searches.map((s) => s.q)).size).toBe(11);
    expect(searches.every((s) => s.q.includes("2026-11-20") && s.q.includes("is:public"))).toBe(
      true,
    );
  });
});

describe("readSearchCount", () => {
  it("reads total_count of a complete answer", () => {
    expect(readSearchCount({ total_count: 1234, incomplete_results: false, items: [] })).toEqual({
      ok: true,
      value: 1234,
    });
    expect(readSearchCount({ total_count: 0, incomplete_results: false, items: [] })).toEqual({
      ok: true,
      value: 0,
    });
  });

  it("treats incomplete_results as a failed count, never a low value", () => {
    expect(readSearchCount({ total_count: 17, incomplete_results: true, items: [] })).toEqual({
      ok: false,
      error: {
        reason: "incomplete_results",
        message: COUNT_FAILURE_MESSAGES.incomplete_results,
      },
    });
  });

  it("refuses answers without a whole non-negative count", () => {
    for (const body of [
      null,
      "12",
      {},
      { total_count: 12 },
      { total_count: "12", incomplete_results: false },
      { total_count: -1, incomplete_results: false },
      { total_count: 1.5, incomplete_results: false },
      { total_count: 5, incomplete_results: "false" },
    ]) {
      expect(readSearchCount(body)).toMatchObject({
        ok: false,
        error: { reason: "malformed_response" },
      });
    }
  });
});

describe("githubSearchIntervalMs", () => {
  it("paces searches to 10 a minute without a token and 30 with one", () => {
    expect(githubSearchIntervalMs(false)).toBe(6000);
    expect(githubSearchIntervalMs(true)).toBe(2000);
  });
});
