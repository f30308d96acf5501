import { readFile } from "node:fs/promises";
import { GPU_SAMPLE_MONTHS } from "@tpi/db";
import { parseArgs } from "node:util";
import { createProgress } from "../../../platform/observability/progress";
import { jobContextOf } from "../../../platform/runtime/runtime";
import { describeGpuSettlement, settleGpuAndPublish } from "../jobs/lifecycle";
import { GPU } from "../read-model/state";
import { seedGpuSample } from "../jobs/sample-seed";
import { MAX_REPORTED_RECORD_ERRORS } from "@tpi/domain";
import { formatOfPath, type RecordFileFormat } from "../../../platform/ingest/record-file";
import { importGpuTradeFile } from "../jobs/trade-import";
import {
  ConfigurationError,
  UsageError,
  dayRangeOptions,
  withRuntime,
} from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import { latestQuoteSnapshot } from "@tpi/db";
import { recentRunLines } from "../../../platform/jobs/source-sync";
import { addDays, utcDayOf } from "@tpi/domain";
import { gpuEnvOf, gpuSettingsFrom, type GpuSettings } from "../jobs/settings";
import {
  LEDGER_WINDOW_DAYS,
  describeQuoteSync,
  pollVast,
  syncGpuLedger,
  type QuoteSyncReport,
} from "../jobs/quote-sync";

/** Help lines of the GPU commands. */
export const GPU_USAGE = `  gpu-import FILE [--format csv|jsonl] [--source NAME]
                                       import executed GPU rental trades (all or nothing), then publish due prints
  gpu-seed --sample                    load the deterministic SAMPLE GPU trades (${GPU_SAMPLE_MONTHS} months) and publish prints
  gpu-settle                           publish every due hourly GPU print and daily value
  gpu-sync [--source gpurentalprices|vastai] [--from DAY] [--to DAY]
                                       fetch GPU quotes from the public sources (the ledger: days not stored yet,
                                       default the last ${LEDGER_WINDOW_DAYS}, then today's file; Vast.ai: one poll), then publish due prints
  gpu-sources                          the GPU quote sources configured, their latest snapshot and recent sync runs`;

/** Operator commands of the GPU compute index. */
export const gpuCommands: Record<string, Command> = {
  async "gpu-import"(args, context) {
    const { values, positionals } = parseArgs({
      args,
      options: { format: { type: "string" }, source: { type: "string", default: "import" } },
      allowPositionals: true,
      strict: true,
    });
    const [path, ...extra] = positionals;
    if (path === undefined || extra.length > 0)
      throw new UsageError("gpu-import needs exactly one FILE");
    const format = (values.format ?? formatOfPath(path)) as RecordFileFormat | undefined;
    if (format !== "csv" && format !== "jsonl")
      throw new UsageError("give --format csv|jsonl (or name the file .csv, .jsonl or .ndjson)");
    const bytes = await readFile(path);
    await withRuntime(context, async (runtime) => {
      const validating = createProgress("validating lines");
      const writing = createProgress("writing trades");
      const outcome = await importGpuTradeFile(runtime.database.db, bytes, format, {
        now: runtime.clock(),
        source: values.source,
        onValidating: (done, total) => validating.update(done, total),
        onValidated: (records, invalid) =>
          validating.finish(
            `${records.toLocaleString("en-US")} record(s), ${invalid.toLocaleString("en-US")} invalid`,
          ),
        onWriting: (done, total) => writing.update(done, total),
      });
      if (outcome.kind === "invalid") {
        for (const error of outcome.errors.slice(0, MAX_REPORTED_RECORD_ERRORS))
          console.error(`${path}:${error.line}: ${error.message}`);
        if (outcome.errors.length > MAX_REPORTED_RECORD_ERRORS)
          console.error(`... and ${outcome.errors.length - MAX_REPORTED_RECORD_ERRORS} more`);
        throw new Error(`${outcome.errors.length} invalid record(s): nothing was imported`);
      }
      const { report } = outcome;
      writing.finish(
        `${report.inserted.toLocaleString("en-US")} new trade(s), ${report.alreadyStored.toLocaleString("en-US")} already stored`,
      );
      if (report.inAlreadyPrintedHours > 0) {
        console.log(
          `${report.inAlreadyPrintedHours} trade(s) fall in hours already printed: published prints are final and do not change (a restatement would)`,
        );
      }
      console.log(
        describeGpuSettlement(
          await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime), { showProgress: true }),
        ),
      );
    });
  },

  async "gpu-seed"(args, context) {
    const { values } = parseArgs({ args, options: { sample: { type: "boolean" } }, strict: true });
    if (!values.sample) throw new UsageError("gpu-seed needs --sample (the only seed source)");
    await withRuntime(context, async (runtime) => {
      const progress = createProgress("sample GPU trades");
      const result = await seedGpuSample(runtime.database, {
        now: runtime.clock(),
        onProgress: (inserted) => progress.update(inserted),
      });
      progress.finish(
        `generated ${result.generated.toLocaleString("en-US")} from ${result.from}; ${result.inserted.toLocaleString("en-US")} were new`,
      );
      console.log(
        describeGpuSettlement(
          await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime), { showProgress: true }),
        ),
      );
    });
  },

  async "gpu-sync"(args, context) {
    const { values } = parseArgs({
      args,
      options: { source: { type: "string" }, from: { type: "string" }, to: { type: "string" } },
      strict: true,
    });
    const settings = gpuSettingsFrom(gpuEnvOf(context.env));
    const sources = syncedSources(settings, values.source);
    if ((values.from !== undefined || values.to !== undefined) && !sources.includes("ledger"))
      throw new UsageError("--from and --to choose days of the ledger (--source gpurentalprices)");
    await withRuntime(context, async (runtime) => {
      const now = runtime.clock();
      const { from, to } = dayRangeOptions(values, {
        to: utcDayOf(now),
        from: (to) => addDays(to, -(LEDGER_WINDOW_DAYS - 1)),
      });
      const reports: QuoteSyncReport[] = [];
      if (sources.includes("ledger") && settings.ledger !== undefined) {
        const { config, description } = settings.ledger;
        const progress = createProgress(`${description.id} days`);
        const report = await syncGpuLedger(runtime.database.db, config, description, {
          from,
          to,
          trigger: "manual",
          now,
          onProgress: (done, total) => progress.update(done, total),
        });
        progress.finish(report.ran ? report.message : report.reason);
        console.log(describeQuoteSync(report, description.citation));
        reports.push(report);
      }
      if (sources.includes("vast") && settings.vast !== undefined) {
        const { config, description } = settings.vast;
        const report = await pollVast(runtime.database.db, config, description, {
          trigger: "manual",
          now,
        });
        console.log(describeQuoteSync(report, description.citation));
        reports.push(report);
      }
      console.log(
        describeGpuSettlement(
          await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime), { showProgress: true }),
        ),
      );
      const failed = reports.filter(
        (r) => r.ran && r.snapshots.length === 0 && r.failed.length > 0,
      );
      if (failed.length > 0)
        throw new Error(
          `${failed.map((r) => r.source).join(" and ")} gave nothing usable; see the lines above`,
        );
    });
  },

  async "gpu-sources"(args, context) {
    parseArgs({ args, options: {}, strict: true });
    const settings = gpuSettingsFrom(gpuEnvOf(context.env));
    await withRuntime(context, async (runtime) => {
      const db = runtime.database.db;
      const configured = [
        settings.ledger && {
          ...settings.ledger.description,
          where: settings.ledger.config.baseUrl,
        },
        settings.vast && { ...settings.vast.description, where: settings.vast.config.baseUrl },
      ];
      if (settings.ledger === undefined)
        console.log("gpurentalprices: off (GPU_LEDGER_ENABLED is false)");
      if (settings.vast === undefined)
        console.log(`vastai: off (${settings.vastRefusal ?? "VAST_API_KEY is not set"})`);
      for (const source of configured) {
        if (!source) continue;
        const latest = await latestQuoteSnapshot(db, source.id);
        console.log(
          `${source.id}: on, ${source.where}, ${source.cadence}, ${source.licence.name}; latest snapshot ${latest ? `${latest.label} (as of ${latest.asOf.toISOString()}, ${latest.quoteCount} quotes, stored ${latest.recordedAt.toISOString()})` : "none"}`,
        );
        console.log(`  citation: ${source.citation}`);
        for (const line of await recentRunLines(db, source.id)) console.log(line);
      }
    });
  },

  async "gpu-settle"(args, context) {
    parseArgs({ args, options: {}, strict: true });
    await withRuntime(context, async (runtime) => {
      console.log(
        describeGpuSettlement(
          await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime), { showProgress: true }),
        ),
      );
    });
  },
};

/** Which configured sources `--source` names (all of them when absent); a usage error otherwise. */
function syncedSources(settings: GpuSettings, source: string | undefined): ("ledger" | "vast")[] {
  const ledger = settings.ledger?.description.id;
  const vast = settings.vast?.description.id ?? "vastai";
  if (source === undefined) {
    const all: ("ledger" | "vast")[] = [];
    if (settings.ledger !== undefined) all.push("ledger");
    if (settings.vast !== undefined) all.push("vast");
    if (all.length === 0)
      throw new ConfigurationError(
        "no GPU quote source is configured: GPU_LEDGER_ENABLED is false and Vast.ai is off",
      );
    return all;
  }
  if (source === (ledger ?? "gpurentalprices")) {
    if (settings.ledger === undefined)
      throw new ConfigurationError("the ledger is off: GPU_LEDGER_ENABLED is false");
    return ["ledger"];
  }
  if (source === vast) {
    if (settings.vast === undefined)
      throw new ConfigurationError(
        settings.vastRefusal ?? "Vast.ai is off: VAST_API_KEY is not set",
      );
    return ["vast"];
  }
  throw new UsageError(`--source must be gpurentalprices or vastai, not '${source}'`);
}
