import { parseArgs } from "node:util";
import { parseLab } from "@tpi/domain";
import { restateLabDay } from "../jobs/restatement";
import { TOKEN } from "../read-model/state";
import { UsageError, dayOption, withRuntime } from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";

const describeValue = (value: number | null, suppression: string | null): string =>
  value === null ? `no value (${suppression ?? "unknown"})` : `${value} USD/Mtok`;

/** Help lines of `restate`. */
export const RESTATEMENT_USAGE = `  restate --date D --lab L --reason TEXT [--force]
                                       recompute a settled lab-day from stored observations (logged)`;

/** `restate`: the only way a published value changes. */
export const restatementCommands: Record<string, Command> = {
  async restate(args, context) {
    const { values } = parseArgs({
      args,
      options: {
        date: { type: "string" },
        lab: { type: "string" },
        reason: { type: "string" },
        force: { type: "boolean", default: false },
      },
      strict: true,
    });
    const date = dayOption("date", values.date);
    const lab = parseLab(values.lab ?? "");
    if (!lab.ok) throw new UsageError(lab.error.message);
    if (values.reason === undefined)
      throw new UsageError("--reason is required: every restatement is logged with why");
    await withRuntime(context, async (runtime) => {
      const result = await restateLabDay(
        runtime.database.db,
        TOKEN.of(runtime).rules,
        { date, lab: lab.value, reason: values.reason ?? "", force: values.force === true },
        runtime.clock(),
      );
      if (!result.ok) throw new Error(result.error.message);
      const r = result.value;
      console.log(
        `restated ${r.date} ${r.lab}: ${describeValue(r.oldIndexPerMtok, r.oldSuppressionReason)} -> ${describeValue(r.newIndexPerMtok, r.newSuppressionReason)}` +
          `${r.changePercent === null ? "" : ` (${r.changePercent.toFixed(4)}%)`}${r.forced ? " [forced]" : ""}; revision ${r.id} logged at ${r.restatedAt.toISOString()}`,
      );
    });
  },
};
