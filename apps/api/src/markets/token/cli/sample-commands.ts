import { parseArgs } from "node:util";
import { UsageError, dayOption, withRuntime } from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import { jobContextOf } from "../../../platform/runtime/runtime";
import { seedTokenSample } from "../jobs/sample-seed";
import { describeSettlement, settleAndPublish } from "../jobs/lifecycle";
import { TOKEN } from "../read-model/state";

/** Help lines of the sample and settlement commands. */
export const SAMPLE_USAGE = `  seed --sample                        load the deterministic SAMPLE observations through today
  settle [--through YYYY-MM-DD]        settle every day whose settlement time has passed`;

/** The token sample and settlement on demand. */
export const sampleCommands: Record<string, Command> = {
  async seed(args, context) {
    const { values } = parseArgs({ args, options: { sample: { type: "boolean" } }, strict: true });
    if (!values.sample) throw new UsageError("seed needs --sample (the only seed source)");
    await withRuntime(context, async (runtime) => {
      const progress = jobContextOf(runtime).progress("sample days");
      const result = await seedTokenSample(runtime.database.db, {
        now: runtime.clock(),
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.finish(
        `SAMPLE data (not market data): ${result.days.toLocaleString("en-US")} days through ${result.through}; ${result.newDays.toLocaleString("en-US")} were new, ${(result.days - result.newDays).toLocaleString("en-US")} already stored (${result.inserted.toLocaleString("en-US")} observations inserted)`,
      );
    });
  },

  async settle(args, context) {
    const { values } = parseArgs({ args, options: { through: { type: "string" } }, strict: true });
    const through = values.through === undefined ? undefined : dayOption("through", values.through);
    await withRuntime(context, async (runtime) => {
      const report = await settleAndPublish(TOKEN.of(runtime), jobContextOf(runtime), { through });
      console.log(describeSettlement(report));
    });
  },
};
