import { describe, expect, it } from "vitest";
import {
  planMemorySettlement,
  roundMemoryValue,
  settleMemory,
  type MemoryObservation,
} from "./settlement";

const at = (iso: string, price: number, source = "feed", sourceUpdatedAt?: string) =>
  ({
    typeId: "mem_ddr5_16gb",
    observedAt: new Date(iso),
    source,
    price,
    sourceUpdatedAt: sourceUpdatedAt === undefined ? null : new Date(sourceUpdatedAt),
  }) satisfies MemoryObservation;

describe("settleMemory", () => {
  it("averages the session, carries nothing forward and derives change and the week's high and low", () => {
    const values = settleMemory(
      [
        // Mon 2 March (EST: settles 21:00 UTC): 10 and 12 -> 11.
        at("2026-03-02T15:00:00.000Z", 10),
        at("2026-03-02T21:00:00.000Z", 12, "other", "2026-03-02T20:00:00.000Z"),
        // After Monday's 4 PM: Tuesday's session. Tuesday 3 March: 13.
        at("2026-03-02T21:00:01.000Z", 13),
        // Wednesday has no observation: no value. Thursday 5 March: 9.
        at("2026-03-05T14:00:00.000Z", 9),
        // Tuesday 10 March (after DST: 20:00 UTC): 15.
        at("2026-03-10T19:00:00.000Z", 15),
      ],
      "2026-03-10",
    );
    expect(values.map((v) => [v.day, v.price, v.changePct, v.weeklyHigh, v.weeklyLow])).toEqual([
      ["2026-03-02", 11, null, 11, 11],
      ["2026-03-03", 13, 18.181818, 13, 11],
      ["2026-03-05", 9, -30.769231, 13, 9],
      // 4 to 10 March: only 5 March (9) and 10 March (15).
      ["2026-03-10", 15, 66.666667, 15, 9],
    ]);
    expect(values[0]).toMatchObject({ observations: 2, sources: ["feed", "other"] });
    // The latest source time: 20:00 (the source's own) beats the 15:00 observation.
    expect(values[0]?.sourceUpdatedAt.toISOString()).toBe("2026-03-02T20:00:00.000Z");
  });

  it("leaves sessions after the settled day out", () => {
    expect(settleMemory([at("2026-03-10T19:00:00.000Z", 15)], "2026-03-09")).toEqual([]);
  });
});

describe("planMemorySettlement", () => {
  it("tells new days, revised prices, re-derived neighbours and withdrawn days apart", () => {
    const before = settleMemory(
      [at("2026-03-02T15:00:00.000Z", 10), at("2026-03-03T15:00:00.000Z", 20)],
      "2026-03-03",
    ).map((value) => ({ ...value, updatedAt: new Date("2026-03-03T22:00:00.000Z") }));
    const after = settleMemory(
      [
        at("2026-03-02T15:00:00.000Z", 10),
        at("2026-03-02T16:00:00.000Z", 14),
        at("2026-03-03T15:00:00.000Z", 20),
        at("2026-03-04T15:00:00.000Z", 30),
      ],
      "2026-03-04",
    );
    const plan = planMemorySettlement(before, after);
    expect(plan.added.map((value) => value.day)).toEqual(["2026-03-04"]);
    expect(plan.revised.map(({ before: b, after: a }) => [b.day, b.price, a.price])).toEqual([
      ["2026-03-02", 10, 12],
    ]);
    // 3 March keeps its price; its change (from 12 now) and weekly low move with Monday's revision.
    expect(plan.rederived.map(({ after: a }) => [a.day, a.changePct, a.weeklyLow])).toEqual([
      ["2026-03-03", 66.666667, 12],
    ]);
    expect(plan.withdrawn).toEqual([]);
    expect(planMemorySettlement(before, []).withdrawn).toHaveLength(2);
  });
});

describe("stored values", () => {
  it("are rounded to 0.000001 so that they read back from 15-digit text as computed", () => {
    const [value] = settleMemory(
      [
        at("2026-03-02T15:00:00.000Z", 1),
        at("2026-03-02T15:01:00.000Z", 1),
        at("2026-03-02T15:02:00.000Z", 1.000001),
      ],
      "2026-03-02",
    );
    expect(value?.price).toBe(1.0);
    const [, second] = settleMemory(
      [at("2026-03-02T15:00:00.000Z", 3), at("2026-03-03T15:00:00.000Z", 10)],
      "2026-03-03",
    );
    expect(second?.changePct).toBe(233.333333);
    for (const v of [10 / 3, 1000 / 7, 123456.7654321])
      expect(Number(roundMemoryValue(v).toPrecision(15))).toBe(roundMemoryValue(v));
    expect(roundMemoryValue(-2.5e-7)).toBe(-0.0);
  });
});
