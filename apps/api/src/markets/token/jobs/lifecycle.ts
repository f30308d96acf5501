import {
  OPENROUTER_SOURCE,
  SAMPLE_SOURCE,
  addDays,
  eachUtcDay,
  maxDay,
  minDay,
  utcDayOf,
  type UtcDay,
} from "@tpi/domain";
import {
  SAMPLE_START_DAY,
  dataLoadsOf,
  hasObservations,
  isPendingLoad,
  planDataLoad,
  readSourceDaysBetween,
  summarizeSources,
  type DataLoad,
} from "@tpi/db";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import {
  describeFirstLoad,
  firstLoadJob,
  rangeReaching,
  runFirstLoad,
  stepProgress,
  supersedeLoad,
  type FirstLoadOutcome,
  type FirstLoadSpec,
} from "../../../platform/jobs/first-load";
import { closeRunsLeftRunning } from "../../../platform/jobs/source-sync";
import { RANKINGS_FIRST_DAY, type OpenRouterConfig } from "../sources/openrouter";
import {
  daysWritten,
  describeOpenRouterSync,
  runScheduledOpenRouterSync,
  syncOpenRouter,
} from "./openrouter-sync";
import { sampleThrough, seedTokenSample } from "./sample-seed";
import { settleDueDays, type SettlementReport } from "./settlement";
import type { TokenSettings } from "./settings";
import type { TokenState } from "../read-model/state";

/** How often the api checks whether the daily OpenRouter sync is due. */
const OPENROUTER_SCHEDULE_CHECK_MS = 60_000;
/** The market's name in `data_load`. */
const MARKET = "token";

/**
 * The token market's start-up: the sync log's runs a dead process left `running` closed, its
 * first-start load (OpenRouter's recent days with a key, the sample without) planned on an empty
 * database or resumed while not complete, then every settleable day settled and published.
 * Stops early when the process is asked to stop during start-up.
 */
export async function startTokenMarket(
  state: TokenState,
  settings: TokenSettings,
  context: MarketJobContext,
): Promise<void> {
  await closeRunsLeftRunning(context, OPENROUTER_SOURCE, "OpenRouter sync log");
  await loadTokenData(settings, context, { signal: context.stopping });
  if (context.stopping?.aborted) return;
  context.log.info(
    describeSettlement(await settleAndPublish(state, context, { signal: context.stopping })),
  );
}

/** Settlement on its interval and, with a key, the daily OpenRouter sync. */
export function tokenJobs(
  state: TokenState,
  settings: TokenSettings,
  context: MarketJobContext,
): ScheduledJob[] {
  const { log } = context;
  const jobs: ScheduledJob[] = [
    firstLoadJob("token", async (stopping) => {
      const outcome = await loadTokenData(settings, context, { signal: stopping, scheduled: true });
      if (outcome?.ran) {
        const settled = await settleAndPublish(state, context, { signal: stopping });
        if (settled.settledDays.length > 0) log.info(describeSettlement(settled));
      }
    }),
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
          signal: stopping,
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
 * The first start's token data, as a load recorded in `data_load` before anything is written.
 * With OPENROUTER_API_KEY and an empty database: the last OPENROUTER_STARTUP_DAYS days from
 * OpenRouter (and from OPENROUTER_BACKFILL_FROM when set); an operator's request, so days priced
 * by a later snapshot are marked back-filled. No sample is loaded while a key is set, even when
 * the sync fails (the api then serves without token data, says why, and tries again). Without a
 * key: the sample, said to be one. A load not complete (stopped, killed, failed) is resumed here
 * at each start (and by `scheduled` checks of a serving instance), writing only what is missing.
 * A pending load of the source the configuration no longer asks for is closed as superseded.
 * Returns the attempt's outcome, or null when there was no load to run.
 */
export async function loadTokenData(
  settings: TokenSettings,
  context: MarketJobContext,
  options: { signal?: AbortSignal; scheduled?: boolean } = {},
): Promise<FirstLoadOutcome | null> {
  const { db } = context;
  const openRouter = settings.openRouter;
  const wanted = openRouter === undefined ? SAMPLE_SOURCE : OPENROUTER_SOURCE;
  const loads = await dataLoadsOf(db, MARKET);
  for (const other of loads.filter((load) => isPendingLoad(load) && load.source !== wanted)) {
    const message =
      openRouter === undefined
        ? "superseded: OPENROUTER_API_KEY is no longer set (the sample is not loaded over OpenRouter's days)"
        : "superseded: OPENROUTER_API_KEY is set now (no sample is loaded while a key is set)";
    await supersedeLoad(context, "token", other, message);
  }
  if (openRouter === undefined && !context.seedSampleOnEmpty) return null;
  let load = loads.find((recorded) => recorded.source === wanted && isPendingLoad(recorded));
  if (load === undefined && loads.length === 0 && !options.scheduled) {
    const planned = await planTokenLoad(settings, context);
    if (planned !== null) load = planned;
  }
  if (load === undefined) {
    if (!options.scheduled) await describeStoredTokenData(settings, context);
    return null;
  }
  const spec =
    openRouter === undefined ? tokenSampleLoad(context) : openRouterFirstDays(openRouter, context);
  const outcome = await runFirstLoad(context, load, spec, options);
  reportTokenLoad(settings, context, load, spec.label, outcome, options.scheduled === true);
  return outcome;
}

/**
 * The first-start load to plan when the market has recorded none: on an empty database, the
 * sample or OpenRouter's recent days; on a database filled before load plans existed, what its
 * own first start left unfinished (a sample-only data set is checked and completed; OpenRouter's
 * first-start sync, when its log says it did not end `ok`, is resumed over its range). Null when
 * the stored data came from elsewhere (imports, syncs): there is no first start to finish.
 */
async function planTokenLoad(
  settings: TokenSettings,
  context: MarketJobContext,
): Promise<DataLoad | null> {
  const { db, log } = context;
  const now = context.clock();
  const empty = !(await hasObservations(db));
  if (settings.openRouter === undefined) {
    if (!empty) {
      const sources = await summarizeSources(db);
      if (sources.some((summary) => summary.source !== SAMPLE_SOURCE)) return null;
      log.info(
        "the token data is the sample only, loaded before first-start loads were recorded: checking it is complete (missing sample days are added)",
      );
    } else
      log.info("empty database: loading the sample observations (SAMPLE data, not market data)");
    return planDataLoad(db, {
      market: MARKET,
      source: SAMPLE_SOURCE,
      firstDay: SAMPLE_START_DAY,
      lastDay: sampleThrough(now),
      now,
    });
  }
  if (!empty) {
    const firstSync = await db.sourceSync.findFirst({
      where: { source: OPENROUTER_SOURCE, trigger: "startup" },
      orderBy: { id: "desc" },
    });
    if (firstSync === null || firstSync.outcome === "ok") return null;
    const firstDay = utcDayOf(firstSync.firstDay);
    const lastDay = utcDayOf(firstSync.lastDay);
    log.warn(
      `OpenRouter's first-start sync of ${firstDay} to ${lastDay} (sync log #${firstSync.id}, ${firstSync.outcome}) did not finish: resuming it`,
    );
    return planDataLoad(db, {
      market: MARKET,
      source: OPENROUTER_SOURCE,
      firstDay,
      lastDay,
      now,
      message: `adopted from the first-start sync #${firstSync.id} (${firstSync.outcome}: ${firstSync.message})`,
    });
  }
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
  return planDataLoad(db, {
    market: MARKET,
    source: OPENROUTER_SOURCE,
    firstDay: from,
    lastDay: to,
    now,
  });
}

/** The sample as a resumable load: the same deterministic days, those not stored yet written. */
function tokenSampleLoad(context: MarketJobContext): FirstLoadSpec {
  return {
    label: "token sample",
    range: rangeReaching(() => sampleThrough(context.clock())),
    async load(range, { signal, heartbeat }) {
      const progress = stepProgress(
        context,
        "sample days",
        heartbeat,
        "missing sample days written",
      );
      const result = await seedTokenSample(context.db, {
        now: context.clock(),
        from: range.firstDay,
        keepOtherData: true,
        signal,
        onProgress: progress.update,
      });
      const summary = `${result.newDays.toLocaleString("en-US")} sample days written now (${result.inserted.toLocaleString("en-US")} observations), ${(result.days - result.newDays - result.keptDays).toLocaleString("en-US")} already stored${result.keptDays > 0 ? `, ${result.keptDays} holding other data left as they are` : ""}; ${result.days.toLocaleString("en-US")} days from ${range.firstDay} through ${result.through}`;
      progress.finish(summary);
      return { complete: !result.stopped, message: summary };
    },
  };
}

/**
 * OpenRouter's first days as a resumable load: the days of the range (extended to yesterday) that
 * no sync has stored yet, priced by the first later snapshot and marked back-filled where that
 * snapshot is more than 48 hours after them (the load is an operator's request).
 */
function openRouterFirstDays(config: OpenRouterConfig, context: MarketJobContext): FirstLoadSpec {
  return {
    label: "OpenRouter first start",
    range: rangeReaching(() => addDays(utcDayOf(context.clock()), -1)),
    async load(range, { signal, heartbeat }) {
      const missing = await openRouterDaysMissing(context, range);
      if (missing.length === 0)
        return {
          complete: true,
          message: `every day from ${range.firstDay} to ${range.lastDay} is stored`,
        };
      const progress = stepProgress(context, "OpenRouter days", heartbeat, "missing days synced");
      const report = await syncOpenRouter(context.db, config, {
        from: missing[0] ?? range.firstDay,
        to: missing.at(-1) ?? range.lastDay,
        days: missing,
        backfillFrom: range.firstDay,
        trigger: "startup",
        now: context.clock(),
        signal,
        onProgress: progress.update,
      });
      progress.finish(describeOpenRouterSync(report));
      // Another run holds the sync lock (the daily sync, the CLI, another instance): not a failure.
      if (!report.ran)
        return { complete: false, retrySoon: true, message: `wrote no day: ${report.reason}` };
      const left = await openRouterDaysMissing(context, range);
      const written = daysWritten(report);
      if (left.length === 0)
        return {
          complete: true,
          message: `wrote the ${written} missing day(s): every day from ${range.firstDay} to ${range.lastDay} is stored`,
        };
      return {
        complete: false,
        message: `${written === 0 ? "wrote no day" : `wrote ${written} of ${missing.length} missing day(s), ${left.length} still missing`}: ${report.message}`,
      };
    },
  };
}

/** Days of the range that hold no OpenRouter day yet, oldest first. */
async function openRouterDaysMissing(
  context: MarketJobContext,
  range: { firstDay: UtcDay; lastDay: UtcDay },
): Promise<UtcDay[]> {
  const stored = new Set(
    (await readSourceDaysBetween(context.db, range.firstDay, range.lastDay))
      .filter((day) => day.source === OPENROUTER_SOURCE)
      .map((day) => day.date),
  );
  return eachUtcDay(range.firstDay, range.lastDay).filter((day) => !stored.has(day));
}

/**
 * The operator's lines about a first-start attempt: what the api serves, what happens next. A
 * serving instance's check (`scheduled`) speaks only when it ran an attempt.
 */
function reportTokenLoad(
  settings: TokenSettings,
  context: MarketJobContext,
  load: DataLoad,
  label: string,
  outcome: FirstLoadOutcome,
  scheduled: boolean,
): void {
  const { log } = context;
  if (scheduled && !outcome.ran) return;
  const line = describeFirstLoad(label, outcome);
  if (!outcome.ran || outcome.status === "complete") {
    if (line !== null) log.info(line);
    if (settings.openRouter === undefined) log.info(SAMPLE_NOTICE);
    return;
  }
  if (outcome.status === "interrupted") log.warn(line ?? outcome.message);
  else if (settings.openRouter === undefined) log.error(line ?? outcome.message);
  else
    log.error(
      `${scheduled ? "first-start sync from OpenRouter, tried again," : "start-up sync from OpenRouter"} ${outcome.message}. Serving what is stored (no sample is loaded while OPENROUTER_API_KEY is set; /health says "degraded"); this first-start load is tried again within the hour and at the next start, the daily sync runs after ${hour(settings.openRouterSync.hourUtc)}, or run 'pnpm tpi openrouter sync --backfill-from ${load.firstDay}'`,
    );
}

const SAMPLE_NOTICE =
  "token index: serving sample data (SAMPLE: generated, not market data). For real data from OpenRouter set OPENROUTER_API_KEY (any OpenRouter key) and start on an empty database, or run 'pnpm tpi openrouter sync'";

/** Start-up lines when no first-start load runs: where the stored token data comes from. */
async function describeStoredTokenData(
  settings: TokenSettings,
  context: MarketJobContext,
): Promise<void> {
  const { log, db } = context;
  const sources = await summarizeSources(db);
  const sample = sources.find((summary) => summary.source === SAMPLE_SOURCE);
  if (settings.openRouter === undefined) {
    if (sample !== undefined) log.info(SAMPLE_NOTICE);
    return;
  }
  log.info(
    `OPENROUTER_API_KEY is set: OpenRouter data is synced daily after ${hour(settings.openRouterSync.hourUtc)}`,
  );
  if (sample !== undefined)
    log.warn(
      `this database also holds sample data (${sample.days} days, ${sample.firstDay} to ${sample.lastDay}), marked as sample wherever shown: each OpenRouter sync replaces the sample on the days it writes (settled days change only through 'pnpm tpi restate'). For OpenRouter data only, start on an empty database`,
    );
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
