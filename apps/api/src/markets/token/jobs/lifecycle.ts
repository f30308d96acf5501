import { SAMPLE_SOURCE, addDays, maxDay, minDay, utcDayOf } from "@tpi/domain";
import { hasObservations, summarizeSources } from "@tpi/db";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { RANKINGS_FIRST_DAY } from "../sources/openrouter";
import {
  daysFailed,
  daysWritten,
  describeOpenRouterSync,
  runScheduledOpenRouterSync,
  syncOpenRouter,
} from "./openrouter-sync";
import { seedTokenSample } from "./sample-seed";
import { settleDueDays, type SettlementReport } from "./settlement";
import type { TokenSettings } from "./settings";
import type { TokenState } from "../read-model/state";

/** How often the api checks whether the daily OpenRouter sync is due. */
const OPENROUTER_SCHEDULE_CHECK_MS = 60_000;

/**
 * The token market's start-up: its data on an empty database (OpenRouter's recent days with a
 * key, the sample without), then every settleable day settled and published.
 */
export async function startTokenMarket(
  state: TokenState,
  settings: TokenSettings,
  context: MarketJobContext,
): Promise<void> {
  await loadTokenDataIfEmpty(settings, context);
  context.log.info(describeSettlement(await settleAndPublish(state, context)));
}

/** Settlement on its interval and, with a key, the daily OpenRouter sync. */
export function tokenJobs(
  state: TokenState,
  settings: TokenSettings,
  context: MarketJobContext,
): ScheduledJob[] {
  const { log } = context;
  const jobs: ScheduledJob[] = [
    {
      name: "settlement",
      intervalMs: settings.settlementIntervalMs,
      failureMessage: "scheduled settlement failed; will retry",
      run: async (stopping) => {
        const scheduled = await settleAndPublish(state, context, { signal: stopping });
        if (scheduled.settledDays.length > 0) log.info(describeSettlement(scheduled));
      },
    },
  ];
  // The daily OpenRouter sync: checked every minute, due after OPENROUTER_SYNC_HOUR_UTC while
  // yesterday is not stored; the sync log and the database lock keep restarts and other
  // instances from running it twice.
  const openRouter = settings.openRouter;
  if (openRouter !== undefined)
    jobs.push({
      name: "OpenRouter sync",
      intervalMs: OPENROUTER_SCHEDULE_CHECK_MS,
      failureMessage: "scheduled OpenRouter sync failed; will retry",
      run: async (stopping) => {
        const synced = await runScheduledOpenRouterSync(context.db, openRouter, {
          now: context.clock(),
          syncHourUtc: settings.openRouterSync.hourUtc,
        });
        if (synced === null) return;
        log.info(describeOpenRouterSync(synced));
        if (synced.ran && synced.outcome !== "ok") log.warn(`OpenRouter sync: ${synced.message}`);
        if (daysWritten(synced) > 0) {
          const settled = await settleAndPublish(state, context, { signal: stopping });
          if (settled.settledDays.length > 0) log.info(describeSettlement(settled));
        }
      },
    });
  return jobs;
}

const hour = (hourUtc: number) => `${String(hourUtc).padStart(2, "0")}:00 UTC`;

/**
 * The first start's token data. With OPENROUTER_API_KEY and an empty database: the last
 * OPENROUTER_STARTUP_DAYS days from OpenRouter (and from OPENROUTER_BACKFILL_FROM when set); an
 * operator's request, so days priced by a later snapshot are marked back-filled. No sample is
 * loaded while a key is set, even when the sync fails (the api then serves without token data
 * and says why). Without a key: the sample, said to be one.
 */
export async function loadTokenDataIfEmpty(
  settings: TokenSettings,
  context: MarketJobContext,
): Promise<void> {
  const { log, db } = context;
  const openRouter = settings.openRouter;
  const syncHour = hour(settings.openRouterSync.hourUtc);
  const empty = !(await hasObservations(db));
  if (openRouter === undefined) {
    if (empty) await seedSampleIfEmpty(context);
    const sources = await summarizeSources(db);
    if (sources.some((summary) => summary.source === SAMPLE_SOURCE))
      log.info(
        "token index: serving sample data (SAMPLE: generated, not market data). For real data from OpenRouter set OPENROUTER_API_KEY (any OpenRouter key) and start on an empty database, or run 'pnpm tpi openrouter sync'",
      );
    return;
  }
  if (!empty) {
    log.info(`OPENROUTER_API_KEY is set: OpenRouter data is synced daily after ${syncHour}`);
    const sample = (await summarizeSources(db)).find((summary) => summary.source === SAMPLE_SOURCE);
    if (sample !== undefined)
      log.warn(
        `this database also holds sample data (${sample.days} days, ${sample.firstDay} to ${sample.lastDay}), marked as sample wherever shown: each OpenRouter sync replaces the sample on the days it writes (settled days change only through 'pnpm tpi restate'). For OpenRouter data only, start on an empty database`,
      );
    return;
  }
  const now = context.clock();
  const to = addDays(utcDayOf(now), -1);
  const recent = maxDay(
    addDays(to, -(settings.openRouterSync.startupDays - 1)),
    RANKINGS_FIRST_DAY,
  );
  const backfillFrom = settings.openRouterSync.backfillFrom;
  const from = backfillFrom === undefined ? recent : minDay(recent, backfillFrom);
  log.info(
    `empty database and OPENROUTER_API_KEY set: syncing ${from} to ${to} from OpenRouter (the sample is not loaded while a key is set)`,
  );
  const progress = context.progress("OpenRouter days");
  try {
    const report = await syncOpenRouter(db, openRouter, {
      from,
      to,
      backfillFrom: from,
      trigger: "startup",
      now,
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.finish(describeOpenRouterSync(report));
    if (!report.ran || daysWritten(report) === 0)
      log.error(
        `start-up sync from OpenRouter wrote no day: ${report.ran ? report.message : report.reason}. Serving without token data (no sample is loaded while OPENROUTER_API_KEY is set); the daily sync tries again after ${syncHour}, or run 'pnpm tpi openrouter sync'`,
      );
    else if (daysFailed(report) > 0)
      log.warn(`start-up sync from OpenRouter: some days were not written: ${report.message}`);
  } catch (error) {
    log.error(
      `start-up sync from OpenRouter failed: ${error instanceof Error ? error.message : String(error)}. Serving without token data (no sample is loaded while OPENROUTER_API_KEY is set)`,
    );
  }
}

/** Loads the sample when the database holds no observation at all (first start). */
export async function seedSampleIfEmpty(context: MarketJobContext): Promise<boolean> {
  if (!context.seedSampleOnEmpty) return false;
  if (await hasObservations(context.db)) return false;
  context.log.info(
    "empty database: loading the sample observations (SAMPLE data, not market data)",
  );
  const progress = context.progress("sample days");
  const result = await seedTokenSample(context.db, {
    now: context.clock(),
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.finish(
    `${result.inserted.toLocaleString("en-US")} sample observations over ${result.days.toLocaleString("en-US")} days through ${result.through}`,
  );
  return true;
}

/** Settles every due day (through `through` when given), then reloads the published set. */
export async function settleAndPublish(
  state: TokenState,
  context: MarketJobContext,
  options: { through?: string; signal?: AbortSignal } = {},
): Promise<SettlementReport> {
  const progress = context.progress("settling days");
  const report = await settleDueDays(context.db, {
    now: context.clock(),
    rules: state.rules,
    through: options.through,
    signal: options.signal,
    onProgress: (done, total) => progress.update(done, total),
  });
  if (report.settledDays.length > 0) progress.finish(describeSettlement(report));
  await state.index.refresh();
  return report;
}

export function describeSettlement(report: SettlementReport): string {
  if (report.settledDays.length === 0)
    return `nothing to settle (settleable through ${report.settleableThrough})`;
  return `settled ${report.settledDays.length} day(s) from ${report.settledDays[0]} to ${report.settledDays.at(-1)}: ${report.publishedValues} values published, ${report.suppressedLabDays} lab-days without a value`;
}
