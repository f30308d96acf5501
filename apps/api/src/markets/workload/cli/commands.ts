import { parseArgs } from "node:util";
import {
  ConfigurationError,
  reloadAsServed,
  withRuntime,
  withSubcommands,
} from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import { syncSessionCost } from "../jobs/session-cost-sync";
import { workloadSettingsFrom } from "../jobs/settings";
import { WORKLOAD } from "../read-model/state";

/** Help lines of the Workload Cost commands. */
export const WORKLOAD_USAGE = `  workload sync [--allow-shrink]       fetch OpenRouter's current session-cost week (needs OPENROUTER_API_KEY), store it
                                       whole, and say what the Workload Cost index now publishes; a refreshed week that
                                       drops more than a fifth of the stored week's cells is refused unless --allow-shrink`;

/** Operator commands of the Workload Cost index. */
export const workloadCommands: Record<string, Command> = withSubcommands("workload", {
  async sync(args, context) {
    const { values } = parseArgs({
      args,
      options: { "allow-shrink": { type: "boolean", default: false } },
      strict: true,
    });
    const settings = workloadSettingsFrom(context.env);
    if (settings.openRouter === undefined)
      throw new ConfigurationError(
        "OPENROUTER_API_KEY is not set: create a key at https://openrouter.ai/settings/keys (any OpenRouter key reads the Data API) and set OPENROUTER_API_KEY",
      );
    const openRouter = settings.openRouter;
    await withRuntime(context, async (runtime) => {
      const report = await syncSessionCost(runtime.database.db, openRouter, {
        trigger: "manual",
        now: runtime.clock(),
        allowShrink: values["allow-shrink"] === true,
      });
      if (!report.ran) {
        console.log(`session-cost sync skipped: ${report.reason}`);
        return;
      }
      console.log(report.message);
      const index = WORKLOAD.of(runtime).index;
      await reloadAsServed(index, runtime);
      const latest = index.weeks.at(-1);
      console.log(
        latest === undefined
          ? "the Workload Cost index has no week yet"
          : `the Workload Cost index now publishes ${index.describe()}, the latest ending ${latest.window.windowEndDate} with ${latest.cells.length} priced cell(s) (excluded: ${Object.entries(
              latest.excluded,
            )
              .map(([reason, count]) => `${count} ${reason}`)
              .join(", ")})`,
      );
      // The CLI exits with the command's outcome: a thrown error is exit status 1.
      if (report.outcome !== "ok") throw new Error("the session-cost sync failed; see above");
    });
  },
});
