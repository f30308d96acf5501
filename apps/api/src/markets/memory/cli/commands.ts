import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { MEMORY_SOURCE_PATTERN } from "@tpi/domain";
import {
  UsageError,
  reloadAsServed,
  withRuntime,
  withSubcommands,
} from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import { describeImport, importMemoryFile } from "../jobs/import";
import { describeSettlement, settleMemoryLocked } from "../jobs/settlement";
import { MEMORY } from "../read-model/state";

/** Help lines of the Memory commands. */
export const MEMORY_USAGE = `  memory import --file <path> [--source <name>]
                                       import memory price observations, CSV (header row) or JSON (array of objects);
                                       fields: type (frozen id or exact name), price (USD > 0), observedAt (ISO 8601
                                       with an offset), source (per row, or --source for all), optional
                                       sourceUpdatedAt, url, licence, citation; all rows checked first, one
                                       transaction, re-import writes nothing; says rows read, inserted, updated,
                                       unchanged and days settled or re-settled (each re-settled day is a revision)
  memory settle                        settle every trading day whose 4 PM New York has passed (the scheduler does
                                       this every minute) and say what changed`;

async function importCommand(args: string[], context: Parameters<Command>[1]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { file: { type: "string" }, source: { type: "string" } },
    strict: true,
  });
  if (values.file === undefined) throw new UsageError("memory import needs --file <path>");
  if (values.source !== undefined && !MEMORY_SOURCE_PATTERN.test(values.source))
    throw new UsageError(
      `--source must be letters, digits, '.', '_' or '-' (up to 64 characters); got '${values.source}'`,
    );
  const path = values.file;
  const text = await readFile(path, "utf8");
  await withRuntime(context, async (runtime) => {
    const outcome = await importMemoryFile(runtime.database.db, {
      path,
      text,
      ...(values.source === undefined ? {} : { defaultSource: values.source }),
      now: runtime.clock(),
    });
    // A refusal is an error (exit status 1), its rows listed in the message.
    if (outcome.kind === "invalid")
      throw new Error(
        [
          `import refused ${path}: ${outcome.errorCount} error(s), nothing written${outcome.errorCount > outcome.errors.length ? ` (the first ${outcome.errors.length} listed)` : ""}:`,
          ...outcome.errors.map((line) => `  ${line}`),
        ].join("\n"),
      );
    if (outcome.kind === "busy")
      throw new Error(
        "import skipped: another import or settlement is writing memory data; nothing written, run it again",
      );
    const { report } = outcome;
    console.log(`memory import of ${path} (${outcome.format}): ${describeImport(report)}`);
    for (const update of report.priceUpdates.slice(0, 20))
      console.log(
        `  updated line ${update.line}: ${update.typeId} at ${update.observedAt.toISOString()} from ${update.source}: ${update.oldPrice} -> ${update.newPrice} USD`,
      );
    for (const revision of report.settlement.revisions.slice(0, 20))
      console.log(
        `  revision: ${revision.typeId} on ${revision.day}: ${revision.oldPrice ?? "no value"} -> ${revision.newPrice ?? "no value"} USD`,
      );
    const index = MEMORY.of(runtime).index;
    await reloadAsServed(index, runtime);
    console.log(`the Memory index now serves ${index.describe()}`);
  });
}

/** Operator commands of the Memory index. */
export const memoryCommands: Record<string, Command> = withSubcommands("memory", {
  import: importCommand,
  async settle(args, context) {
    parseArgs({ args, options: {}, strict: true });
    await withRuntime(context, async (runtime) => {
      const report = await settleMemoryLocked(runtime.database.db, runtime.clock());
      if (report === undefined)
        throw new Error("settle skipped: an import or settlement is writing memory data");
      console.log(`memory ${describeSettlement(report)}`);
    });
  },
});
