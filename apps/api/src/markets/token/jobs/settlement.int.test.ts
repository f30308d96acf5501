// @module-tag zone
import { DEFAULT_METHODOLOGY_RULES } from "@tpi/domain";
import { insertObservationsIfAbsent } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { observation, startTestApi } from "../../../testing/test-api";
import { settleDueDays } from "./settlement";

const rules = DEFAULT_METHODOLOGY_RULES;
const api = closedAfterFile(await startTestApi({ now: new Date("2026-11-22T12:00:00Z") }));

describe("settlement", () => {
  it("settles only days whose lag has passed, and is idempotent", async () => {
    await insertObservationsIfAbsent(api.db, [
      observation({ date: "2026-11-19", modelId: "anthropic/a" }),
      observation({ date: "2026-11-20", modelId: "anthropic/a" }),
      observation({ date: "2026-11-21", modelId: "anthropic/a" }),
    ]);
    const first = await settleDueDays(api.db, { now: new Date("2026-11-22T11:59:59.999Z"), rules });
    expect(first.settledDays).toEqual(["2026-11-19"]);
    const second = await settleDueDays(api.db, {
      now: new Date("2026-11-22T12:00:00.000Z"),
      rules,
    });
    expect(second.settledDays).toEqual(["2026-11-20"]);
    const again = await settleDueDays(api.db, { now: new Date("2026-11-22T12:00:00.000Z"), rules });
    expect(again.settledDays).toEqual([]);
    expect(await api.db.indexValue.count()).toBe(2);
  });

  it("--through stops at the given day", async () => {
    await insertObservationsIfAbsent(api.db, [
      observation({ date: "2026-10-01", modelId: "openai/a" }),
      observation({ date: "2026-10-02", modelId: "openai/a" }),
    ]);
    const report = await settleDueDays(api.db, {
      now: new Date("2026-11-22T12:00:00Z"),
      rules,
      through: "2026-10-01",
    });
    expect(report.settledDays).toEqual(["2026-10-01"]);
    await settleDueDays(api.db, { now: new Date("2026-11-22T12:00:00Z"), rules });
  });

  it("never rewrites a settled value: late observations are stored but do not move it", async () => {
    const before = await api.db.indexValue.findUniqueOrThrow({
      where: { date_lab: { date: new Date("2026-11-19"), lab: "anthropic" } },
    });
    await insertObservationsIfAbsent(api.db, [
      observation({
        date: "2026-11-19",
        modelId: "anthropic/late",
        inputPricePerMtok: 50,
        outputPricePerMtok: 90,
      }),
    ]);
    await settleDueDays(api.db, { now: new Date("2026-11-25T00:00:00Z"), rules });
    const after = await api.db.indexValue.findUniqueOrThrow({
      where: { date_lab: { date: new Date("2026-11-19"), lab: "anthropic" } },
    });
    expect(after).toEqual(before);
    expect(await api.db.observation.count({ where: { modelId: "anthropic/late" } })).toBe(1);
  });

  it("records every lab of a settled day: a value, or a suppression with its reason", async () => {
    const day = new Date("2026-11-19");
    const values = await api.db.indexValue.findMany({ where: { date: day } });
    const suppressions = await api.db.labDaySuppression.findMany({ where: { date: day } });
    expect(values.length + suppressions.length).toBe(11);
    expect(suppressions.every((s) => s.reason === "no_observations")).toBe(true);
    expect(values[0]).toMatchObject({
      methodologyVersion: rules.version,
      constituentCount: 1,
      totalTokens: 1_000_000n,
    });
  });

  it("stores the constituents so that the value is recomputable from them", async () => {
    const day = new Date("2026-11-19");
    const value = await api.db.indexValue.findUniqueOrThrow({
      where: { date_lab: { date: day, lab: "anthropic" } },
    });
    const constituents = await api.db.indexConstituent.findMany({
      where: { date: day, lab: "anthropic", exclusionReason: null },
      orderBy: { modelId: "asc" },
    });
    let spend = 0;
    let tokens = 0;
    for (const c of constituents) {
      spend +=
        (c.inputPricePerMtok ?? 0) * Number(c.inputTokens) +
        (c.outputPricePerMtok ?? 0) * Number(c.outputTokens);
      tokens += Number(c.inputTokens) + Number(c.outputTokens);
    }
    expect(spend / tokens).toBe(value.indexPerMtok);
  });

  it("two settlement runs started together publish each day once", async () => {
    const days = ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04"];
    await insertObservationsIfAbsent(
      api.db,
      days.map((date) => observation({ date, modelId: "deepseek/a" })),
    );
    const now = new Date("2026-11-22T12:00:00Z");
    const [a, b] = await Promise.all([
      settleDueDays(api.db, { now, rules }),
      settleDueDays(api.db, { now, rules }),
    ]);
    expect([...a.settledDays, ...b.settledDays].sort()).toEqual(days);
    expect(
      await api.db.settledDay.count({
        where: { date: { gte: new Date("2026-09-01"), lte: new Date("2026-09-04") } },
      }),
    ).toBe(4);
  });
});

describe("settlement while the api stops", () => {
  it("starts no further transaction once asked to stop; the next run settles the rest", async () => {
    const days = Array.from({ length: 40 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
    );
    await insertObservationsIfAbsent(
      api.db,
      days.map((date) => observation({ date, modelId: "google/a" })),
    );
    const stopping = new AbortController();
    const interrupted = await settleDueDays(api.db, {
      now: new Date("2025-03-01T00:00:00Z"),
      rules,
      signal: stopping.signal,
      onProgress: () => stopping.abort(), // the api is stopped during the first transaction
    });
    expect(interrupted.settledDays).toEqual(days.slice(0, 31)); // one whole transaction
    const rest = await settleDueDays(api.db, { now: new Date("2025-03-01T00:00:00Z"), rules });
    expect(rest.settledDays).toEqual(days.slice(31));
  });
});
