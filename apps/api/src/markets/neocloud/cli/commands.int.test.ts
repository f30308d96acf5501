import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliAsync } from "../../../testing/cli";
import { neocloudFiles, neocloudImportArgs } from "../../../testing/neocloud-files";
import { closedAfterFile, tempDirForFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";

/**
 * `pnpm tpi neocloud import` and `neocloud status` as their own process, reading Epoch's three
 * files from local paths (placed with the bundled GeoNames gazetteer): what they did and what the
 * api serves, in lines an operator reads.
 */

const NOW = new Date("2026-01-15T12:00:00.000Z");
const api = closedAfterFile(await startTestApi({ now: NOW }));
const dir = tempDirForFile("tpi-neocloud-");
const paths = {
  clusters: join(dir, "gpu_clusters.csv"),
  centers: join(dir, "data_centers.csv"),
  timelines: join(dir, "data_center_timelines.csv"),
};
const files = neocloudFiles();
writeFileSync(paths.clusters, files.clusters);
writeFileSync(paths.centers, files.centers);
writeFileSync(paths.timelines, files.timelines);

const run = (args: string[]) =>
  runCliAsync(args, {
    databaseUrl: api.databaseUrl,
    now: NOW,
    env: { LOG_LEVEL: "error" },
  });

describe("pnpm tpi neocloud", () => {
  it("refuses a subcommand it does not have, naming the two it has", async () => {
    const result = await run(["neocloud", "sync"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("neocloud takes 'import' or 'status'; got 'sync'");
  });

  it("says the sample is served before anything is imported", async () => {
    const result = await run(["neocloud", "status"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("nothing imported yet");
    expect(result.stdout).toMatch(/served now: \d+ sample neocloud site\(s\)/);
  });

  // Three processes, each compiling the CLI and the first two reading the 20 MB gazetteer.
  it(
    "imports the files, says what it wrote, then that a second import wrote nothing",
    { timeout: 120_000 },
    async () => {
      const args = neocloudImportArgs(paths);
      const first = await run(args);
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain(
        "gpu-clusters: 6 inserted, 0 updated, 0 removed, 0 unchanged; data-centers: 2 inserted, 0 updated, 0 removed, 0 unchanged",
      );
      expect(first.stdout).toContain("served now: 8 neocloud site(s)");
      const second = await run(args);
      expect(second.stdout).toContain(
        "gpu-clusters: 0 inserted, 0 updated, 0 removed, 6 unchanged; data-centers: 0 inserted, 0 updated, 0 removed, 2 unchanged",
      );
      // The gazetteer placed Abilene, TX at its GeoNames coordinates (city precision).
      const abilene = await api.db.neocloudSite.findUnique({
        where: { id: "gpu-clusters:Lambda Abilene Phase 1" },
      });
      const site = abilene?.site as {
        latitude: number;
        longitude: number;
        coordinatePrecision: string;
      };
      expect(site.coordinatePrecision).toBe("city");
      expect(site.latitude).toBeCloseTo(32.45, 1);
      expect(site.longitude).toBeCloseTo(-99.73, 1);

      const status = await run(["neocloud", "status"]);
      expect(status.stdout).toContain(
        `gpu-clusters: 6 record(s), retrieved ${NOW.toISOString()} from ${paths.clusters}`,
      );
      expect(status.stdout).toContain("served now: 8 neocloud site(s) (6 neo-cloud)");
      expect(status.stdout).toMatch(/import #\d+ manual .* ok: Epoch AI neocloud import/);
    },
  );

  it("fails on a missing file, writing nothing, with a non-zero exit", async () => {
    const result = await run([
      "neocloud",
      "import",
      "--gpu-clusters",
      join(dir, "missing.csv"),
      "--data-centers",
      paths.centers,
      "--timelines",
      paths.timelines,
    ]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("failed, nothing written");
    expect(result.stdout).toContain("missing.csv: cannot be read");
    expect(result.stderr).toContain(
      "tpi neocloud: the import failed; the stored sites are unchanged",
    );
    expect(await api.db.neocloudSite.count()).toBe(8);
  });
});
