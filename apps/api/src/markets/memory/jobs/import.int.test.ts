// @module-tag zone
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MEMORY_TYPE_IDS, type MemoryImportRow } from "@tpi/domain";
import {
  countMemoryObservations,
  importMemoryObservations,
  startSourceSync,
  withSourceSyncLock,
} from "@tpi/db";
import { describe, expect, it } from "vitest";
import { closedAfterFile, tempDirForFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";
import { MEMORY_IMPORT_LOG_SOURCE, importMemoryFile } from "./import";
import { MEMORY_LOCK_MS, MEMORY_WRITE_LOCK } from "./settlement";

/**
 * A memory import against what an operator's machine can hand it: bytes that are not UTF-8, a
 * run a killed import left `running`, and the settlement holding the memory lock.
 */

const NOW = new Date("2026-03-11T12:00:00.000Z");
const api = closedAfterFile(await startTestApi({ now: NOW }));

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const HEADER = "type,price,observedAt,source,citation";

/**
 * Holds the memory lock as the settlement does, until `release` is called: resolves once it is
 * held, with the settlement's outcome to await.
 */
async function holdMemoryLock() {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let lockTaken = () => undefined as void;
  const taken = new Promise<void>((resolve) => (lockTaken = resolve));
  const settlement = withSourceSyncLock(
    api.db,
    async () => {
      lockTaken();
      await held;
    },
    MEMORY_LOCK_MS,
    MEMORY_WRITE_LOCK,
  );
  await taken;
  return { settlement, release };
}

describe("a memory import", () => {
  it("refuses a file that is not UTF-8 with the line of the first bad byte, and writes nothing", async () => {
    const content = new Uint8Array([
      ...utf8(`${HEADER}\nmem_ddr5_16gb,5.5,2026-03-09,acme,Source: Zürich\n`),
      ...utf8("mem_ddr5_16gb,5.6,2026-03-10,acme,Source: Montr"),
      0xe9, // é in Latin-1
      ...utf8("al\n"),
    ]);
    const outcome = await importMemoryFile(api.db, { path: "mixed.csv", content, now: NOW });
    expect(outcome).toEqual({
      kind: "invalid",
      format: "csv",
      errors: [
        "line 3: the file is not valid UTF-8 (byte 0xe9 at offset 135); save the file as UTF-8",
      ],
      errorCount: 1,
    });
    expect(await countMemoryObservations(api.db)).toBe(0);
  });

  it("reads a large file as a stream and writes nothing when its last line is bad", async () => {
    // 30,000 rows: several pieces read (1 MiB each) and several write batches (2,000 rows each).
    const rows = 30_000;
    const lines = [HEADER];
    for (let i = 0; i < rows; i++) {
      const type = MEMORY_TYPE_IDS[i % MEMORY_TYPE_IDS.length] ?? "";
      const hour = Math.floor(i / MEMORY_TYPE_IDS.length);
      const at = new Date(Date.parse("2026-03-01T00:00:00Z") - hour * 3_600_000).toISOString();
      lines.push(`${type},2.5,${at},bulk,"Bulk feed, row ${i}"`);
    }
    lines.push(`${MEMORY_TYPE_IDS[0]},2.5,2026-03-01T00:00:00Z,bulk,`); // repeats line 2's key
    const path = join(tempDirForFile("tpi-memory-large-"), "large.csv");
    writeFileSync(path, `${lines.join("\n")}\n`);
    const outcome = await importMemoryFile(api.db, { path, now: NOW });
    expect(outcome).toEqual({
      kind: "invalid",
      format: "csv",
      errors: [
        `line ${rows + 2}: repeats the type, observedAt and source of line 2: one price per type, instant and source`,
      ],
      errorCount: 1,
    });
    expect(await countMemoryObservations(api.db)).toBe(0);
  });

  it("writes nothing when its rows stop part way (a file found bad while it is written)", async () => {
    const row = (hour: number): MemoryImportRow => ({
      line: hour + 2,
      typeId: "mem_ddr5_16gb",
      price: 2.5,
      observedAt: new Date(Date.parse("2026-03-01T00:00:00Z") - hour * 3_600_000),
      source: "bulk",
      sourceUpdatedAt: null,
      url: null,
      licence: null,
      citation: null,
    });
    async function* batches() {
      for (let batch = 0; batch < 3; batch++)
        yield Array.from({ length: 2_000 }, (_, i) => row(batch * 2_000 + i));
      throw new Error("the file changed while it was imported");
    }
    await expect(importMemoryObservations(api.db, batches(), NOW, "test")).rejects.toThrow(
      "the file changed while it was imported",
    );
    expect(await countMemoryObservations(api.db)).toBe(0);
  });

  it("closes the run a killed import left running, and says so", async () => {
    // What an import killed with -9 leaves: its sync-log row `running`, and nothing written.
    const dead = await startSourceSync(api.db, {
      source: MEMORY_IMPORT_LOG_SOURCE,
      trigger: "manual",
      firstDay: "2026-03-09",
      lastDay: "2026-03-09",
      startedAt: new Date("2026-03-11T11:00:00.000Z"),
    });
    const outcome = await importMemoryFile(api.db, {
      path: "after-kill.csv",
      content: utf8(`${HEADER}\nmem_ddr5_16gb,5.5,2026-03-09,acme,\n`),
      now: NOW,
    });
    expect(outcome).toMatchObject({ kind: "imported", closedInterrupted: [dead] });
    const rows = await api.db.sourceSync.findMany({
      where: { source: MEMORY_IMPORT_LOG_SOURCE },
      orderBy: { id: "asc" },
      select: { id: true, outcome: true },
    });
    expect(rows).toEqual([
      { id: dead, outcome: "interrupted" },
      { id: expect.any(Number) as number, outcome: "ok" },
    ]);
  });

  it("waits its turn while the settlement holds the memory lock, saying so, then imports", async () => {
    const { settlement, release } = await holdMemoryLock();
    const waits: string[] = [];
    const importing = importMemoryFile(api.db, {
      path: "queued.csv",
      content: utf8(`${HEADER}\nmem_slc_1gb,1.25,2026-03-10,acme,\n`),
      now: NOW,
      onWait: (message) => {
        waits.push(message);
        release();
      },
    });
    expect(await settlement).toEqual({ locked: true, result: undefined });
    expect(await importing).toMatchObject({ kind: "imported" });
    expect(waits).toEqual([
      "waiting for the memory settlement or another import to finish (0 s so far, at most 300 s)",
    ]);
  });

  it("gives up after its longest wait, writing nothing", async () => {
    const { settlement, release } = await holdMemoryLock();
    const before = await countMemoryObservations(api.db);
    const outcome = await importMemoryFile(api.db, {
      path: "late.csv",
      content: utf8(`${HEADER}\nmem_slc_2gb,1.5,2026-03-10,acme,\n`),
      now: NOW,
      maxWaitMs: 0,
    });
    release();
    await settlement;
    expect(outcome).toMatchObject({ kind: "busy" });
    expect(await countMemoryObservations(api.db)).toBe(before);
  });
});
