import { existsSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { readObservationFile } from "../sources/observation-file";
import {
  RECORD_FILE_FORMATS,
  RecordFileError,
  formatOfPath,
  type RecordFileFormat,
} from "../../../platform/ingest/record-file";
import { createProgress } from "../../../platform/observability/progress";
import { importObservations, type ImportReport } from "../jobs/observation-import";
import { addDays, utcDayOf } from "@tpi/domain";
import { clockFrom } from "../../../platform/runtime/env";
import { openRouterConfigFrom } from "../../../platform/ingest/openrouter-config";
import { tokenEnvOf } from "../jobs/settings";
import { OpenRouterDataApiError } from "../../../platform/ingest/openrouter-data-api";
import { rankingsRangeProblem } from "../sources/openrouter";
import {
  daysFailed,
  describeOpenRouterSync,
  describeSyncedDay,
  syncOpenRouter,
} from "../jobs/openrouter-sync";
import {
  ConfigurationError,
  UsageError,
  dayOption,
  withRuntime,
} from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";

/** Help lines of the data-in commands. */
export const INGEST_USAGE = `  import FILE [--format csv|jsonl] [--skip-invalid]
                                       import observations from a CSV or JSON Lines file (atomic)
  openrouter sync [--date D | --from D [--to D]] [--backfill-from D] [--allow-shrink]
                                       fetch OpenRouter's daily rankings and model prices (default:
                                       yesterday, UTC) and store them; --backfill-from D also syncs
                                       from D, pricing days with a later snapshot (back-filled); a day
                                       whose answer drops more than a fifth of its stored models is
                                       not written unless --allow-shrink`;

/** Operator commands that bring market data in: file import and the OpenRouter connector. */
export const ingestCommands: Record<string, Command> = {
  async import(args, context) {
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
    await withRuntime(context, async (runtime) => {
      const progress = createProgress(`importing ${basename(path)} (bytes)`);
      let report: ImportReport;
      try {
        report = await importObservations(
          runtime.database.url,
          () =>
            readObservationFile(path, format as RecordFileFormat, runtime.clock(), (done, total) =>
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

  async openrouter(args, context) {
    const { env } = context;
    const [subcommand, ...rest] = args;
    if (subcommand !== "sync")
      throw new UsageError(`unknown openrouter subcommand '${subcommand ?? ""}'`);
    const { values, positionals } = parseArgs({
      args: rest,
      options: {
        date: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        "backfill-from": { type: "string" },
        "allow-shrink": { type: "boolean", default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0)
      throw new UsageError(`openrouter sync takes no arguments; got '${positionals.join(" ")}'`);
    const config = openRouterConfigFrom(tokenEnvOf(env));
    if (config === undefined)
      throw new ConfigurationError(
        "OPENROUTER_API_KEY is not set: create a key at https://openrouter.ai/settings/keys (any OpenRouter key reads the Data API) and set OPENROUTER_API_KEY",
      );
    const now = clockFrom(env)();
    const range = openRouterSyncRange(values, now);
    const problem = rankingsRangeProblem(range.from, range.to, now);
    if (problem !== null) throw new UsageError(`cannot sync: ${problem}`);

    await withRuntime(context, async (runtime) => {
      const progress = createProgress("OpenRouter days");
      let report;
      try {
        report = await syncOpenRouter(runtime.database.db, config, {
          ...range,
          trigger: "manual",
          now,
          allowShrink: values["allow-shrink"] === true,
          onProgress: (done, total) => progress.update(done, total),
        });
      } catch (error) {
        if (error instanceof OpenRouterDataApiError && error.problem === "range")
          throw new UsageError(error.message);
        throw error;
      }
      progress.finish(report.ran ? `${report.days.length} day(s) done` : "skipped");
      if (report.ran) for (const day of report.days) console.log(describeSyncedDay(day));
      console.log(describeOpenRouterSync(report));
      if (!report.ran) throw new Error(report.reason);
      if (daysFailed(report) > 0)
        throw new Error(`${daysFailed(report)} day(s) not written (reasons above)`);
    });
  },
};

/**
 * The days `openrouter sync` was asked for: --date D; --from D [--to D]; --backfill-from D alone
 * (from D); default yesterday (UTC). --backfill-from allows back-filled prices from that day on.
 */
function openRouterSyncRange(
  values: { date?: string; from?: string; to?: string; "backfill-from"?: string },
  now: Date,
): { from: string; to: string; backfillFrom: string | null } {
  const yesterday = addDays(utcDayOf(now), -1);
  const backfillFrom =
    values["backfill-from"] === undefined
      ? null
      : dayOption("backfill-from", values["backfill-from"]);
  if (values.date !== undefined) {
    if (values.from !== undefined || values.to !== undefined)
      throw new UsageError("give either --date or --from/--to, not both");
    const day = dayOption("date", values.date);
    return { from: day, to: day, backfillFrom };
  }
  if (values.to !== undefined && values.from === undefined)
    throw new UsageError("--to needs --from");
  const from =
    values.from !== undefined ? dayOption("from", values.from) : (backfillFrom ?? yesterday);
  const to = values.to !== undefined ? dayOption("to", values.to) : yesterday;
  return { from, to, backfillFrom };
}

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
