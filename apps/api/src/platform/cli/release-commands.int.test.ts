import { cutRelease } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../testing/cli";
import { startTestApi, type TestApi } from "../../testing/test-api";

/**
 * `pnpm tpi releases list | cut | prune` as its own process, on releases the test cut through
 * the repository: each says what it did.
 */
const NOW = new Date("2026-11-26T06:00:00.000Z");

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  for (const day of ["2026-11-24", "2026-11-25"])
    await cutRelease(api.db, {
      day,
      cutAt: new Date(`${day}T23:00:00.000Z`),
      datasets: () => [],
      manifest: () => ({}),
      files: async () => [],
    });
});
afterAll(async () => api.close());

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(["releases", ...args], { databaseUrl: api.databaseUrl, now: NOW, env });

describe("tpi releases", () => {
  it("lists the releases kept, newest first", () => {
    const run = cli(["list"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split("\n").filter(Boolean)).toEqual([
      "release 2  2026-11-25  cut 2026-11-25T23:00:00.000Z  0 file(s)",
      "release 1  2026-11-24  cut 2026-11-24T23:00:00.000Z  0 file(s)",
      "2 release(s) listed",
    ]);
  });

  it("cuts nothing when the due day's release exists (or no market states a dataset)", () => {
    const run = cli(["cut"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^nothing to cut: /);
  });

  it("prunes what retention no longer keeps, and says so", () => {
    const run = cli(["prune"], { RELEASE_RETENTION_DAYS: "1" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(
      "removed release(s) 1 (before 2026-11-25) and 0 vintage row(s) no kept release reads",
    );
    const again = cli(["prune"], { RELEASE_RETENTION_DAYS: "1" });
    expect(again.stdout.trim()).toBe(
      "no release before 2026-11-25 to remove (RELEASE_RETENTION_DAYS 1)",
    );
  });

  it("refuses an unknown subcommand by naming the ones it takes", () => {
    const run = cli(["bogus"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("releases takes list, cut, prune; got 'bogus'");
  });
});
