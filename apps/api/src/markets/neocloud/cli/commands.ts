import { parseArgs } from "node:util";
import { NEOCLOUD_SYNC_SOURCE } from "@tpi/domain";
import { readNeocloudDatasets } from "@tpi/db";
import { describeRun, recentRunLines } from "../../../platform/jobs/source-sync";
import { withRuntime, withSubcommands } from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import { importSites } from "../jobs/epoch-import";
import { neocloudSettingsFrom, type NeocloudEnv } from "../jobs/settings";
import { countServedSites, describeStoredSites } from "../read-model/published-sites";

/** Help lines of the Neo-Cloud Sites commands. */
export const NEOCLOUD_USAGE = `  neocloud import [--gpu-clusters URL|FILE] [--data-centers URL|FILE] [--timelines URL|FILE] [--allow-shrink]
                                       import Epoch AI's GPU Clusters and Frontier Data Centers files (default: the
                                       NEOCLOUD_*_URL variables), all validated before one transaction writes the
                                       changed sites; says what it inserted, updated, removed and left unchanged;
                                       refuses to remove more than a fifth of a dataset unless --allow-shrink
  neocloud status                      the imported datasets, what the api serves and the recent import runs`;

/** Operator commands of the Neo-Cloud Sites market: `neocloud import` and `neocloud status`. */
export const neocloudCommands: Record<string, Command> = withSubcommands("neocloud", {
  async import(args, context) {
    const { values } = parseArgs({
      args,
      options: {
        "gpu-clusters": { type: "string" },
        "data-centers": { type: "string" },
        timelines: { type: "string" },
        "allow-shrink": { type: "boolean" },
      },
      strict: true,
    });
    const settings = neocloudSettingsFrom(context.env as unknown as NeocloudEnv);
    const files = {
      gpuClusters: values["gpu-clusters"] ?? settings.files.gpuClusters,
      dataCenters: values["data-centers"] ?? settings.files.dataCenters,
      timelines: values.timelines ?? settings.files.timelines,
    };
    await withRuntime(context, async (runtime) => {
      console.log(`reading ${files.gpuClusters}, ${files.dataCenters} and ${files.timelines}`);
      const report = await importSites(runtime.database.db, files, {
        trigger: "manual",
        now: runtime.clock(),
        fetchTimeoutMs: settings.fetchTimeoutMs,
        allowShrink: values["allow-shrink"] === true,
      });
      console.log(describeRun(report, "import"));
      console.log(
        `served now: ${await describeStoredSites(runtime.database.db, runtime.env.SEED_SAMPLE_ON_EMPTY)}`,
      );
      // A failed import is a failed command (exit 1), after saying what is served.
      if (report.ran && report.outcome !== "ok")
        throw new Error("the import failed; the stored sites are unchanged");
    });
  },

  // Counted in the database rather than loaded as the api serves them (statusCommand's reload):
  // 100,000 sites loaded take ~700 MB.
  async status(args, context) {
    parseArgs({ args, options: {}, strict: true });
    const settings = neocloudSettingsFrom(context.env as unknown as NeocloudEnv);
    await withRuntime(context, async (runtime) => {
      const db = runtime.database.db;
      const [datasets, served, runs] = await Promise.all([
        readNeocloudDatasets(db),
        countServedSites(db, runtime.env.SEED_SAMPLE_ON_EMPTY),
        recentRunLines(db, NEOCLOUD_SYNC_SOURCE, "import"),
      ]);
      const lines = [
        `Epoch AI import: ${settings.syncEnabled ? `on, daily after ${settings.syncHourUtc}:00 UTC` : "off (NEOCLOUD_SYNC_ENABLED is false)"}; files ${settings.files.gpuClusters}, ${settings.files.dataCenters}, ${settings.files.timelines}`,
        ...datasets.map(
          (imported) =>
            `${imported.dataset}: ${imported.records} record(s), retrieved ${imported.retrievedAt.toISOString()} from ${imported.sourceUrls.join(", ")}`,
        ),
        ...(datasets.length === 0 ? ["nothing imported yet"] : []),
        `served now: ${served.description} (${served.neocloud} neo-cloud)`,
        ...runs,
      ];
      for (const line of lines) console.log(line);
    });
  },
});
