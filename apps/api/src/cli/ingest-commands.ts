import { existsSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { readObservationFile } from "../ingest/observation-file";
import {
  RECORD_FILE_FORMATS,
  RecordFileError,
  formatOfPath,
  type RecordFileFormat,
} from "../ingest/record-file";
import { createProgress } from "../progress";
import { importObservations, type ImportReport } from "../jobs/observation-import";
import { openRouterConfigFrom } from "../env";
import {
  describeOpenRouterSync,
  openRouterDayToSync,
  syncOpenRouterDay,
} from "../jobs/openrouter-sync";
import { UsageError, dayOption, withRuntime, type Command } from "./command";

/** Help lines of the data-in commands. */
export const INGEST_USAGE = `  import FILE [--format csv|jsonl] [--skip-invalid]
                                       import observations from a CSV or JSON Lines file (atomic)
  openrouter sync [--date YYYY-MM-DD]  fetch prices and daily volumes from OpenRouter and store them`;

/** Operator commands that bring market data in: file import and the OpenRouter connector. */
export const ingestCommands: Record<string, Command> = {
  async import(args, env, log) {
    const { values, positionals } = parseArgs({
      args,
      options: { format: { type: "string" }, "skip-invalid": { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [path, ...extra] = positionals;
    if (path === undefined || extra.length > 0)
      throw new UsageError("import takes exactly one file path");
    if (!existsSync(path)) throw new Error(`no such file: ${path}`);
    const format = values.format ?? formatOfPath(path);
    if (!RECORD_FILE_FORMATS.includes(format as RecordFileFormat)) {
      throw new UsageError(
        `cannot tell the format of '${path}': pass --format ${RECORD_FILE_FORMATS.join("|")}`,
      );
    }
    await withRuntime(env, log, async (runtime) => {
      const progress = createProgress(`importing ${basename(path)} (bytes)`);
      let report: ImportReport;
      try {
        report = await importObservations(
          runtime.database.url,
          () =>
            readObservationFile(path, format as RecordFileFormat, (done, total) =>
              progress.update(done, total),
            ),
          { skipInvalid: values["skip-invalid"] === true },
        );
      } catch (error) {
        if (error instanceof RecordFileError)
          throw new Error(`${path}: ${error.message}; nothing was imported`);
        throw error;
      }
      progress.finish(`${report.rowsRead.toLocaleString("en-US")} rows read`);
      printImportReport(report, path);
      if (!report.written)
        throw new Error(
          `${report.invalidRows} invalid row(s); nothing was imported (use --skip-invalid to import the valid rows)`,
        );
    });
  },

  async openrouter(args, env, log) {
    const [subcommand, ...rest] = args;
    if (subcommand !== "sync")
      throw new UsageError(`unknown openrouter subcommand '${subcommand ?? ""}'`);
    const { values } = parseArgs({
      args: rest,
      options: { date: { type: "string" } },
      strict: true,
    });
    await withRuntime(env, log, async (runtime) => {
      const date =
        values.date === undefined
          ? openRouterDayToSync(runtime.clock())
          : dayOption("date", values.date);
      const report = await syncOpenRouterDay(runtime.database.url, openRouterConfigFrom(env), date);
      console.log(describeOpenRouterSync(report));
      printImportReport(report.import, `OpenRouter ${date}`);
    });
  },
};

export function printImportReport(report: ImportReport, what: string): void {
  if (report.invalidRows > 0) {
    console.log(
      `${report.invalidRows.toLocaleString("en-US")} invalid row(s) in ${what}${report.invalidRows > report.issues.length ? `; the first ${report.issues.length}` : ""}:`,
    );
    for (const issue of report.issues) console.log(`  line ${issue.line}: ${issue.reason}`);
  }
  const counts = report.counts;
  if (!counts) return;
  console.log(
    `imported ${what}: ${counts.inserted.toLocaleString("en-US")} new, ${counts.updated.toLocaleString("en-US")} updated, ${counts.unchanged.toLocaleString("en-US")} unchanged${report.invalidRows > 0 ? `, ${report.invalidRows.toLocaleString("en-US")} skipped as invalid` : ""}`,
  );
  if (counts.onSettledDays > 0) {
    console.log(
      `${counts.onSettledDays.toLocaleString("en-US")} stored row(s) fall on already settled days (${counts.settledDaysTouched.join(", ")}); published values are unchanged until restated with 'pnpm tpi restate'`,
    );
  }
}
