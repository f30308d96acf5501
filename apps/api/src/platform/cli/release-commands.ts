import { createProgress } from "../observability/progress";
import { parseArgs } from "node:util";
import { oldestKeptReleaseDay } from "@tpi/domain";
import type { Command, CommandContext, CommandModule } from "../core/command";
import {
  cutDueRelease,
  pruneOldReleases,
  skippedDatasetText,
  releaseCacheDirOf,
  releaseList,
  type ReleaseContext,
} from "../release-api/releases";
import { RELEASE_LIST_LIMIT } from "../release-api/routes";
import { refreshPublications, type Runtime } from "../runtime/runtime";
import { UsageError, withRuntime } from "./command";

/**
 * Operator commands on the daily releases: the same cut and retention the api's release job
 * runs (one instance cuts at a time, whoever runs it), each printing what it did.
 */

export const RELEASE_USAGE = `  releases list [--limit N]            the releases kept, newest first: number, day, cut time, files
  releases cut                         cut the due day's release now if it is missing (yesterday once
                                       RELEASE_CUT_DELAY_MINUTES past midnight UTC)
  releases prune                       remove releases older than RELEASE_RETENTION_DAYS (never the
                                       latest) and the vintage rows only they read`;

/** The releases' context in a command: the jobs' pool, the markets' published state. */
async function contextOf(runtime: Runtime): Promise<ReleaseContext> {
  await refreshPublications(runtime);
  return {
    db: runtime.database.db,
    marketList: runtime.marketList,
    markets: runtime.markets,
    clock: runtime.clock,
    cacheDir: releaseCacheDirOf(runtime.env.TPI_DATA_DIR),
    publicUrl: runtime.env.TPI_PUBLIC_SITE_URL,
    progress: (label) => createProgress(label),
  };
}

const subcommands: Record<string, Command> = {
  async list(args, context: CommandContext) {
    const { values } = parseArgs({ args, options: { limit: { type: "string" } }, strict: true });
    const limit = values.limit === undefined ? RELEASE_LIST_LIMIT.default : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > RELEASE_LIST_LIMIT.max)
      throw new UsageError(`--limit must be a whole number from 1 to ${RELEASE_LIST_LIMIT.max}`);
    await withRuntime(context, async (runtime) => {
      const releases = await releaseList(runtime.database.db, { limit });
      for (const release of releases)
        console.log(
          `release ${release.release}  ${release.day}  cut ${release.cutAt}  ${release.files} file(s)`,
        );
      console.log(`${releases.length} release(s) listed`);
    });
  },

  async cut(args, context) {
    parseArgs({ args, options: {}, strict: true });
    await withRuntime(context, async (runtime) => {
      const outcome = await cutDueRelease(
        await contextOf(runtime),
        runtime.env.RELEASE_CUT_DELAY_MINUTES,
      );
      console.log(
        outcome.cut
          ? `cut release ${outcome.release} (${outcome.day}): ${outcome.opened} row(s) new or restated, ${outcome.closed} closed, ${outcome.files} file(s)`
          : outcome.reason === "exists"
            ? `nothing to cut: the latest release is of ${outcome.latestDay}`
            : "nothing to cut: no market states a dataset",
      );
      if (outcome.cut) for (const bad of outcome.skipped) console.error(skippedDatasetText(bad));
    });
  },

  async prune(args, context) {
    parseArgs({ args, options: {}, strict: true });
    await withRuntime(context, async (runtime) => {
      const days = runtime.env.RELEASE_RETENTION_DAYS;
      const outcome = await pruneOldReleases(await contextOf(runtime), days);
      const oldest = oldestKeptReleaseDay(runtime.clock(), days);
      console.log(
        outcome.releases.length === 0
          ? `no release before ${oldest} to remove (RELEASE_RETENTION_DAYS ${days})`
          : `removed release(s) ${outcome.releases.join(", ")} (before ${oldest}) and ${outcome.vintageRows} vintage row(s) no kept release reads`,
      );
    });
  },
};

export const RELEASE_COMMANDS: CommandModule = {
  usage: RELEASE_USAGE,
  commands: {
    async releases(args, context) {
      const [subcommand = "", ...rest] = args;
      const command = Object.hasOwn(subcommands, subcommand) ? subcommands[subcommand] : undefined;
      if (command === undefined)
        throw new UsageError(
          `releases takes ${Object.keys(subcommands).join(", ")}; got '${subcommand}'`,
        );
      await command(rest, context);
    },
  },
};
