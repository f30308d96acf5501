import { describe, expect, it } from "vitest";
import type { PriceListModel } from "../token/rankings";
import type { SessionCostCell } from "./cells";
import { blendedPriceIn, publishWorkloadIndex, weekPriceSnapshot } from "./publication";
import { indexPriceList } from "../token/rankings";

const snapshot = (id: number, iso: string) => ({ id, fetchedAt: new Date(iso) });
const model = (modelId: string, prompt: string, completion: string): PriceListModel => ({
  modelId,
  canonicalSlug: modelId,
  prompt,
  completion,
  inputCacheRead: null,
});
const cell = (
  appSlug: string,
  modelPermaslug: string,
  medianSessionCostUsd: number,
): SessionCostCell => ({
  appSlug,
  appName: appSlug,
  modelPermaslug,
  turnRange: "2-9-turns",
  medianSessionCostUsd,
});

describe("weekPriceSnapshot", () => {
  const snapshots = [
    snapshot(1, "2026-11-01T06:00:00Z"),
    snapshot(2, "2026-11-08T23:59:59Z"),
    snapshot(3, "2026-11-09T06:00:00Z"),
  ];
  it("takes the latest snapshot taken before the window's end date was over", () => {
    expect(weekPriceSnapshot("2026-11-08", snapshots)?.id).toBe(2);
    expect(weekPriceSnapshot("2026-11-20", snapshots)?.id).toBe(3);
  });
  it("else the first one taken within 48 hours after, else none", () => {
    expect(weekPriceSnapshot("2026-10-31", snapshots)?.id).toBe(1);
    expect(weekPriceSnapshot("2026-10-29", snapshots)).toBeNull();
    expect(weekPriceSnapshot("2026-11-08", [])).toBeNull();
  });
});

describe("blendedPriceIn", () => {
  it("blends input and output 3:1 in USD per Mtok, by canonical slug or a variant's base model", () => {
    const prices = indexPriceList([model("anthropic/claude-4.5-sonnet", "0.000003", "0.000015")]);
    expect(blendedPriceIn("anthropic/claude-4.5-sonnet", prices)).toBe(6);
    expect(blendedPriceIn("anthropic/claude-4.5-sonnet:thinking", prices)).toBe(6);
    expect(blendedPriceIn("anthropic/claude-4.1-opus", prices)).toBeNull();
  });
});

describe("publishWorkloadIndex", () => {
  const window = (end: string, asOf: string) => ({ asOf, windowDays: 7, windowEndDate: end });
  const prices = [model("openai/gpt-5", "0.000002", "0.000008")];

  it("prices each week with its own list, counts its exclusions and stamps rows with the later input", () => {
    const published = publishWorkloadIndex([
      {
        week: {
          window: window("2026-11-15", "2026-11-16T02:00:00.000Z"),
          cells: [cell("cline", "openai/gpt-5", 0.7), cell("cline", "acme/x", 1)],
        },
        prices: { fetchedAt: new Date("2026-11-17T00:00:00Z"), models: prices },
      },
      {
        week: {
          window: window("2026-11-08", "2026-11-09T02:00:00.000Z"),
          cells: [cell("cline", "openai/gpt-5", 0.35), cell("roo", "openai/gpt-5", 1)],
        },
        prices: null,
      },
    ]);
    // Oldest first; the unpriced week keeps its window but has no cell and no row.
    expect(published.weeks.map((w) => [w.window.windowEndDate, w.cells.length])).toEqual([
      ["2026-11-08", 0],
      ["2026-11-15", 1],
    ]);
    expect(published.weeks[0]?.excluded).toEqual({
      unknown_lab: 0,
      no_price: 2,
      duplicate_cell: 0,
    });
    expect(published.weeks[1]?.excluded).toEqual({
      unknown_lab: 1,
      no_price: 0,
      duplicate_cell: 0,
    });
    expect(published.rows.map((r) => [r.windowEndDate, r.family, r.costPerSessionCents])).toEqual([
      ["2026-11-15", "all", 70],
      ["2026-11-15", "gpt-5", 70],
    ]);
    expect(published.rows[0]?.ktokPerSession).toBeCloseTo(200, 10); // 0.70 USD / 3.5 USD per Mtok
    expect(published.rows[0]?.computedAt).toBe("2026-11-17T00:00:00.000Z");
    expect(published.weeks[0]?.computedAt).toBe("2026-11-09T02:00:00.000Z");
  });

  it("is the same for the same inputs (every instance serves the same numbers)", () => {
    const inputs = [
      {
        week: {
          window: window("2026-11-15", "2026-11-16T02:00:00.000Z"),
          cells: [cell("a", "openai/gpt-5", 1)],
        },
        prices: { fetchedAt: new Date("2026-11-10T00:00:00Z"), models: prices },
      },
    ];
    expect(publishWorkloadIndex(inputs)).toEqual(publishWorkloadIndex(inputs));
  });
});
