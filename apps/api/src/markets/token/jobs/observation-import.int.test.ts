// @module-tag zone
import { TOKEN } from "../read-model/state";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { readObservationFile } from "../sources/observation-file";
import { RecordFileError, type RecordFileFormat } from "../../../platform/ingest/record-file";
import { closedAfterFile, tempDirForFile } from "../../../testing/file-fixtures";
import { observation, startTestApi } from "../../../testing/test-api";
import { importObservations } from "./observation-import";

// With the 36-hour lag, 2026-03-29 is the latest settleable day at this instant.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const HEADER =
  "date,model_id,lab,input_price_per_mtok,output_price_per_mtok,input_tokens,output_tokens,source";
const GOOD = [
  "2026-03-30,anthropic/claude-a,anthropic,3,15,800000,200000,test",
  "2026-03-30,openai/gpt-a,openai,1.25,10,500000,100000,test",
  '2026-03-30,google/gemini-a,google,0.3,2.5,900000,100000,"vendor, inc."',
];

const api = closedAfterFile(await startTestApi({ now: NOW }));
const dir = tempDirForFile("tpi-import-");
beforeEach(async () => {
  await api.db.$executeRawUnsafe(
    "truncate observation, settled_day, index_value, lab_day_suppression, index_constituent",
  );
});

let fileCounter = 0;
function file(lines: readonly string[], format: RecordFileFormat = "csv"): string {
  const path = join(dir, `f${(fileCounter += 1)}.${format}`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}
const run = (path: string, format: RecordFileFormat = "csv", skipInvalid = false) =>
  importObservations(api.databaseUrl, () => readObservationFile(path, format, NOW), {
    skipInvalid,
  });
const storedRows = () => api.db.observation.count();

describe("importing observation files", () => {
  it("imports a valid CSV file with quoted fields, and re-importing it changes nothing", async () => {
    const path = file([HEADER, ...GOOD]);
    const first = await run(path);
    expect(first).toMatchObject({
      written: true,
      method: "direct",
      rowsRead: 3,
      invalidRows: 0,
      counts: { inserted: 3, updated: 0, unchanged: 0 },
    });
    const before = await api.db.observation.findMany({ orderBy: { modelId: "asc" } });
    expect(before.map((r) => r.source)).toContain("vendor, inc.");

    const again = await run(path);
    expect(again).toMatchObject({
      method: "staged",
      counts: { inserted: 0, updated: 0, unchanged: 3 },
    });
    expect(await api.db.observation.findMany({ orderBy: { modelId: "asc" } })).toEqual(before);
  });

  it("merges a file that mixes new and stored keys (the direct path gives way to the staged one)", async () => {
    await run(file([HEADER, GOOD[0] ?? ""]));
    const report = await run(file([HEADER, ...GOOD]));
    expect(report).toMatchObject({
      written: true,
      method: "staged",
      counts: { inserted: 2, updated: 0, unchanged: 1 },
    });
    expect(await storedRows()).toBe(3);
  });

  it("imports JSON Lines with numbers, strings and the optional cache-read columns", async () => {
    const path = file(
      [
        JSON.stringify({
          date: "2026-03-30",
          model_id: "deepseek/v3",
          lab: "deepseek",
          input_price_per_mtok: 0.27,
          output_price_per_mtok: 1.1,
          input_tokens: 10,
          output_tokens: 5,
          source: "test",
          cache_read_price_per_mtok: 0.07,
          cache_read_tokens: 3,
        }),
        "",
        JSON.stringify({
          date: "2026-03-30",
          model_id: "qwen/q",
          lab: "qwen",
          input_price_per_mtok: "0.2",
          output_price_per_mtok: null,
          input_tokens: "1",
          output_tokens: "2",
          source: "test",
        }),
      ],
      "jsonl",
    );
    expect(await run(path, "jsonl")).toMatchObject({
      written: true,
      rowsRead: 2,
      counts: { inserted: 2 },
    });
    const deepseek = await api.db.observation.findFirstOrThrow({
      where: { modelId: "deepseek/v3" },
    });
    expect(deepseek).toMatchObject({
      cacheReadPricePerMtok: 0.07,
      cacheReadTokens: 3n,
      inputTokens: 10n,
    });
    const qwen = await api.db.observation.findFirstOrThrow({ where: { modelId: "qwen/q" } });
    expect(qwen.outputPricePerMtok).toBeNull();
  });

  it.each([
    [
      "a wrong type",
      "2026-03-30,anthropic/claude-b,anthropic,three,15,1,1,test",
      "input_price_per_mtok is not a number",
    ],
    ["an unknown lab", "2026-03-30,acme/x,acme,3,15,1,1,test", "unknown lab 'acme'"],
    [
      "a negative volume",
      "2026-03-30,anthropic/claude-b,anthropic,3,15,-1,1,test",
      "input_tokens is negative",
    ],
    [
      "a negative price",
      "2026-03-30,anthropic/claude-b,anthropic,3,-15,1,1,test",
      "output_price_per_mtok is negative",
    ],
    [
      "an impossible date",
      "2026-02-29,anthropic/claude-b,anthropic,3,15,1,1,test",
      "date is not a real calendar date",
    ],
    [
      "a model id of another lab",
      "2026-03-30,openai/gpt-b,anthropic,3,15,1,1,test",
      "belongs to lab 'openai', not 'anthropic'",
    ],
    [
      "a wrong field count",
      "2026-03-30,anthropic/claude-b,anthropic,3,15,1,1",
      "expected 8 fields, got 7",
    ],
    [
      "a duplicate key",
      "2026-03-30,openai/gpt-a,openai,1,10,1,1,test",
      "duplicate key (date, model_id) = (2026-03-30, openai/gpt-a): first seen on line 3",
    ],
  ])(
    "rejects the whole file for %s on its last line and writes nothing",
    async (_kind, badLine, reason) => {
      const report = await run(file([HEADER, ...GOOD, badLine]));
      expect(report).toMatchObject({ written: false, rowsRead: 4, invalidRows: 1, counts: null });
      expect(report.issues).toEqual([{ line: 5, reason: expect.stringContaining(reason) }]);
      expect(await storedRows()).toBe(0);
    },
  );

  it("writes nothing when the only bad line comes after tens of thousands of staged rows", async () => {
    const many = Array.from(
      { length: 30_000 },
      (_, i) =>
        `2026-03-${String((i % 28) + 1).padStart(2, "0")},openai/bulk-${Math.floor(i / 28)},openai,1,4,10,10,bulk`,
    );
    const report = await run(
      file([HEADER, ...many, "2026-03-30,openai/gpt-z,openai,1,4,10,ten,bulk"]),
    );
    expect(report).toMatchObject({
      written: false,
      rowsRead: 30_001,
      invalidRows: 1,
      issues: [
        { line: 30_002, reason: expect.stringContaining("output_tokens is not a whole number") },
      ],
    });
    expect(await storedRows()).toBe(0);
  });

  it("writes nothing and does not hang when reading fails in the middle of the file", async () => {
    const valid = (await run(file([HEADER, ...GOOD]))).counts;
    expect(valid?.inserted).toBe(3);
    await api.db.$executeRawUnsafe("truncate observation");
    async function* failingMidway() {
      for await (const batch of readObservationFile(file([HEADER, ...GOOD]), "csv", NOW))
        yield batch;
      throw new Error("disk read error");
    }
    await expect(
      importObservations(api.databaseUrl, failingMidway, { skipInvalid: false }),
    ).rejects.toThrow("disk read error");
    expect(await storedRows()).toBe(0);
  });

  it("reports the first 50 bad lines by number and counts all of them", async () => {
    const bad = Array.from(
      { length: 120 },
      (_, i) =>
        `2026-03-${String((i % 28) + 1).padStart(2, "0")},anthropic/m${i},anthropic,x,1,1,1,test`,
    );
    const report = await run(file([HEADER, ...GOOD, ...bad]));
    expect(report.invalidRows).toBe(120);
    expect(report.issues).toHaveLength(50);
    expect(report.issues[0]?.line).toBe(5);
    expect(report.issues[49]?.line).toBe(54);
    expect(await storedRows()).toBe(0);
  });

  it("imports the valid rows with --skip-invalid, keeping the first line of a duplicated key", async () => {
    const report = await run(
      file([
        HEADER,
        ...GOOD,
        "2026-03-30,acme/x,acme,3,15,1,1,test",
        "2026-03-30,openai/gpt-a,openai,9,9,9,9,dup",
      ]),
      "csv",
      true,
    );
    expect(report).toMatchObject({ written: true, invalidRows: 2, counts: { inserted: 3 } });
    expect(report.issues.map((i) => i.line)).toEqual([5, 6]);
    const gpt = await api.db.observation.findFirstOrThrow({ where: { modelId: "openai/gpt-a" } });
    expect(gpt.source).toBe("test");
  });

  it("refuses a file whose header lacks a column, writing nothing", async () => {
    await expect(run(file(["date,model_id,lab", "2026-03-30,openai/x,openai"]))).rejects.toThrow(
      RecordFileError,
    );
    await expect(run(file(["date,model_id,lab", "2026-03-30,openai/x,openai"]))).rejects.toThrow(
      /missing required column/,
    );
    expect(await storedRows()).toBe(0);
  });

  it("stores corrections for a settled day without changing its published value", async () => {
    await api.load([
      observation({
        date: "2026-03-29",
        modelId: "openai/gpt-a",
        inputPricePerMtok: 1,
        outputPricePerMtok: 4,
      }),
    ]);
    const published = await api.get("/api/otpi?date=2026-03-29&lab=openai");
    expect(published.status).toBe(200);

    const report = await run(
      file([
        HEADER,
        "2026-03-29,openai/gpt-a,openai,2,8,800000,200000,correction",
        "2026-03-29,openai/gpt-new,openai,5,5,1,1,late",
      ]),
    );
    expect(report.counts).toMatchObject({
      inserted: 1,
      updated: 1,
      onSettledDays: 2,
      settledDaysTouched: ["2026-03-29"],
    });
    const stored = await api.db.observation.findFirstOrThrow({
      where: { modelId: "openai/gpt-a" },
    });
    expect(stored.inputPricePerMtok).toBe(2);
    const lateOnly = await run(
      file([
        HEADER,
        "2026-03-29,openai/gpt-late,openai,5,5,1,1,late",
        "2026-03-30,openai/gpt-late,openai,5,5,1,1,late",
      ]),
    );
    expect(lateOnly).toMatchObject({
      method: "direct",
      counts: { inserted: 2, onSettledDays: 1, settledDaysTouched: ["2026-03-29"] },
    });

    await TOKEN.of(api.deps).index.refresh();
    expect((await api.get("/api/otpi?date=2026-03-29&lab=openai")).body).toEqual(published.body);
  });
});
