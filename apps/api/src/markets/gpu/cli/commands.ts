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
import { parseGpuTrades } from "../sources/trade-file";
import { writeGpuTrades } from "../jobs/trade-import";
import { UsageError, withRuntime, type Command } from "../../../platform/cli/command";

/** Help lines of the GPU commands. */
export const GPU_USAGE = `  gpu-import FILE [--format csv|jsonl] [--source NAME]
                                       import executed GPU rental trades (all or nothing), then publish due prints
  gpu-seed --sample                    load the deterministic SAMPLE GPU trades (${GPU_SAMPLE_MONTHS} months) and publish prints
  gpu-settle                           publish every due hourly GPU print and daily value`;

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
    const text = await readFile(path, "utf8");
    await withRuntime(context, async (runtime) => {
      const validating = createProgress("validating lines");
      const parsed = parseGpuTrades(text, format, {
        now: runtime.clock(),
        source: values.source,
        onProgress: (done, total) => validating.update(done, total),
      });
      validating.finish(
        `${parsed.records.toLocaleString("en-US")} record(s), ${parsed.errors.length.toLocaleString("en-US")} invalid`,
      );
      if (parsed.errors.length > 0) {
        for (const error of parsed.errors.slice(0, MAX_REPORTED_RECORD_ERRORS))
          console.error(`${path}:${error.line}: ${error.message}`);
        if (parsed.errors.length > MAX_REPORTED_RECORD_ERRORS)
          console.error(`... and ${parsed.errors.length - MAX_REPORTED_RECORD_ERRORS} more`);
        throw new Error(`${parsed.errors.length} invalid record(s): nothing was imported`);
      }
      const writing = createProgress("writing trades");
      const report = await writeGpuTrades(runtime.database.db, parsed.trades, (done, total) =>
        writing.update(done, total),
      );
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
