import type { MemoryImportRow } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import { storedEvents } from "../testing/outbox";
import { importMemoryObservations, settleMemoryNow, settleStoredMemory } from "./memory";

const { db } = await databaseForFile();

/** Tuesday 2026-11-24 after its 4 PM New York settlement (21:00 UTC in November). */
const NOW = new Date("2026-11-24T22:00:00.000Z");
const LICENCE = "Licensed to the operator";

function row(typeId: string, observedAt: string, price: number, line = 1): MemoryImportRow {
  return {
    line,
    typeId,
    price,
    observedAt: new Date(observedAt),
    source: "feed",
    sourceUpdatedAt: null,
    url: "https://feed.example/prices",
    licence: LICENCE,
    citation: "Prices: feed.example",
  };
}

const FIRST_IMPORT = [
  row("mem_ddr4_16gb", "2026-11-23T15:00:00Z", 40),
  row("mem_ddr4_16gb", "2026-11-24T15:00:00Z", 42),
  row("mem_mlc_32gb", "2026-11-24T15:00:00Z", 3.5),
];

const source = (observedAt: string) => ({
  source: "feed",
  sample: false,
  asOf: new Date(observedAt).toISOString(),
  citation: "Prices: feed.example",
  licence: { name: LICENCE, url: "https://feed.example/prices" },
});

describe("memory value events", () => {
  it("stores value.settled per type-day settled, oldest day first, with the previous day's price", async () => {
    const report = await importMemoryObservations(db, FIRST_IMPORT, NOW, "first import");
    expect(report.settlement.events).toBe(3);
    const events = await storedEvents(db);
    expect(events.map((e) => e.id)).toEqual([
      "value-settled~memory~mem_5Fddr4_5F16gb~2026-11-23",
      "value-settled~memory~mem_5Fddr4_5F16gb~2026-11-24",
      "value-settled~memory~mem_5Fmlc_5F32gb~2026-11-24",
    ]);
    expect(events[1]).toEqual({
      id: "value-settled~memory~mem_5Fddr4_5F16gb~2026-11-24",
      type: "value.settled",
      version: 1,
      timestamp: NOW.toISOString(),
      data: {
        market: "memory",
        series: "mem_ddr4_16gb",
        period: { grain: "day", day: "2026-11-24" },
        values: [{ name: "price", value: 42, unit: "USD per chip" }],
        methodologyVersion: "1.0",
        sources: [source("2026-11-24T15:00:00Z")],
        previous: {
          period: { grain: "day", day: "2026-11-23" },
          values: [{ name: "price", value: 40, unit: "USD per chip" }],
        },
      },
    });
    expect(events[0]?.type === "value.settled" && events[0].data.previous).toBeNull();
  });

  it("adds nothing when the same data is imported and settled again", async () => {
    const before = await db.webhookEvent.count();
    const report = await importMemoryObservations(db, FIRST_IMPORT, NOW, "same file again");
    await settleMemoryNow(db, NOW, "scheduled");
    expect(report.settlement.events).toBe(0);
    expect(await db.webhookEvent.count()).toBe(before);
  });

  it("stores one value.revised with the old and new price, numbered per revision of the day", async () => {
    const before = await db.webhookEvent.count();
    await importMemoryObservations(
      db,
      [row("mem_ddr4_16gb", "2026-11-24T15:00:00Z", 44)],
      new Date("2026-11-25T10:00:00.000Z"),
      "corrected by the feed",
    );
    const added = (await storedEvents(db)).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      id: "value-revised~memory~mem_5Fddr4_5F16gb~2026-11-24~r1",
      type: "value.revised",
      timestamp: "2026-11-25T10:00:00.000Z",
      data: {
        series: "mem_ddr4_16gb",
        values: [{ name: "price", value: 44, unit: "USD per chip" }],
        oldValues: [{ name: "price", value: 42, unit: "USD per chip" }],
        revision: 1,
        reason: "corrected by the feed",
      },
    });
    // Back again: a second revision of the same day, not a re-emission of the first.
    await importMemoryObservations(
      db,
      [row("mem_ddr4_16gb", "2026-11-24T15:00:00Z", 42)],
      new Date("2026-11-25T11:00:00.000Z"),
      "restored",
    );
    const last = (await storedEvents(db)).at(-1);
    expect(last?.id).toBe("value-revised~memory~mem_5Fddr4_5F16gb~2026-11-24~r2");
    expect(last?.type === "value.revised" && last.data.oldValues[0]?.value).toBe(44);
  });

  it("stores nothing when the import fails part way", async () => {
    const before = await db.webhookEvent.count();
    async function* failing(): AsyncIterable<readonly MemoryImportRow[]> {
      yield [
        row("mem_ddr4_16gb", "2026-11-24T15:00:00Z", 50),
        row("mem_ddr5_16gb", "2026-11-24T15:00:00Z", 9),
      ];
      throw new Error("bad record on line 3");
    }
    await expect(importMemoryObservations(db, failing(), NOW, "never committed")).rejects.toThrow(
      "bad record",
    );
    expect(await db.webhookEvent.count()).toBe(before);
    expect(await db.publishedValueRevision.findMany()).toEqual([
      { market: "memory", series: "mem_ddr4_16gb", period: "2026-11-24", revisions: 2 },
    ]);
  });

  it("stores its events in the caller's transaction: rolled back, none is kept", async () => {
    const before = await db.webhookEvent.count();
    const later = new Date("2026-11-25T22:00:00.000Z");
    const rolledBack = new Error("rolled back after the settlement");
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRaw`
          insert into memory_observation (type_id, observed_at, source, price, imported_at, updated_at)
          values ('mem_ddr4_16gb', '2026-11-25T15:00:00Z', 'feed', 45, ${later}, ${later})`;
        const report = await settleStoredMemory(tx, later, "inside a failing transaction");
        expect(report.events).toBe(1);
        expect(await tx.webhookEvent.count()).toBe(before + 1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await db.webhookEvent.count()).toBe(before);
  });
});
