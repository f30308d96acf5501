import {
  GPU_SAMPLE_SOURCE,
  dataLoadsOf,
  endDataLoad,
  gpuSampleStartDay,
  hasGpuTrades,
  hasQuoteSnapshots,
  isPendingLoad,
  latestQuoteSnapshot,
  planDataLoad,
  type DataLoad,
} from "@tpi/db";
import { addDays, maxDay, utcDayOf } from "@tpi/domain";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import {
  firstLoadJob,
  logFirstLoad,
  rangeReaching,
  runFirstLoad,
  stepProgress,
  supersedeLoad,
  type FirstLoadOutcome,
  type FirstLoadSpec,
} from "../../../platform/jobs/first-load";
import { closeRunsLeftRunning } from "../../../platform/jobs/source-sync";
import type { GpuLedgerConfig } from "../sources/gpu-ledger";
import {
  describeQuoteSync,
  ledgerSyncRange,
  pollVast,
  snapshotsStored,
  syncGpuLedger,
  vastPollDue,
  type QuoteSyncReport,
} from "./quote-sync";
import { settleGpuIndex, type GpuSettlementReport } from "./settlement";
import { seedGpuSample } from "./sample-seed";
import type { GpuSettings, LedgerSource } from "./settings";
import type { GpuState } from "../read-model/state";
import { recordSourceDegraded } from "../../../platform/jobs/source-state";

/** The market's name in `data_load`. */
const MARKET = "gpu";
/** How often the api checks whether a quote source is due. */
const QUOTE_SYNC_CHECK_MS = 60_000;

/**
 * The GPU market's start-up: the sync log's runs a dead process left `running` closed, the first
 * load on an empty database (the ledger's recent days, or the sample when the ledger is off or
 * does not answer; resumed while not complete), then every due print. Stops early when the
 * process is asked to stop during start-up.
 */
export async function startGpuMarket(
  state: GpuState,
  settings: GpuSettings,
  context: MarketJobContext,
): Promise<void> {
  if (settings.vastRefusal !== undefined) context.log.warn(settings.vastRefusal);
  for (const source of quoteSourcesOf(settings)) await closeRunsLeftRunning(context, source);
  await loadGpuData(settings, context, { signal: context.stopping });
  if (context.stopping?.aborted) return;
  context.log.info(
    describeGpuSettlement(
      await settleGpuAndPublish(state, context, {
        showProgress: true,
        signal: context.stopping,
      }),
    ),
  );
}

function quoteSourcesOf(settings: GpuSettings): string[] {
  return [settings.ledger?.description.id, settings.vast?.description.id].filter(
    (id): id is string => id !== undefined,
  );
}

/**
 * A source's failures logged once per outage: the first failure as a warning, repeats at debug,
 * and one line when it answers again.
 */
function outageLog(context: MarketJobContext, source: string) {
  let failing: string | null = null;
  return (report: QuoteSyncReport) => {
    if (!report.ran) return;
    const failure =
      report.snapshots.length === 0 && report.failed.length > 0 ? report.message : null;
    if (failure !== null) {
      if (failing === null) context.log.warn(`${source} did not answer usably: ${failure}`);
      else context.log.debug(`${source} still failing: ${failure}`);
      failing = failure;
      return;
    }
    if (failing !== null) context.log.info(`${source} answers again (${report.message})`);
    failing = null;
    if (snapshotsStored(report) > 0) context.log.info(describeQuoteSync(report));
  };
}

/**
 * Prints are due every hour, the ledger's file once a day and a Vast.ai poll every hour: checked
 * every minute, each run under its source's lock (another instance's run is skipped).
 */
export function gpuJobs(
  state: GpuState,
  settings: GpuSettings,
  context: MarketJobContext,
): ScheduledJob[] {
  const publish = async (stopping: AbortSignal) => {
    const printed = await settleGpuAndPublish(state, context, { signal: stopping });
    if (printed.prints > 0) context.log.info(describeGpuSettlement(printed));
  };
  const jobs: ScheduledJob[] = [
    firstLoadJob("GPU", async (stopping) => {
      const outcome = await loadGpuData(settings, context, { signal: stopping, scheduled: true });
      if (outcome?.ran && outcome.status === "complete") await publish(stopping);
    }),
    {
      name: "GPU prints",
      intervalMs: settings.printIntervalMs,
      failureMessage: "scheduled GPU print failed; will retry",
      run: publish,
    },
  ];
  const ledger = settings.ledger;
  if (ledger !== undefined) {
    const logged = outageLog(context, ledger.description.id);
    jobs.push({
      name: "GPU ledger sync",
      intervalMs: QUOTE_SYNC_CHECK_MS,
      failureMessage: "scheduled GPU ledger sync failed; will retry",
      run: async (stopping) => {
        const report = await runScheduledLedgerSync(ledger, context, stopping);
        if (report === null) return;
        logged(report);
        if (snapshotsStored(report) > 0) await publish(stopping);
      },
    });
  }
  const vast = settings.vast;
  if (vast !== undefined) {
    const logged = outageLog(context, vast.description.id);
    jobs.push({
      name: "Vast.ai poll",
      intervalMs: QUOTE_SYNC_CHECK_MS,
      failureMessage: "scheduled Vast.ai poll failed; will retry",
      run: async (stopping) => {
        const now = context.clock();
        const [latest, attempt] = await Promise.all([
          latestQuoteSnapshot(context.db, vast.description.id),
          lastSyncAttempt(context, vast.description.id),
        ]);
        if (!vastPollDue(now, latest?.asOf ?? null, attempt)) return;
        const report = await pollVast(context.db, vast.config, vast.description, {
          trigger: "schedule",
          now,
          signal: stopping,
        });
        logged(report);
        if (snapshotsStored(report) > 0) await publish(stopping);
      },
    });
  }
  return jobs;
}

async function lastSyncAttempt(context: MarketJobContext, source: string): Promise<Date | null> {
  const row = await context.db.sourceSync.findFirst({
    where: { source },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  return row?.startedAt ?? null;
}

/** The daily ledger run when it is due (see `ledgerSyncRange`); null when it was not. */
export async function runScheduledLedgerSync(
  ledger: LedgerSource,
  context: MarketJobContext,
  signal?: AbortSignal,
): Promise<QuoteSyncReport | null> {
  const now = context.clock();
  const [latest, attempt] = await Promise.all([
    latestQuoteSnapshot(context.db, ledger.description.id),
    lastSyncAttempt(context, ledger.description.id),
  ]);
  const range = ledgerSyncRange(now, latest?.label ?? null, attempt);
  if (range === null) return null;
  return syncGpuLedger(context.db, ledger.config, ledger.description, {
    ...range,
    trigger: "schedule",
    now,
    signal,
  });
}

/**
 * The first start's GPU data, recorded as a load in `data_load` before anything is written. On an
 * empty database (no trade, no quote snapshot): the ledger's last GPU_LEDGER_BACKFILL_DAYS days
 * (back-filled history, then today's file), or the sample when the ledger is switched off. When
 * the ledger gives nothing at the first start (offline: a host that does not resolve or answer
 * fails within seconds), its load is closed as superseded and the sample is loaded instead, said
 * once and clearly; the scheduled ledger sync keeps trying, and prints after its first answer are
 * from quotes. A load not complete is resumed at each start (and by `scheduled` checks of a
 * serving instance), writing only what is missing. Null when there was nothing to load.
 */
export async function loadGpuData(
  settings: Pick<GpuSettings, "ledger" | "ledgerBackfillDays">,
  context: MarketJobContext,
  options: { signal?: AbortSignal; scheduled?: boolean } = {},
): Promise<FirstLoadOutcome | null> {
  const { db, log } = context;
  const loads = await dataLoadsOf(db, MARKET);
  let load = loads.find((recorded) => isPendingLoad(recorded)) ?? null;
  if (load !== null && load.source !== GPU_SAMPLE_SOURCE && settings.ledger === undefined) {
    await supersedeLoad(context, "GPU", load, "superseded: GPU_LEDGER_ENABLED is false now");
    load = null;
  }
  if (load === null) {
    // Planned only on a database without GPU data: one filled before load plans existed (the
    // sample whole, in one transaction) or by syncs and imports has no first start to finish.
    if (options.scheduled || loads.length > 0) return null;
    if ((await hasGpuTrades(db)) || (await hasQuoteSnapshots(db))) return null;
    load = await planFirstLoad(settings, context);
    if (load === null) return null;
  }
  if (load.source === GPU_SAMPLE_SOURCE) return runSampleLoad(context, load, options);
  const ledger = settings.ledger;
  if (ledger === undefined) return null;
  let stored = 0;
  const outcome = await runFirstLoad(
    context,
    load,
    ledgerFirstDays(ledger, settings.ledgerBackfillDays, context, (report) => {
      stored += report.ran ? report.snapshots.length : 0;
    }),
    options,
  );
  const gaveNothing = outcome.ran && outcome.status === "failed" && stored === 0;
  if (!gaveNothing) logFirstLoad(log, "GPU ledger first start", outcome);
  if (!gaveNothing || options.scheduled || options.signal?.aborted) return outcome;
  // Nothing from the ledger at the first start: the sample instead, said once.
  const reason = outcome.ran ? outcome.message : "";
  const message = `superseded: the ledger did not answer at the first start (${reason}); the sample was loaded instead`;
  await endDataLoad(db, load.id, { status: "superseded", message, now: context.clock() });
  if (!context.seedSampleOnEmpty || (await hasGpuTrades(db))) {
    log.warn(
      `GPU index: ${ledger.description.id} did not answer (${reason}); no GPU data is loaded (SEED_SAMPLE_ON_EMPTY is off); the api keeps trying the ledger every hour`,
    );
    return outcome;
  }
  log.warn(
    `GPU index: ${ledger.description.id} did not answer (${reason}): loading the SAMPLE GPU trades instead (generated, not market data, marked as the sample everywhere); the api keeps trying the ledger every hour and prints from its prices once it answers`,
  );
  const now = context.clock();
  // The ledger's degradation to the sample is told with the sample's load plan: it ends at the
  // ledger's next successful sync (platform/jobs/source-state).
  const sample = await db.$transaction(async (tx) => {
    const planned = await planDataLoad(tx, {
      market: MARKET,
      source: GPU_SAMPLE_SOURCE,
      firstDay: gpuSampleStartDay(now),
      lastDay: utcDayOf(now),
      now,
      message: `the ledger did not answer at the first start: ${reason}`,
    });
    await recordSourceDegraded(
      tx,
      { market: MARKET, source: ledger.description.id },
      {
        reason: "sample_fallback",
        at: now,
        message: `${ledger.description.id} did not answer at the first start (${reason}): the sample GPU trades were loaded instead`,
      },
    );
    return planned;
  });
  return runSampleLoad(context, sample, options);
}

/** The first start's GPU data with the ledger off: the sample (see `loadGpuData`). */
export function loadGpuSample(
  context: MarketJobContext,
  options: { signal?: AbortSignal; scheduled?: boolean } = {},
): Promise<FirstLoadOutcome | null> {
  return loadGpuData({ ledger: undefined, ledgerBackfillDays: 1 }, context, options);
}

/** The load to plan on an empty database: the ledger's recent days, or the sample without it. */
async function planFirstLoad(
  settings: Pick<GpuSettings, "ledger" | "ledgerBackfillDays">,
  context: MarketJobContext,
): Promise<DataLoad | null> {
  const now = context.clock();
  const today = utcDayOf(now);
  if (settings.ledger !== undefined) {
    const firstDay = addDays(today, -(settings.ledgerBackfillDays - 1));
    context.log.info(
      `no GPU data: loading ${firstDay} to ${today} from ${settings.ledger.description.name} (${settings.ledger.description.licence.name}); past days are marked back-filled`,
    );
    return planDataLoad(context.db, {
      market: MARKET,
      source: settings.ledger.description.id,
      firstDay,
      lastDay: today,
      now,
    });
  }
  if (!context.seedSampleOnEmpty) return null;
  context.log.info(
    "no GPU data and GPU_LEDGER_ENABLED is false: loading the sample trades (SAMPLE data, not market data)",
  );
  return planDataLoad(context.db, {
    market: MARKET,
    source: GPU_SAMPLE_SOURCE,
    firstDay: gpuSampleStartDay(now),
    lastDay: today,
    now,
  });
}

async function runSampleLoad(
  context: MarketJobContext,
  load: DataLoad,
  options: { signal?: AbortSignal; scheduled?: boolean },
): Promise<FirstLoadOutcome> {
  const outcome = await runFirstLoad(context, load, gpuSampleLoad(context), options);
  logFirstLoad(context.log, "GPU sample", outcome);
  return outcome;
}

/**
 * The first start's ledger days as a resumable load: the days of the range (extended to today)
 * its listing holds and no sync stored yet, then today's file. At the first start a host that
 * does not answer fails fast (one retry, a 5 s timeout), so that an offline start falls back to
 * the sample within seconds; later attempts use the configured patience.
 */
function ledgerFirstDays(
  ledger: LedgerSource,
  backfillDays: number,
  context: MarketJobContext,
  onReport: (report: QuoteSyncReport) => void,
): FirstLoadSpec {
  return {
    label: "GPU ledger first start",
    range: (recorded) => ({
      firstDay: maxDay(recorded.firstDay, addDays(utcDayOf(context.clock()), -(backfillDays - 1))),
      lastDay: maxDay(recorded.lastDay, utcDayOf(context.clock())),
    }),
    async load(range, { signal, heartbeat }) {
      const progress = stepProgress(
        context,
        `${ledger.description.id} days`,
        heartbeat,
        "ledger files fetched",
      );
      const report = await syncGpuLedger(
        context.db,
        quickToFail(ledger.config),
        ledger.description,
        {
          from: range.firstDay,
          to: range.lastDay,
          trigger: "startup",
          now: context.clock(),
          signal,
          onProgress: progress.update,
        },
      );
      onReport(report);
      progress.finish(describeQuoteSync(report));
      if (!report.ran)
        return { complete: false, retrySoon: true, message: `stored nothing: ${report.reason}` };
      // Not complete when stopped between two files either (outcome `interrupted`, nothing failed).
      return { complete: report.outcome === "ok", message: report.message };
    },
  };
}

/** The ledger's settings for a start-up attempt: one retry, a short timeout and backoff. */
function quickToFail(config: GpuLedgerConfig): GpuLedgerConfig {
  return {
    ...config,
    maxRetries: Math.min(config.maxRetries, 1),
    timeoutMs: Math.min(config.timeoutMs, 5_000),
    retryBaseMs: Math.min(config.retryBaseMs, 1_000),
  };
}

/** The GPU sample as a resumable load: the same deterministic trades, those not stored yet added. */
function gpuSampleLoad(context: MarketJobContext): FirstLoadSpec {
  return {
    label: "GPU sample",
    range: rangeReaching(() => utcDayOf(context.clock())),
    async load(range, { signal, heartbeat }) {
      const progress = context.progress("sample GPU trades");
      try {
        const result = await seedGpuSample(context.database, {
          now: context.clock(),
          from: range.firstDay,
          signal,
          onProgress: (copied) => {
            progress.update(copied);
            heartbeat(`${copied.toLocaleString("en-US")} trades copied (one transaction)`);
          },
        });
        const summary = `${result.inserted.toLocaleString("en-US")} inserted from ${result.from} (${(result.generated - result.inserted).toLocaleString("en-US")} already stored)`;
        progress.finish(summary);
        return { complete: true, message: `sample trades ${summary}` };
      } catch (error) {
        if (!signal?.aborted) throw error;
        progress.finish("stopped: the transaction was rolled back");
        return { complete: false, message: "the sample's transaction was rolled back" };
      }
    },
  };
}

/** Publishes due GPU prints and daily values, then reloads the in-memory set. Progress only when asked (start-up, CLI), not on the minute timer. */
export async function settleGpuAndPublish(
  state: GpuState,
  context: MarketJobContext,
  options: { showProgress?: boolean; signal?: AbortSignal } = {},
): Promise<GpuSettlementReport> {
  const progress = options.showProgress ? context.progress("GPU prints") : undefined;
  const report = await settleGpuIndex(context.db, {
    now: context.clock(),
    rules: state.rules,
    signal: options.signal,
    onProgress: (done, total) => progress?.update(done, total),
  });
  if (report.prints > 0) progress?.finish(describeGpuSettlement(report));
  await state.index.refresh();
  return report;
}

export function describeGpuSettlement(report: GpuSettlementReport): string {
  return `published ${report.prints.toLocaleString("en-US")} hourly GPU print(s) (${report.carriedPrints.toLocaleString("en-US")} carried forward) and ${report.dailyValues.toLocaleString("en-US")} daily value(s)`;
}
