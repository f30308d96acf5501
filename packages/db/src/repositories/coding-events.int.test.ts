import type { UtcDay } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import { eventsAddedBy } from "../testing/outbox";
import { writeCodingCountsOfDay, type CodingCountObservation } from "./coding-workload";

const { db } = await databaseForFile();

const count = (metric: "opened" | "merged", value: number): CodingCountObservation => ({
  agent: "codex",
  metric,
  endpoint: "/search/issues",
  query: `is:pr is:public head:codex/ ${metric}`,
  count: value,
});

/** Codex's opened and merged pull requests of `day`, searched at `observedAt`. */
function write(day: UtcDay, opened: number, merged: number, observedAt: string) {
  return writeCodingCountsOfDay(db, {
    day,
    observations: [count("opened", opened), count("merged", merged)],
    observedAt: new Date(observedAt),
    observedOn: observedAt.slice(0, 10),
    syncId: null,
  });
}

const github = (asOf: string) => ({
  source: "github-search",
  sample: false,
  asOf,
  citation: expect.stringContaining("GitHub search API") as unknown,
  licence: null,
});

describe("LLM coding value events", () => {
  it("settles every product a day's first counts publish, with the day before as previous", async () => {
    const added = await eventsAddedBy(db, () =>
      write("2026-11-01", 100, 40, "2026-11-02T03:00:00.000Z"),
    );
    expect(added.map((e) => e.id)).toEqual([
      "value-settled~llm-coding~codex-prs~2026-11-01",
      "value-settled~llm-coding~codex-merge~2026-11-01",
      "value-settled~llm-coding~cc-vs-codex~2026-11-01",
      "value-settled~llm-coding~cc-vs-codex-merge~2026-11-01",
    ]);
    expect(added[1]).toEqual({
      id: "value-settled~llm-coding~codex-merge~2026-11-01",
      type: "value.settled",
      version: 1,
      timestamp: "2026-11-02T03:00:00.000Z",
      data: {
        market: "llm-coding",
        series: "codex-merge",
        period: { grain: "day", day: "2026-11-01" },
        values: [{ name: "value", value: 40, unit: "percent" }],
        methodologyVersion: "1.0",
        sources: [github("2026-11-02T03:00:00.000Z")],
        previous: null,
      },
    });
    // A comparison product: Claude's series has no count, so its value is null beside Codex's.
    expect(added[2]?.data).toMatchObject({
      values: [
        { name: "value", value: null, unit: "pull requests per UTC day" },
        { name: "value2", value: 100, unit: "pull requests per UTC day" },
      ],
    });

    const next = await eventsAddedBy(db, () =>
      write("2026-11-02", 50, 10, "2026-11-03T03:00:00.000Z"),
    );
    expect(next[0]).toMatchObject({
      id: "value-settled~llm-coding~codex-prs~2026-11-02",
      data: {
        values: [{ name: "value", value: 50, unit: "pull requests per UTC day" }],
        previous: {
          period: { grain: "day", day: "2026-11-01" },
          values: [{ name: "value", value: 100, unit: "pull requests per UTC day" }],
        },
      },
    });
  });

  it("adds nothing when the same counts are searched again, or settle unchanged", async () => {
    expect(
      await eventsAddedBy(db, () => write("2026-11-02", 50, 10, "2026-11-04T03:00:00.000Z")),
    ).toEqual([]);
  });

  it("revises the products a maturing count changes, then a settled count's revision", async () => {
    const maturing = await eventsAddedBy(db, () =>
      write("2026-11-01", 100, 55, "2026-11-05T03:00:00.000Z"),
    );
    expect(maturing.map((e) => e.id)).toEqual([
      "value-revised~llm-coding~codex-merge~2026-11-01~r1",
      "value-revised~llm-coding~cc-vs-codex-merge~2026-11-01~r1",
    ]);
    expect(maturing[0]).toMatchObject({
      type: "value.revised",
      timestamp: "2026-11-05T03:00:00.000Z",
      data: {
        values: [{ name: "value", value: 55, unit: "percent" }],
        oldValues: [{ name: "value", value: 40, unit: "percent" }],
        revision: 1,
        reason:
          "The day's counts changed: codex merged 40 -> 55 (a maturing count, provisional until it settles on 2026-11-09)",
      },
    });
    // Settling with the same counts changes no value.
    expect(
      await eventsAddedBy(db, () => write("2026-11-01", 100, 55, "2026-11-09T03:00:00.000Z")),
    ).toEqual([]);
    const late = await eventsAddedBy(db, () =>
      write("2026-11-01", 100, 60, "2026-11-12T03:00:00.000Z"),
    );
    expect(late.map((e) => e.id)).toEqual([
      "value-revised~llm-coding~codex-merge~2026-11-01~r2",
      "value-revised~llm-coding~cc-vs-codex-merge~2026-11-01~r2",
    ]);
    expect(late[0]?.type === "value.revised" && late[0].data.reason).toBe(
      "The day's counts changed: codex merged: The count rose after it settled (late merges, or pull requests GitHub indexed late): 55 -> 60.",
    );
  });

  it("stores nothing when the day's write fails", async () => {
    const before = await db.webhookEvent.count();
    // The same count twice: the second insert breaks the key and the transaction rolls back.
    await expect(
      writeCodingCountsOfDay(db, {
        day: "2026-11-03",
        observations: [count("opened", 5), count("opened", 6)],
        observedAt: new Date("2026-11-04T03:00:00.000Z"),
        observedOn: "2026-11-04",
        syncId: null,
      }),
    ).rejects.toThrow();
    expect(await db.webhookEvent.count()).toBe(before);
  });
});
