import { describe, expect, it } from "vitest";
import { llmCodingProduct, type CodingAgent, type CodingMetric } from "./catalog";
import type { StoredCount } from "./maturation";
import { mergeRatePercent, priorDayChangePercent, productDayRow, seriesDayValue } from "./values";

function lookup(
  counts: Partial<Record<`${CodingAgent}:${CodingMetric}`, StoredCount>>,
): (agent: CodingAgent, metric: CodingMetric) => StoredCount | undefined {
  return (agent, metric) => counts[`${agent}:${metric}`];
}

describe("mergeRatePercent", () => {
  it("is 100 * merged / opened of the same creation day", () => {
    // 37 / 50 = 0.74 -> 74%.
    expect(mergeRatePercent(50, 37)).toEqual({ ok: true, value: 74 });
    // 1 / 3 = 0.3333... -> 33.333...% (unrounded).
    expect(mergeRatePercent(3, 1)).toEqual({ ok: true, value: 100 / 3 });
    expect(mergeRatePercent(8, 0)).toEqual({ ok: true, value: 0 });
    expect(mergeRatePercent(8, 8)).toEqual({ ok: true, value: 100 });
  });

  it("has no value for a day without pull requests, never 0%", () => {
    expect(mergeRatePercent(0, 0)).toEqual({ ok: false, error: "no_pull_requests" });
  });

  it("refuses more merged than opened", () => {
    expect(mergeRatePercent(5, 6)).toEqual({ ok: false, error: "merged_exceeds_opened" });
  });
});

describe("product rows", () => {
  const counts = lookup({
    "claude:opened": { count: 200, status: "settled" },
    "claude:merged": { count: 150, status: "settled" },
    "codex:opened": { count: 1000, status: "settled" },
    "codex:merged": { count: 870, status: "provisional" },
    "claude:commits": { count: 5000, status: "provisional" },
    "devin:opened": { count: 0, status: "settled" },
    "devin:merged": { count: 0, status: "settled" },
  });

  it("serves a count as stored, with its status", () => {
    expect(productDayRow(llmCodingProduct("cc-prs"), "2026-11-01", counts)).toEqual({
      product: "cc-prs",
      date: "2026-11-01",
      value: 200,
      value2: null,
      status: "settled",
    });
    expect(productDayRow(llmCodingProduct("cc-commits"), "2026-11-01", counts)).toMatchObject({
      value: 5000,
      status: "provisional",
    });
  });

  it("serves a merge rate, provisional while either count is", () => {
    // Claude: 150 / 200 = 75%; Codex: 870 / 1000 = 87%, merged still provisional.
    expect(productDayRow(llmCodingProduct("cc-merge"), "2026-11-01", counts)).toMatchObject({
      value: 75,
      status: "settled",
    });
    expect(productDayRow(llmCodingProduct("codex-merge"), "2026-11-01", counts)).toMatchObject({
      value: 87,
      status: "provisional",
    });
  });

  it("serves both series of a comparison product", () => {
    expect(productDayRow(llmCodingProduct("cc-vs-codex"), "2026-11-01", counts)).toEqual({
      product: "cc-vs-codex",
      date: "2026-11-01",
      value: 200,
      value2: 1000,
      status: "settled",
    });
    expect(productDayRow(llmCodingProduct("cc-vs-codex-merge"), "2026-11-01", counts)).toEqual({
      product: "cc-vs-codex-merge",
      date: "2026-11-01",
      value: 75,
      value2: 87,
      status: "provisional",
    });
  });

  it("leaves out a day without any value instead of publishing 0", () => {
    expect(productDayRow(llmCodingProduct("devin-merge"), "2026-11-01", counts)).toBeNull();
    expect(productDayRow(llmCodingProduct("cursor-prs"), "2026-11-01", counts)).toBeNull();
    expect(seriesDayValue({ agent: "devin", measure: "merge_rate" }, counts)).toEqual({
      value: null,
      gap: "no_pull_requests",
      status: "settled",
    });
    expect(seriesDayValue({ agent: "cursor", measure: "merge_rate" }, counts)).toEqual({
      value: null,
      gap: "no_count",
      status: null,
    });
  });

  it("keeps a comparison row when one side has a value", () => {
    const oneSide = lookup({ "codex:opened": { count: 9, status: "provisional" } });
    expect(productDayRow(llmCodingProduct("cc-vs-codex"), "2026-11-02", oneSide)).toEqual({
      product: "cc-vs-codex",
      date: "2026-11-02",
      value: null,
      value2: 9,
      status: "provisional",
    });
  });
});

describe("priorDayChangePercent", () => {
  it("is the change from the prior day in percent, null without a prior or from 0", () => {
    // (1000 - 800) / 800 = 0.25 -> 25%.
    expect(priorDayChangePercent(1000, 800)).toBe(25);
    expect(priorDayChangePercent(600, 800)).toBe(-25);
    expect(priorDayChangePercent(5, 0)).toBeNull();
    expect(priorDayChangePercent(5, null)).toBeNull();
    expect(priorDayChangePercent(5, undefined)).toBeNull();
  });
});
