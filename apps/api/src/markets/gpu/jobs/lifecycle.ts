import { hasGpuTrades } from "@tpi/db";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { settleGpuIndex, type GpuSettlementReport } from "./settlement";
import { seedGpuSample } from "./sample-seed";
import type { GpuSettings } from "./settings";
import type { GpuState } from "../read-model/state";

/** The GPU market's start-up: the sample trades on an empty database, then every due print. */
export async function startGpuMarket(state: GpuState, context: MarketJobContext): Promise<void> {
  await seedGpuSampleIfEmpty(context);
  context.log.info(
    describeGpuSettlement(await settleGpuAndPublish(state, context, { showProgress: true })),
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

/** Loads the sample GPU trades when the database holds no trade at all (first start). */
export async function seedGpuSampleIfEmpty(context: MarketJobContext): Promise<boolean> {
  if (!context.seedSampleOnEmpty) return false;
  if (await hasGpuTrades(context.db)) return false;
  context.log.info("no GPU trades: loading the sample trades (SAMPLE data, not market data)");
  const progress = context.progress("sample GPU trades");
  const result = await seedGpuSample(context.database, {
    now: context.clock(),
    onProgress: (inserted) => progress.update(inserted),
  });
  progress.finish(`${result.inserted.toLocaleString("en-US")} inserted from ${result.from}`);
  return true;
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
