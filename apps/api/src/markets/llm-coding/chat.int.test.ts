import {
  GITHUB_SEARCH_SOURCE,
  addDays,
  eachUtcDay,
  searchesForDay,
  type UtcDay,
} from "@tpi/domain";
import { writeCodingCountsOfDay } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { chatOfFile } from "../../testing/chat";
import type { TestApi } from "../../testing/test-api";
import { LLM_CODING } from "./read-model/state";

/**
 * The chat over LLM Coding: "now" is 2026-11-26 06:00 UTC and GitHub counts are stored for the
 * 14 days to 2026-11-25 (the last 7 provisional). Codex opens 100 + the day of the month pull
 * requests a day and merges 50 of them; Claude Code opens 10, merges 5 and commits 70.
 */
const NOW = new Date("2026-11-26T06:00:00.000Z");
const DAYS = eachUtcDay("2026-11-12", "2026-11-25");
const countOf = (agent: string, metric: string, day: UtcDay) => {
  if (agent === "codex") return metric === "opened" ? 100 + Number(day.slice(8)) : 50;
  if (agent === "claude") return metric === "opened" ? 10 : metric === "merged" ? 5 : 70;
  return metric === "opened" ? 4 : 2;
};

async function storeCounts(api: TestApi): Promise<void> {
  for (const day of DAYS)
    await writeCodingCountsOfDay(api.db, {
      day,
      observations: searchesForDay(day).map((request) => ({
        agent: request.agent,
        metric: request.metric,
        endpoint: request.endpoint,
        query: request.q,
        count: countOf(request.agent, request.metric, day),
      })),
      observedAt: NOW,
      observedOn: "2026-11-26",
      syncId: null,
    });
  await LLM_CODING.of(api.deps).counts.refresh();
}
const ask = await chatOfFile({ now: NOW }, { load: storeCounts });

describe("LLM Coding chat answers", () => {
  it("sums the pull requests of the last 7 UTC days ending yesterday, with the days, their status and the citation", async () => {
    const answer = await ask("How many PRs did Codex open over the last 7 days?");
    // Codex, 2026-11-19 to 2026-11-25: 100 x 7 + (19 + ... + 25) = 700 + 154.
    const total = DAYS.slice(-7).reduce((sum, day) => sum + countOf("codex", "opened", day), 0);
    expect(total).toBe(854);
    expect(answer.intent).toBe("coding_count");
    expect(answer.answer).toContain(
      "Codex: 854 pull requests opened on public GitHub from 2026-11-19 to 2026-11-25 (7 UTC day(s); 7 day(s) provisional, which may still rise).",
    );
    expect(answer.notices).toContain(GITHUB_SEARCH_SOURCE.citation);
    expect(answer.sources[0]).toMatchObject({
      endpoint: "/api/llm-coding/history",
      parameters: {
        product: "codex-prs",
        startDate: "2026-11-19",
        endDate: addDays("2026-11-26", -1),
      },
    });
  });

  it("reads last week as the calendar week before this one, Monday to Sunday", async () => {
    // Thursday 2026-11-26: last week is 2026-11-16 to 2026-11-22; 19 to 22 are provisional.
    const answer = await ask("How many PRs did Codex open last week?");
    const week = eachUtcDay("2026-11-16", "2026-11-22");
    const total = week.reduce((sum, day) => sum + countOf("codex", "opened", day), 0);
    expect(total).toBe(833);
    expect(answer.answer).toContain(
      "Codex: 833 pull requests opened on public GitHub from 2026-11-16 to 2026-11-22 (7 UTC day(s); 4 day(s) provisional, which may still rise).",
    );
  });

  it("answers Claude Code's commits, and says no other agent's commits are counted", async () => {
    const claude = await ask("How many commits did Claude Code make in the past 3 days?");
    expect(claude.answer).toContain(
      "Claude Code: 210 commits on public GitHub from 2026-11-23 to 2026-11-25",
    );
    const cursor = await ask("How many commits did Cursor make last week?");
    expect(cursor.answer).toContain("Cursor's commits are not counted");
  });

  it("answers a merge rate from the index route, provisional said", async () => {
    const answer = await ask("What is the merge rate of Claude Code?");
    expect(answer.intent).toBe("coding_merge_rate");
    expect(answer.answer).toContain(
      "Claude Code: 50.0% of the pull requests opened on 2026-11-25 (UTC) were merged (provisional",
    );
    expect(answer.notices).toContain(GITHUB_SEARCH_SOURCE.citation);
  });

  it("keeps Claude the lab when the question is about prices", async () => {
    const answer = await ask("What is Claude's price?");
    expect(answer.answer).not.toContain("Claude Code");
  });
});
