// @module-tag zone
import { TOKEN } from "../read-model/state";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_METHODOLOGY_RULES } from "@tpi/domain";
import { insertObservationsIfAbsent } from "@tpi/db";
import { revisionsResponseSchema } from "../schemas/details";
import { bearer, observation, startTestApi, type TestApi } from "../../../testing/test-api";
import { restateLabDay } from "./restatement";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAY = "2026-03-29";
const rules = DEFAULT_METHODOLOGY_RULES;

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());
beforeEach(async () => {
  await api.db.$executeRawUnsafe(
    "truncate observation, settled_day, index_value, lab_day_suppression, index_constituent, index_revision",
  );
  await api.load([
    observation({
      date: DAY,
      modelId: "openai/gpt-a",
      inputPricePerMtok: 1,
      outputPricePerMtok: 4,
      inputTokens: 800_000n,
      outputTokens: 200_000n,
    }),
    observation({
      date: DAY,
      modelId: "openai/gpt-b",
      inputPricePerMtok: 2,
      outputPricePerMtok: 8,
      inputTokens: 800_000n,
      outputTokens: 200_000n,
    }),
  ]);
});

const correctPrice = (modelId: string, inputPricePerMtok: number) =>
  api.db.observation.update({
    where: { date_modelId: { date: new Date(`${DAY}T00:00:00Z`), modelId } },
    data: { inputPricePerMtok },
  });
const publishedOpenai = async () =>
  await api.db.indexValue.findUnique({
    where: { date_lab: { date: new Date(`${DAY}T00:00:00Z`), lab: "openai" } },
  });
const restate = (force = false, now = new Date("2030-01-01T09:00:00.000Z")) =>
  restateLabDay(
    api.db,
    rules,
    { date: DAY, lab: "openai", reason: "provider corrected gpt-a price", force },
    now,
  );

describe("restatements", () => {
  it("refuses when nothing changed, writing nothing", async () => {
    const before = await publishedOpenai();
    const result = await restate();
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        message: expect.stringContaining("below the materiality threshold of 0.1%"),
      },
    });
    expect(await publishedOpenai()).toEqual(before);
    expect(await api.db.indexRevision.count()).toBe(0);
  });

  it("recomputes from corrected observations, logs old and new value and reason, updates computedAt and the snapshot", async () => {
    const before = await publishedOpenai();
    await correctPrice("openai/gpt-a", 1.5); // index 2.4 -> 2.6: +0.5 USD/Mtok on 800k of 2M tokens
    const result = await restate();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      date: DAY,
      lab: "openai",
      oldIndexPerMtok: before?.indexPerMtok,
      newIndexPerMtok: expect.closeTo(2.6, 12),
      reason: "provider corrected gpt-a price",
      forced: false,
      oldComputedAt: before?.computedAt,
      restatedAt: new Date("2030-01-01T09:00:00.000Z"),
    });
    expect(result.value.changePercent).toBeCloseTo((0.2 / 2.4) * 100, 9);
    const after = await publishedOpenai();
    expect(after?.indexPerMtok).toBeCloseTo(2.6, 12);
    expect(after?.computedAt).toEqual(new Date("2030-01-01T09:00:00.000Z"));
    const snapshot = await api.db.indexConstituent.findFirstOrThrow({
      where: { lab: "openai", modelId: "openai/gpt-a" },
    });
    expect(snapshot.inputPricePerMtok).toBe(1.5);

    await TOKEN.of(api.deps).index.refresh();
    const served = await api.get(`/api/otpi?date=${DAY}&lab=openai`, bearer(key));
    expect(served.body).toMatchObject({
      data: [{ indexPerMtok: after?.indexPerMtok, computedAt: "2030-01-01T09:00:00.000Z" }],
    });
    const log = await api.get("/api/otpi/revisions?lab=openai", bearer(key));
    expect(revisionsResponseSchema.safeParse(log.body).success).toBe(true);
    expect(log.body).toMatchObject({
      count: 1,
      data: [
        {
          date: DAY,
          lab: "openai",
          oldIndexPerMtok: before?.indexPerMtok,
          restatedAt: "2030-01-01T09:00:00.000Z",
          forced: false,
        },
      ],
    });
  });

  it("restates the tokens behind a value with it: /api/token-volume serves the new total", async () => {
    const volume = async () => {
      await TOKEN.of(api.deps).index.refresh();
      const res = await api.get(
        `/api/token-volume?startDate=${DAY}&endDate=${DAY}&lab=openai`,
        bearer(key),
      );
      return (res.body as { data: { totalTokens: number; growthIndex: number }[] }).data[0];
    };
    expect(await volume()).toMatchObject({ totalTokens: 2_000_000, growthIndex: 100 });
    // The source corrects gpt-a's volume to 2M tokens: the blend moves from 2.4 to 2.1333 USD/Mtok.
    await api.db.observation.update({
      where: { date_modelId: { date: new Date(`${DAY}T00:00:00Z`), modelId: "openai/gpt-a" } },
      data: { inputTokens: 1_600_000n, outputTokens: 400_000n, totalTokens: 2_000_000n },
    });
    const result = await restate();
    if (!result.ok) throw new Error(result.error.message);
    expect((await publishedOpenai())?.totalTokens).toBe(3_000_000n);
    expect(await volume()).toMatchObject({ totalTokens: 3_000_000, growthIndex: 100 });
  });

  it("refuses an immaterial change unless forced, and records the force", async () => {
    await correctPrice("openai/gpt-a", 1.001); // index 2.4 -> 2.4004: 0.017%
    expect((await restate()).ok).toBe(false);
    const forced = await restate(true);
    expect(forced).toMatchObject({ ok: true, value: { forced: true } });
    expect((await publishedOpenai())?.indexPerMtok).toBeCloseTo(2.4004, 12);
  });

  it("withdraws a value that loses its eligible inputs, recording the suppression", async () => {
    await api.db.observation.updateMany({
      where: { lab: "openai" },
      data: { inputPricePerMtok: null },
    });
    const result = await restate();
    expect(result).toMatchObject({
      ok: true,
      value: {
        newIndexPerMtok: null,
        newSuppressionReason: "no_eligible_volume",
        changePercent: null,
      },
    });
    expect(await publishedOpenai()).toBeNull();
    await TOKEN.of(api.deps).index.refresh();
    expect((await api.get(`/api/otpi?date=${DAY}&lab=openai`)).status).toBe(404);
  });

  it("refuses days that are not settled and restatements without a reason", async () => {
    await insertObservationsIfAbsent(api.db, [
      observation({ date: "2026-03-30", modelId: "openai/gpt-a" }),
    ]);
    expect(
      await restateLabDay(
        api.db,
        rules,
        { date: "2026-03-30", lab: "openai", reason: "x", force: true },
        NOW,
      ),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining("not settled") } });
    expect(
      await restateLabDay(
        api.db,
        rules,
        { date: DAY, lab: "openai", reason: "  ", force: true },
        NOW,
      ),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining("reason") } });
  });
});
