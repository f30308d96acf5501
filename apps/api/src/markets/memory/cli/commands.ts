import { constants } from "node:fs";
import { access } from "node:fs/promises";
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
                                       fields: type (frozen id or exact name), price (USD, within its category's
                                       plausible range), observedAt (ISO 8601 with an offset, 2000 to the current
                                       session), source (per row, or --source for all), optional sourceUpdatedAt,
                                       url, licence, citation (lengths bounded); UTF-8 only; all rows checked first,
                                       one transaction, waits its turn behind the settlement; re-import writes
                                       nothing; says rows read, inserted, updated, unchanged and days settled or
                                       re-settled (each re-settled day is a revision)
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
  // Refused before the runtime starts when it cannot be read; then read as a stream by the
  // import (bytes, checked to be UTF-8), so its memory stays flat in the file's size.
  await access(path, constants.R_OK);
  await withRuntime(context, async (runtime) => {
    const outcome = await importMemoryFile(runtime.database.db, {
      path,
      ...(values.source === undefined ? {} : { defaultSource: values.source }),
      now: runtime.clock(),
      onWait: (message) => console.log(`memory import of ${path}: ${message}`),
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
        `import skipped: another import or settlement kept writing memory data for ${Math.round(outcome.waitedMs / 1000)} s; nothing written, run it again`,
      );
    const { report } = outcome;
    if (outcome.closedInterrupted.length > 0)
      console.log(
        `closed ${outcome.closedInterrupted.length} earlier import(s) left running by a process that stopped without finishing (sync log ${outcome.closedInterrupted.map((id) => `#${id}`).join(", ")}); nothing of theirs was written`,
      );
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
