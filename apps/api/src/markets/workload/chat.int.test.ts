import { OPENROUTER_SOURCE, SAMPLE_NOTICE } from "@tpi/domain";
import { replaceSessionCostWeek, storePriceSnapshots } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { chatOfFile, chatWithNewKey } from "../../testing/chat";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { WORKLOAD } from "./read-model/state";

/**
 * The chat's Workload Cost answers: what a coding-agent session costs (the latest window's cells
 * of the harness and family the question names, per turn range, with the window and citation)
 * and the index per lab, both through `GET /api/workload` for the chat's caller.
 */
const SONNET = "anthropic/claude-4.5-sonnet";
const OPUS = "anthropic/claude-4.1-opus";
const price = (id: string, prompt: string, completion: string) => ({
  modelId: id,
  canonicalSlug: id,
  prompt,
  completion,
  inputCacheRead: null,
});
const cell = (
  appSlug: string,
  modelPermaslug: string,
  turnRange: "1-turn" | "2-9-turns" | "10-49-turns",
  usd: number,
) => ({
  appSlug,
  appName: appSlug === "claude-code" ? "Claude Code" : "Cline",
  modelPermaslug,
  turnRange,
  medianSessionCostUsd: usd,
});
const CITATION =
  "Source: OpenRouter (openrouter.ai), session-cost dataset, as of 2026-11-16T02:00:00.000Z. Licensed under CC BY 4.0.";

async function storeTwoWeeks(api: TestApi): Promise<void> {
  await storePriceSnapshots(api.db, [
    {
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date("2026-11-01T00:00:00Z"),
      models: [price(SONNET, "0.000003", "0.000015"), price(OPUS, "0.000015", "0.000075")],
    },
  ]);
  const window = (end: string, asOf: string) => ({ asOf, windowDays: 7, windowEndDate: end });
  await replaceSessionCostWeek(api.db, {
    window: window("2026-11-08", "2026-11-09T02:00:00.000Z"),
    cells: [cell("claude-code", SONNET, "2-9-turns", 2.0), cell("cline", SONNET, "1-turn", 0.5)],
    syncedAt: new Date("2026-11-09T06:00:00Z"),
  });
  await replaceSessionCostWeek(api.db, {
    window: window("2026-11-15", "2026-11-16T02:00:00.000Z"),
    cells: [
      cell("claude-code", SONNET, "1-turn", 0.3),
      cell("claude-code", SONNET, "2-9-turns", 2.2),
      cell("claude-code", SONNET, "10-49-turns", 9.6),
      cell("claude-code", OPUS, "2-9-turns", 11.0),
      cell("cline", SONNET, "1-turn", 0.55),
    ],
    syncedAt: new Date("2026-11-16T06:00:00Z"),
  });
  await WORKLOAD.of(api.deps).index.refresh();
}
const ask = await chatOfFile(
  { now: new Date("2026-11-20T12:00:00Z") },
  { plan: "full", load: storeTwoWeeks },
);

describe("Workload Cost chat answers", () => {
  it("says what a Claude Code session on Sonnet costs per turn range in the latest window, with the citation", async () => {
    const answer = await ask("What does a Claude Code session on Sonnet cost?");
    expect(answer.answer).toContain(
      "Median cost of one coding-agent session (not one request), sessions of the 7 days from 2026-11-09 to 2026-11-15",
    );
    expect(answer.answer).toContain(
      "Claude Code on anthropic/claude-4.5-sonnet (claude-sonnet): median cost per session 1-turn $0.300 (about 50k tokens at list price), 2-9-turns $2.20 (about 367k tokens at list price), 10-49-turns $9.60 (about 1,600k tokens at list price).",
    );
    // Neither Opus nor another harness.
    expect(answer.answer).not.toContain("opus");
    expect(answer.answer).not.toContain("Cline");
    expect(answer.notices).toContain(CITATION);
    expect(answer.answer.endsWith(CITATION) || answer.answer.includes(CITATION)).toBe(true);
    expect(answer.sources[0]).toMatchObject({
      endpoint: "/api/workload",
      parameters: { startDate: "2026-11-15", endDate: "2026-11-15" },
    });
    expect(answer.sources[0]?.values).toHaveLength(3);
  });

  it("gives the Workload Cost index per lab with its effects", async () => {
    const answer = await ask("Show me the workload index per lab");
    expect(answer.answer).toContain("Workload Cost index, week ending 2026-11-15");
    // anthropic/all: mean of 0.30, 2.20, 9.60, 11.00, 0.55 USD = 473 cents.
    expect(answer.answer).toMatch(/anthropic: 473\.00 cents per session/);
    expect(answer.answer).toMatch(
      /like-for-like index \d+\.\d{2} \(base 100\); change \+\d+\.\d{2}% = price \+0\.00% \+ intensity /,
    );
    expect(answer.notices).toContain(CITATION);
  });

  it("marks the sample as sample", async () => {
    const empty = await startTestApi({ now: new Date("2026-11-20T12:00:00Z") });
    try {
      await WORKLOAD.of(empty.deps).index.refresh();
      const askEmpty = await chatWithNewKey(empty, "full");
      const data = await askEmpty("What does a Claude Code session on Sonnet cost?");
      expect(data.answer).toContain("Claude Code on anthropic/claude-4.5-sonnet");
      expect(data.notices).toEqual([SAMPLE_NOTICE]);
    } finally {
      await empty.close();
    }
  });
});
