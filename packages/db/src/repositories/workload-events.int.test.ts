import {
  ImportRefusedError,
  OPENROUTER_SOURCE,
  type SessionCostCell,
  type TurnRange,
} from "@tpi/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import { eventsAddedBy } from "../testing/outbox";
import { replaceSessionCostWeek } from "./coding-workload";
import { storePriceSnapshots } from "./source-data";

const { db } = await databaseForFile();

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
  turnRange: TurnRange,
  usd: number,
): SessionCostCell => ({
  appSlug,
  appName: appSlug,
  modelPermaslug,
  turnRange,
  medianSessionCostUsd: usd,
});

function writeWeek(end: string, cells: readonly SessionCostCell[], syncedAt: string) {
  return replaceSessionCostWeek(db, {
    window: { asOf: `${end}T23:00:00.000Z`, windowDays: 7, windowEndDate: end },
    cells,
    syncedAt: new Date(syncedAt),
  });
}

const FIRST_WEEK = [
  cell("claude-code", SONNET, "2-9-turns", 2.0),
  cell("cline", SONNET, "1-turn", 0.5),
];
const SECOND_WEEK = [
  cell("claude-code", SONNET, "2-9-turns", 2.2),
  cell("claude-code", OPUS, "2-9-turns", 11.0),
  cell("cline", SONNET, "1-turn", 0.55),
];
const VALUE_NAMES = ["cCents", "qKtok", "lfl", "priceEffect", "intensityEffect", "mixEffect"];

beforeAll(async () => {
  await storePriceSnapshots(db, [
    {
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date("2026-11-01T00:00:00Z"),
      models: [price(SONNET, "0.000003", "0.000015"), price(OPUS, "0.000015", "0.000075")],
    },
  ]);
});

describe("Workload Cost value events", () => {
  it("settles every row of a week whose cells are first written", async () => {
    const added = await eventsAddedBy(db, () =>
      writeWeek("2026-11-08", FIRST_WEEK, "2026-11-09T06:00:00.000Z"),
    );
    expect(added.map((e) => e.id)).toEqual([
      "value-settled~workload~anthropic_2Fall~2026-11-08",
      "value-settled~workload~anthropic_2Fclaude-sonnet~2026-11-08",
    ]);
    const first = added[0];
    expect(first?.timestamp).toBe("2026-11-09T06:00:00.000Z");
    if (first?.type !== "value.settled") throw new Error("expected value.settled");
    expect(first.data.series).toBe("anthropic/all");
    expect(first.data.period).toEqual({ grain: "day", day: "2026-11-08" });
    expect(first.data.values.map((v) => v.name)).toEqual(VALUE_NAMES);
    expect(first.data.values[0]).toMatchObject({ name: "cCents", unit: "US cents per session" });
    expect(first.data.values[2]).toEqual({
      name: "lfl",
      value: 100,
      unit: "index points (100 in the series' first week)",
    });
    // No week before: no effects, no previous values.
    expect(first.data.values[3]?.value).toBeNull();
    expect(first.data.previous).toBeNull();
    expect(first.data.methodologyVersion).toBe("1.0");
    expect(first.data.sources.map((s) => [s.source, s.asOf])).toEqual([
      ["openrouter-session-cost", "2026-11-08T23:00:00.000Z"],
      ["openrouter", "2026-11-01T00:00:00.000Z"],
    ]);
  });

  it("adds nothing when the same week is synced again", async () => {
    const report = await writeWeek("2026-11-08", FIRST_WEEK, "2026-11-10T06:00:00.000Z");
    expect(report.events).toBe(0);
    expect(await db.webhookEvent.count()).toBe(2);
  });

  it("gives a new week's rows the week before as previous", async () => {
    const added = await eventsAddedBy(db, () =>
      writeWeek("2026-11-15", SECOND_WEEK, "2026-11-16T06:00:00.000Z"),
    );
    expect(added.map((e) => e.id)).toEqual([
      "value-settled~workload~anthropic_2Fall~2026-11-15",
      "value-settled~workload~anthropic_2Fclaude-opus~2026-11-15",
      "value-settled~workload~anthropic_2Fclaude-sonnet~2026-11-15",
    ]);
    const all = added[0];
    if (all?.type !== "value.settled") throw new Error("expected value.settled");
    expect(all.data.previous?.period).toEqual({ grain: "day", day: "2026-11-08" });
    expect(all.data.previous?.values.map((v) => v.name)).toEqual(VALUE_NAMES);
  });

  it("revises the rows a re-synced week changes, with old and new values", async () => {
    const changed = [
      cell("claude-code", SONNET, "2-9-turns", 2.2),
      cell("claude-code", OPUS, "2-9-turns", 12.0),
      cell("cline", SONNET, "1-turn", 0.55),
    ];
    const added = await eventsAddedBy(db, () =>
      writeWeek("2026-11-15", changed, "2026-11-17T06:00:00.000Z"),
    );
    // The Sonnet family's cells are the same: only the aggregate and Opus changed.
    expect(added.map((e) => e.id)).toEqual([
      "value-revised~workload~anthropic_2Fall~2026-11-15~r1",
      "value-revised~workload~anthropic_2Fclaude-opus~2026-11-15~r1",
    ]);
    const opus = added[1];
    if (opus?.type !== "value.revised") throw new Error("expected value.revised");
    expect(opus.data.oldValues[0]?.value).toBeCloseTo(1100);
    expect(opus.data.values[0]?.value).toBeCloseTo(1200);
    expect(opus.data.revision).toBe(1);
    expect(opus.data.reason).toBe(
      "The session-cost week ending 2026-11-15 was synced again with other cells.",
    );
  });

  it("stores nothing when the write is refused", async () => {
    const before = await db.webhookEvent.count();
    await expect(
      writeWeek("2026-11-15", [FIRST_WEEK[1] as SessionCostCell], "2026-11-18T06:00:00.000Z"),
    ).rejects.toBeInstanceOf(ImportRefusedError);
    expect(await db.webhookEvent.count()).toBe(before);
  });
});
