// @module-tag zone
import { MEMORY_TYPES } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { MEMORY } from "../read-model/state";
import { expectEveryAnswer } from "../../../testing/answers";

/**
 * The Memory routes over the generated sample (nothing imported): the public catalogue with its
 * frozen ids, every keyed route refused without a key, the sample marked on every answer, and
 * the refusals of unknown types, categories and limits in the domain's words.
 */

const NOW = new Date("2026-11-25T22:00:00.000Z");
let api: TestApi;
let key: string;

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  key = (await api.createKey("trial")).key;
  await MEMORY.of(api.deps).index.refresh();
});
afterAll(async () => {
  await api.close();
});

describe("Memory routes over the sample", () => {
  it("lists the 14 types with their frozen ids, publicly", async () => {
    const res = await api.get("/api/memory-types");
    expect(res.status).toBe(200);
    const body = res.body as { data: { id: string; memory_type: string; category: string }[] };
    expect(body.data).toHaveLength(14);
    expect(body.data.map((row) => row.id)).toEqual(MEMORY_TYPES.map((memory) => memory.id));
    expect(body.data[5]).toMatchObject({
      id: "mem_ddr5_16gb",
      memory_type: "DDR5 16Gb (2Gx8) 4800/5600",
      category: "dram",
      unit: "USD per chip",
    });
    expect(body.data.filter((row) => row.category === "dram")).toHaveLength(7);
    expect(body.data.filter((row) => row.category === "flash")).toHaveLength(4);
    expect(body.data.filter((row) => row.category === "module")).toHaveLength(3);
  });

  it("refuses every keyed route without a key", async () => {
    await expectEveryAnswer(
      (path) => api.get(path),
      ["/api/memory-index", "/api/memory/mem_ddr5_16gb/history", "/api/memory/revisions"],
      { status: 401 },
    );
    expect((await api.get("/api/memory/methodology")).status).toBe(200);
  });

  it("serves the sample marked as such: every type, 90 trading days, latest 2026-11-25", async () => {
    const index = await api.get("/api/memory-index", bearer(key));
    expect(index.status).toBe(200);
    const body = index.body as {
      date: string;
      count: number;
      data: { id: string; sample: boolean; date: string }[];
      dataSources: { sample: boolean; sources: { source: string }[] };
    };
    // Days as the reference writes them: the ISO instant 00:00 UTC of the trading day.
    expect(body).toMatchObject({ date: "2026-11-25T00:00:00.000Z", count: 14 });
    expect(body.data.every((row) => row.sample && row.date === "2026-11-25T00:00:00.000Z")).toBe(
      true,
    );
    expect(body.dataSources).toMatchObject({ sample: true, sources: [{ source: "sample" }] });

    const history = await api.get("/api/memory/mem_ddr5_16gb/history", bearer(key));
    const rows = (history.body as { data: { date: string; sample: boolean }[] }).data;
    expect(rows).toHaveLength(90);
    expect(rows.every((row) => row.sample)).toBe(true);
    // No weekend and no NYSE holiday (Thanksgiving 2026 is 26 November; Labor Day 7 September).
    expect(rows.at(-1)?.date).toBe("2026-11-25T00:00:00.000Z");
    expect(rows.map((row) => row.date)).not.toContain("2026-09-07T00:00:00.000Z");
    expect(rows.map((row) => row.date)).not.toContain("2026-11-21T00:00:00.000Z");

    const methodology = await api.get("/api/memory/methodology");
    expect(methodology.body).toMatchObject({ dataSources: { sample: true } });
  });

  it("takes a type by id or exact name and refuses unknown ones in the domain's words", async () => {
    const byName = await api.get(
      `/api/memory-index?type=${encodeURIComponent("DDR5 16Gb (2Gx8) 4800/5600")}`,
      bearer(key),
    );
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ count: 1, data: { id: "mem_ddr5_16gb" } });
    const pathName = await api.get(
      `/api/memory/${encodeURIComponent("DDR5 RDIMM 32GB 4800/5600")}/history?limit=5`,
      bearer(key),
    );
    expect(pathName.status).toBe(200);
    expect(pathName.body).toMatchObject({ id: "mem_ddr5_rdimm_32gb", count: 5 });

    const unknown = await api.get("/api/memory/mem_ddr6/history", bearer(key));
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toContain("mem_ddr5_16gb");
    const category = await api.get("/api/memory-index?category=hbm", bearer(key));
    expect(category.status).toBe(400);
    expect((category.body as { message: string }).message).toContain("dram, flash, module");
    const flash = await api.get("/api/memory-index?category=flash", bearer(key));
    expect(flash.body).toMatchObject({ count: 4 });
    const mismatch = await api.get(
      "/api/memory-index?category=flash&type=mem_ddr5_16gb",
      bearer(key),
    );
    expect(mismatch.status).toBe(404);
    const limit = await api.get("/api/memory/mem_ddr5_16gb/history?limit=0", bearer(key));
    expect(limit.status).toBe(400);
  });
});
