// @module-tag zone
import { DEFAULT_METHODOLOGY_RULES } from "@tpi/domain";
import { insertObservationsIfAbsent } from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { TEST_EVENT_SOURCE, storedMarketEvents } from "../../../testing/market-events";
import { withCommitsRefused } from "../../../testing/refused-commit";
import { observation, startTestApi } from "../../../testing/test-api";
import { restateLabDay } from "./restatement";
import { settleDueDays } from "./settlement";

const rules = DEFAULT_METHODOLOGY_RULES;
const NOW = new Date("2026-11-22T12:00:00Z");
const api = closedAfterFile(await startTestApi({ now: NOW }));

const storedEvents = () => storedMarketEvents(api.db);

const computedAtOf = async (date: string, lab: string): Promise<string> =>
  (
    await api.db.indexValue.findUniqueOrThrow({
      where: { date_lab: { date: new Date(`${date}T00:00:00Z`), lab } },
    })
  ).computedAt.toISOString();

const unit = "USD per million tokens";
const value = (indexPerMtok: number | null) => [
  { name: "indexPerMtok", value: indexPerMtok, unit },
];

beforeEach(async () => {
  await api.db.$executeRawUnsafe(
    "truncate observation, settled_day, index_value, lab_day_suppression, index_constituent, index_revision, webhook_event cascade",
  );
  await insertObservationsIfAbsent(api.db, [
    // anthropic: 1.6 USD per Mtok both days (80 % input at 1, 20 % output at 4).
    observation({ date: "2026-11-19", modelId: "anthropic/a" }),
    observation({ date: "2026-11-20", modelId: "anthropic/a" }),
    // openai: the second day only, at 3.2.
    observation({
      date: "2026-11-20",
      modelId: "openai/a",
      inputPricePerMtok: 2,
      outputPricePerMtok: 8,
    }),
  ]);
});

describe("the token market's settlement events", () => {
  it("stores one value.settled per lab-day with a value, with the day before's value, in the settlement's transaction", async () => {
    await settleDueDays(api.db, { now: NOW, rules });
    const events = await storedEvents();
    expect(events.map((event) => event.id)).toEqual([
      "value-settled~token~anthropic~2026-11-19",
      "value-settled~token~anthropic~2026-11-20",
      "value-settled~token~openai~2026-11-20",
    ]);
    expect(events[1]).toEqual({
      id: "value-settled~token~anthropic~2026-11-20",
      type: "value.settled",
      version: 1,
      timestamp: await computedAtOf("2026-11-20", "anthropic"),
      data: {
        market: "token",
        series: "anthropic",
        period: { grain: "day", day: "2026-11-20" },
        values: value(1.6),
        methodologyVersion: rules.version,
        sources: [TEST_EVENT_SOURCE],
        previous: { period: { grain: "day", day: "2026-11-19" }, values: value(1.6) },
      },
    });
    // openai had no value on the 19th (suppressed: no observations), so nothing to compare.
    expect(events[2]?.data).toMatchObject({ values: value(3.2), previous: null });
  });

  it("adds no event when settlement runs again, and reads the day before from what is stored", async () => {
    await settleDueDays(api.db, { now: NOW, rules, through: "2026-11-19" });
    await settleDueDays(api.db, { now: NOW, rules });
    await settleDueDays(api.db, { now: NOW, rules });
    const events = await storedEvents();
    expect(events).toHaveLength(3);
    expect(events[1]?.data).toMatchObject({
      period: { grain: "day", day: "2026-11-20" },
      previous: { period: { grain: "day", day: "2026-11-19" }, values: value(1.6) },
    });
  });

  it("stores no event when the settlement's transaction fails at commit", async () => {
    // A deferred check fails the commit after the events were appended: all or nothing.
    await withCommitsRefused(api.db, "settled_day", () =>
      expect(settleDueDays(api.db, { now: NOW, rules })).rejects.toThrow(/refused/),
    );
    expect(await storedEvents()).toEqual([]);
    expect(await api.db.settledDay.count()).toBe(0);
  });

  it("stores one value.revised per restatement, numbered, with the old and new values and the reason", async () => {
    await settleDueDays(api.db, { now: NOW, rules });
    await api.db.observation.update({
      where: { date_modelId: { date: new Date("2026-11-20T00:00:00Z"), modelId: "openai/a" } },
      data: { inputPricePerMtok: 3 },
    });
    // After the wall-clock settlement time: a restatement is never dated before the value it replaces.
    const restatedAt = new Date("2030-01-01T09:00:00.000Z");
    const request = {
      date: "2026-11-20",
      lab: "openai",
      reason: "corrected price",
      force: false,
    } as const;
    const first = await restateLabDay(api.db, rules, request, restatedAt);
    expect(first.ok).toBe(true);
    // Back to the first price: a second revision of the same lab-day, its own event.
    await api.db.observation.update({
      where: { date_modelId: { date: new Date("2026-11-20T00:00:00Z"), modelId: "openai/a" } },
      data: { inputPricePerMtok: 2 },
    });
    await restateLabDay(api.db, rules, { ...request, reason: "reverted" }, restatedAt);
    const revised = (await storedEvents()).filter((event) => event.type === "value.revised");
    expect(revised).toEqual([
      {
        id: "value-revised~token~openai~2026-11-20~r1",
        type: "value.revised",
        version: 1,
        timestamp: restatedAt.toISOString(),
        data: {
          market: "token",
          series: "openai",
          period: { grain: "day", day: "2026-11-20" },
          values: value(4),
          oldValues: value(3.2),
          methodologyVersion: rules.version,
          sources: [TEST_EVENT_SOURCE],
          revision: 1,
          reason: "corrected price",
        },
      },
      expect.objectContaining({
        id: "value-revised~token~openai~2026-11-20~r2",
        data: expect.objectContaining({ values: value(3.2), oldValues: value(4), revision: 2 }),
      }),
    ]);
  });

  it("stores no event for a refused restatement", async () => {
    await settleDueDays(api.db, { now: NOW, rules });
    const before = await storedEvents();
    const refused = await restateLabDay(
      api.db,
      rules,
      { date: "2026-11-20", lab: "openai", reason: "nothing changed", force: false },
      new Date("2026-11-23T09:00:00.000Z"),
    );
    expect(refused.ok).toBe(false);
    expect(await storedEvents()).toEqual(before);
  });
});
