import {
  GPU_SAMPLE_SOURCE,
  dataLoadsOf,
  gpuSampleStartDay,
  hasGpuTrades,
  isPendingLoad,
  planDataLoad,
} from "@tpi/db";
import { maxDay, utcDayOf } from "@tpi/domain";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import {
  FIRST_LOAD_CHECK_MS,
  describeFirstLoad,
  runFirstLoad,
  type FirstLoadOutcome,
  type FirstLoadSpec,
} from "../../../platform/jobs/first-load";
import { settleGpuIndex, type GpuSettlementReport } from "./settlement";
import { seedGpuSample } from "./sample-seed";
import type { GpuSettings } from "./settings";
import type { GpuState } from "../read-model/state";

/** The market's name in `data_load`. */
const MARKET = "gpu";

/**
 * The GPU market's start-up: the sample trades on the first start (resumed while not complete),
 * then every due print. Stops early when the process is asked to stop during start-up.
 */
export async function startGpuMarket(state: GpuState, context: MarketJobContext): Promise<void> {
  await loadGpuSample(context, { signal: context.stopping });
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

/** GPU prints are due on every hour; checking every minute publishes each within a minute. */
export function gpuJobs(
  state: GpuState,
  settings: GpuSettings,
  context: MarketJobContext,
): ScheduledJob[] {
  return [
    {
      // A first-start load left unfinished by another instance (stopped, or its process died):
      // taken over here without waiting for a restart.
      name: "GPU first-start load",
      intervalMs: FIRST_LOAD_CHECK_MS,
      failureMessage: "resuming the GPU sample load failed; will retry",
      run: async (stopping) => {
        const outcome = await loadGpuSample(context, { signal: stopping, scheduled: true });
        if (outcome?.ran && outcome.status === "complete") {
          const printed = await settleGpuAndPublish(state, context, { signal: stopping });
          if (printed.prints > 0) context.log.info(describeGpuSettlement(printed));
        }
      },
    },
    {
      name: "GPU prints",
      intervalMs: settings.printIntervalMs,
      failureMessage: "scheduled GPU print failed; will retry",
      run: async (stopping) => {
        const printed = await settleGpuAndPublish(state, context, { signal: stopping });
        if (printed.prints > 0) context.log.info(describeGpuSettlement(printed));
      },
    },
  ];
}

/**
 * The first start's sample GPU trades, recorded as a load in `data_load` before any is written:
 * planned when the database holds no trade and no load (SEED_SAMPLE_ON_EMPTY), then run until
 * complete, at this start or the next (or by a serving instance when another one's attempt died).
 * Null when there is nothing to load; `scheduled` (the serving instance's check) never plans one.
 */
export async function loadGpuSample(
  context: MarketJobContext,
  options: { signal?: AbortSignal; scheduled?: boolean } = {},
): Promise<FirstLoadOutcome | null> {
  if (!context.seedSampleOnEmpty) return null;
  const { db, log } = context;
  const loads = await dataLoadsOf(db, MARKET);
  let load = loads.find((recorded) => isPendingLoad(recorded)) ?? null;
  if (load === null) {
    // A database loaded before load plans existed holds its sample whole (one transaction).
    if (options.scheduled || loads.length > 0 || (await hasGpuTrades(db))) return null;
    const now = context.clock();
    load = await planDataLoad(db, {
      market: MARKET,
      source: GPU_SAMPLE_SOURCE,
      firstDay: gpuSampleStartDay(now),
      lastDay: utcDayOf(now),
      now,
    });
    log.info("no GPU trades: loading the sample trades (SAMPLE data, not market data)");
  }
  const outcome = await runFirstLoad(context, load, gpuSampleLoad(context), options);
  const line = describeFirstLoad("GPU sample", outcome);
  if (line !== null) {
    if (outcome.ran && outcome.status !== "complete") log.warn(line);
    else log.info(line);
  }
  return outcome;
}

/** The GPU sample as a resumable load: the same deterministic trades, those not stored yet added. */
function gpuSampleLoad(context: MarketJobContext): FirstLoadSpec {
  return {
    label: "GPU sample",
    range: (recorded) => ({
      firstDay: recorded.firstDay,
      lastDay: maxDay(recorded.lastDay, utcDayOf(context.clock())),
    }),
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
    bounds: state.winsor,
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
