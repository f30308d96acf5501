// @module-tag zone
import { SAMPLE_NOTICE } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatWithNewKey, type AskChat } from "../../testing/chat";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { importMemoryFile } from "./jobs/import";
import { MEMORY } from "./read-model/state";

/**
 * The chat's Memory answers: "what did DDR5 16Gb cost last week" (the calendar week before this
 * one) lists the settled values of
 * `mem_ddr5_16gb` over the period's trading days, with their dates, sources and whether they are
 * the sample, through `GET /api/memory/{memoryType}/history` for the chat's caller.
 */

// Wednesday 25 November 2026, after its 4 PM (EST) settlement; Thursday 26 is Thanksgiving.
const NOW = new Date("2026-11-25T22:00:00.000Z");
let api: TestApi;
let ask: AskChat;

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  ask = await chatWithNewKey(api, "full");
  await MEMORY.of(api.deps).index.refresh();
});
afterAll(async () => {
  await api.close();
});

describe("the chat on memory prices", () => {
  it("lists last week's settled DDR5 16Gb values of the sample, marked as the sample", async () => {
    const data = await ask("What did DDR5 16Gb cost last week?");
    expect(data.intent).toBe("memory_period");
    const [source] = data.sources;
    expect(source).toMatchObject({
      endpoint: "/api/memory/{memoryType}/history",
      parameters: { memoryType: "mem_ddr5_16gb" },
    });
    const days = (source?.values ?? []).map((row) => String(row.date).slice(0, 10));
    // Last week is the calendar week before this one, Monday 16 to Sunday 22 November: its
    // trading days, no weekend.
    expect(source?.parameters).toMatchObject({ startDate: "2026-11-16", endDate: "2026-11-22" });
    expect(days).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    for (const day of days) expect(data.answer).toContain(`${day}: $`);
    expect(data.answer).toContain("DDR5 16Gb (2Gx8) 4800/5600 (mem_ddr5_16gb)");
    expect(data.answer).toContain("SAMPLE");
    expect(data.answer).not.toContain("eTT");
    expect(data.notices).toContain(SAMPLE_NOTICE);
  });

  it("names the source of imported values, and tells the eTT variant apart", async () => {
    const outcome = await importMemoryFile(api.db, {
      path: "week.csv",
      content: [
        "type,price,observedAt,source,licence,citation",
        "mem_ddr5_16gb,5.5,2026-11-24T15:00:00Z,acme,CC BY 4.0,Source: Acme.",
        "mem_ddr5_16gb_ett,4.5,2026-11-24T15:00:00Z,acme,CC BY 4.0,Source: Acme.",
      ].join("\n"),
      now: NOW,
    });
    expect(outcome.kind).toBe("imported");
    await MEMORY.of(api.deps).index.refresh();
    const data = await ask("what did ddr5 16gb cost this week");
    expect(data.answer).toContain("2026-11-24: $5.500 (change n/a; source acme)");
    expect(data.answer).not.toContain("SAMPLE");
    expect(data.notices).toContain("Source: Acme.");
    const ett = await ask("What did DDR5 16Gb eTT cost this week?");
    expect(ett.answer).toContain("2026-11-24: $4.500");

    // The chat itself needs a key: a keyless caller never reaches the values.
    const keyless = await api.post("/api/chat", { message: "What did DDR5 16Gb cost last week?" });
    expect(keyless.status).toBe(401);
  });
});
