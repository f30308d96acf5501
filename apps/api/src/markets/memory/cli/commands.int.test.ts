import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { countMemoryObservations } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { runCliAsync } from "../../../testing/cli";
import { closedAfterFile, tempDirForFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";

/**
 * `pnpm tpi memory import` and `memory settle`: what the commands say they did, a refused file
 * writing nothing with its line and field named, and a second import of the same file writing
 * nothing and saying so.
 */

const NOW = new Date("2026-03-11T12:00:00.000Z");
const api = closedAfterFile(await startTestApi({ now: NOW }));
const dir = tempDirForFile("tpi-memory-");

const run = (args: string[]) =>
  runCliAsync(args, { databaseUrl: api.databaseUrl, now: NOW, env: { LOG_LEVEL: "error" } });

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Each run starts the CLI in a process of its own (several seconds each on a loaded machine).
describe("pnpm tpi memory", { timeout: 90_000 }, () => {
  it("imports a file, says what it did, and writes nothing the second time", async () => {
    const path = file(
      "prices.csv",
      [
        "type,price,observedAt",
        "mem_ddr5_16gb,5.5,2026-03-09T15:00:00Z",
        "mem_ddr5_16gb,6.5,2026-03-10T15:00:00Z",
        "mem_slc_1gb,1.25,2026-03-10T15:00:00Z",
      ].join("\n"),
    );
    const first = await run(["memory", "import", "--file", path, "--source", "acme"]);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(
      "3 row(s) read: 3 inserted, 0 updated, 0 unchanged; settled through 2026-03-10: 3 new type-day(s), 0 re-settled with a revision; 3 value event(s)",
    );
    expect(first.stdout).toContain("the Memory index now serves 3 memory type-day(s)");

    const again = await run(["memory", "import", "--file", path, "--source", "acme"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(
      "3 row(s) read: 0 inserted, 0 updated, 3 unchanged (nothing written: every row was already stored as given); settled through 2026-03-10: 0 new type-day(s), 0 re-settled",
    );
  });

  it("reports an update of a stored price and the revision of its settled day", async () => {
    const changed = file(
      "changed.csv",
      ["type,price,observedAt,source", "mem_ddr5_16gb,5.7,2026-03-09T15:00:00Z,acme"].join("\n"),
    );
    const update = await run(["memory", "import", "--file", changed]);
    expect(update.stdout).toContain("1 updated");
    expect(update.stdout).toContain(
      "updated line 2: mem_ddr5_16gb at 2026-03-09T15:00:00.000Z from acme: 5.5 -> 5.7 USD",
    );
    expect(update.stdout).toContain("revision: mem_ddr5_16gb on 2026-03-09: 5.5 -> 5.7 USD");
  });

  it("refuses a file with a bad row, naming line and field, and writes nothing", async () => {
    const before = await countMemoryObservations(api.db);
    const path = file(
      "bad.csv",
      [
        "type,price,observedAt",
        "mem_ddr4_8gb,2.1,2026-03-10T15:00:00Z",
        "mem_ddr4_8gb,abc,2026-03-10T16:00:00Z",
      ].join("\n"),
    );
    const refused = await run(["memory", "import", "--file", path]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("tpi memory: import refused");
    expect(refused.stderr).toContain("3 error(s), nothing written");
    expect(refused.stderr).toContain("line 2, field 'source': is required");
    expect(refused.stderr).toContain(
      "line 3, field 'price': must be a finite number of USD greater than 0; got 'abc'",
    );
    expect(await countMemoryObservations(api.db)).toBe(before);
  });

  it("settles on demand and says nothing changed when nothing did", async () => {
    const settle = await run(["memory", "settle"]);
    expect(settle.status).toBe(0);
    expect(settle.stdout).toContain(
      "memory settled through 2026-03-10: 0 new type-day(s), 0 re-settled with a revision, 0 withdrawn, 0 with re-derived change or weekly high/low; 0 value event(s)",
    );
  });
});
