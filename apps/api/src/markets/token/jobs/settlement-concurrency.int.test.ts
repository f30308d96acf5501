// @module-tag zone
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_METHODOLOGY_RULES, addDays, eachUtcDay } from "@tpi/domain";
import { createDb, insertObservationsIfAbsent, readLabDay, type Db } from "@tpi/db";
import { observation, startTestApi, type TestApi } from "../../../testing/test-api";
import { settleDueDays } from "./settlement";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const rules = DEFAULT_METHODOLOGY_RULES;

let api: TestApi;
let other: Db;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  other = createDb(api.databaseUrl, 2);
});
afterAll(async () => {
  await other.$disconnect();
  await api.close();
});
beforeEach(async () => {
  await api.db.$executeRawUnsafe(
    "truncate observation, settled_day, index_value, lab_day_suppression, index_constituent",
  );
});

// 40 days: more than one 31-day settlement batch.
const DAYS = eachUtcDay("2026-02-18", "2026-03-29");
const observationsOn = (days: readonly string[]) =>
  days.flatMap((date) => [
    observation({ date, modelId: "openai/gpt-a" }),
    observation({ date, modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
  ]);

describe("settlement", () => {
  it("publishes each day once when two settlers run together", async () => {
    await insertObservationsIfAbsent(api.db, observationsOn(DAYS));
    const [first, second] = await Promise.all([
      settleDueDays(api.db, { now: NOW, rules }),
      settleDueDays(other, { now: NOW, rules }),
    ]);
    const all = [...first.settledDays, ...second.settledDays].sort();
    expect(all).toEqual(DAYS);
    expect(first.publishedValues + second.publishedValues).toBe(DAYS.length * 2);
    expect(await api.db.settledDay.count()).toBe(DAYS.length);
    expect(await api.db.indexValue.count()).toBe(DAYS.length * 2);
    // A third run finds nothing left.
    expect((await settleDueDays(other, { now: NOW, rules })).settledDays).toEqual([]);
  });

  it("leaves no half-settled day when a settlement fails in the middle of its writes", async () => {
    const days = DAYS.slice(0, 3);
    await insertObservationsIfAbsent(api.db, [
      ...observationsOn(days),
      observation({ date: days[1] ?? "", modelId: "openai/crash" }),
    ]);
    // A real failure inside PostgreSQL after settled_day and index_value rows were written in the same transaction.
    await api.db
      .$executeRawUnsafe(`create function fail_on_crash_model() returns trigger language plpgsql as $$
      begin if new.model_id = 'openai/crash' then raise exception 'simulated crash'; end if; return new; end $$`);
    await api.db.$executeRawUnsafe(
      `create trigger crash before insert on index_constituent for each row execute function fail_on_crash_model()`,
    );
    try {
      await expect(settleDueDays(api.db, { now: NOW, rules })).rejects.toThrow(/simulated crash/);
      expect(await api.db.settledDay.count()).toBe(0);
      expect(await api.db.indexValue.count()).toBe(0);
      expect(await api.db.labDaySuppression.count()).toBe(0);
      expect(await api.db.indexConstituent.count()).toBe(0);
    } finally {
      await api.db.$executeRawUnsafe("drop trigger crash on index_constituent");
      await api.db.$executeRawUnsafe("drop function fail_on_crash_model()");
    }
    const retry = await settleDueDays(api.db, { now: NOW, rules });
    expect(retry.settledDays).toEqual(days);
  });

  it("records why a lab-day below the data-sufficiency minimums is not published", async () => {
    await insertObservationsIfAbsent(api.db, observationsOn(["2026-03-29"]));
    const strict = { ...rules, minEligibleModels: 2, minEligibleTokens: 1 };
    await settleDueDays(api.db, { now: NOW, rules: strict });
    expect(await readLabDay(api.db, "2026-03-29", "openai")).toMatchObject({
      settled: true,
      value: null,
      suppression: { reason: "below_min_models" },
    });
    await api.db.$executeRawUnsafe(
      "truncate settled_day, index_value, lab_day_suppression, index_constituent",
    );
    await settleDueDays(api.db, { now: NOW, rules: { ...rules, minEligibleTokens: 2_000_000 } });
    expect(await readLabDay(api.db, "2026-03-29", "openai")).toMatchObject({
      value: null,
      suppression: { reason: "below_min_volume" },
    });
  });

  it("settles a day only once its lag has passed", async () => {
    await insertObservationsIfAbsent(api.db, observationsOn(["2026-03-29", "2026-03-30"]));
    expect((await settleDueDays(api.db, { now: NOW, rules })).settledDays).toEqual(["2026-03-29"]);
    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    expect((await settleDueDays(api.db, { now: later, rules })).settledDays).toEqual([
      addDays("2026-03-29", 1),
    ]);
  });
});
