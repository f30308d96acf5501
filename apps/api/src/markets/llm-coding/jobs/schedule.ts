import { addDays, eachUtcDay, utcDayOf, type UtcDay } from "@tpi/domain";
import { readAppRankingWindows, recentSourceSyncs, type Db } from "@tpi/db";
import type { ScheduledJob } from "../../../platform/core/market";
import type { OpenRouterConfig } from "../../token/sources/openrouter";
import { syncSessionCost } from "../../workload/jobs/session-cost-sync";
import { CODING_CATEGORY } from "../sources/app-rankings";
import { APP_RANKINGS_SOURCE, SESSION_COST_SOURCE, syncAppRankings } from "./app-rankings-sync";
import { GITHUB_SEARCH_SOURCE, describeGithubDay, runGithubSync } from "./github-sync";
import type { LlmCodingSettings } from "./settings";

/**
 * The daily syncs of the LLM Coding and Workload Cost sources, as scheduled jobs: each checks once
 * a minute whether its sync is due (`dailySyncDue`) and runs it in the background, so start-up
 * never waits on an outside host. The first run back-fills (the days missing in the back-fill
 * window), every later one re-checks the recent days; a run that stops half-way leaves its days
 * missing, and the next run finds and searches them, so no separate first-start record is needed.
 */

/** How often each job checks whether its sync is due. */
export const CODING_SYNC_CHECK_MS = 60_000;
/** A run that did not end `ok` is tried again after this long. */
export const CODING_SYNC_RETRY_MS = 3_600_000;

/**
 * Whether a daily sync is due at `now`: never synced; or its last run started before today's
 * sync hour (UTC) and the hour has come; or its last run did not end `ok` an hour or more ago.
 * A run still going (`running`) is never overlapped (the lock would skip it anyway).
 */
export function dailySyncDue(
  now: Date,
  syncHourUtc: number,
  last: { startedAt: Date; outcome: string } | null,
): boolean {
  if (last === null) return true;
  if (last.outcome === "running") return false;
  const todaysHour = new Date(`${utcDayOf(now)}T${String(syncHourUtc).padStart(2, "0")}:00:00Z`);
  if (now >= todaysHour && last.startedAt < todaysHour) return true;
  return last.outcome !== "ok" && now.getTime() - last.startedAt.getTime() >= CODING_SYNC_RETRY_MS;
}

/**
 * The days an app-rankings sync asks for: yesterday (OpenRouter may restate a recent window as
 * its snapshot refreshes) and every day of the back-fill window not stored yet, oldest first.
 */
export function appRankingsDaysToSync(
  now: Date,
  backfillDays: number,
  storedDays: ReadonlySet<UtcDay>,
): UtcDay[] {
  const yesterday = addDays(utcDayOf(now), -1);
  const from = addDays(yesterday, -(Math.max(1, backfillDays) - 1));
  return eachUtcDay(from, yesterday).filter((day) => day === yesterday || !storedDays.has(day));
}

async function lastRun(db: Db, source: string) {
  const [row] = await recentSourceSyncs(db, source, 1);
  return row === undefined ? null : { startedAt: row.startedAt, outcome: row.outcome };
}

/**
 * The jobs: GitHub counts always (no key needed), app rankings and session cost only with an
 * OpenRouter key.
 */
export function codingWorkloadJobs(input: {
  db: Db;
  settings: LlmCodingSettings;
  openRouter: OpenRouterConfig | undefined;
  syncHourUtc: number;
  clock: () => Date;
  log: { info(line: string): void; warn(line: string): void };
}): ScheduledJob[] {
  const { db, settings, openRouter, syncHourUtc, clock, log } = input;
  const jobs: ScheduledJob[] = [
    {
      name: "github-search-sync",
      intervalMs: CODING_SYNC_CHECK_MS,
      failureMessage: "scheduled GitHub search sync failed; will retry",
      run: async (stopping) => {
        const now = clock();
        if (!dailySyncDue(now, syncHourUtc, await lastRun(db, GITHUB_SEARCH_SOURCE))) return;
        const report = await runGithubSync(db, settings.github, {
          now,
          ...settings.githubSync,
          trigger: "schedule",
          signal: stopping,
          log: (line) => log.info(`GitHub search: ${line}`),
        });
        if (!report.ran) return;
        log.info(`GitHub search sync: ${report.message}`);
        if (report.outcome !== "ok")
          log.warn(
            `GitHub search sync ${report.outcome}: ${report.days
              .filter((d) => !d.written)
              .slice(0, 3)
              .map(describeGithubDay)
              .join("; ")}`,
          );
      },
    },
  ];
  if (openRouter === undefined) return jobs;
  jobs.push(
    {
      name: "openrouter-app-rankings-sync",
      intervalMs: CODING_SYNC_CHECK_MS,
      failureMessage: "scheduled OpenRouter app-rankings sync failed; will retry",
      run: async (stopping) => {
        const now = clock();
        if (!dailySyncDue(now, syncHourUtc, await lastRun(db, APP_RANKINGS_SOURCE))) return;
        const yesterday = addDays(utcDayOf(now), -1);
        const stored = await readAppRankingWindows(db, {
          category: CODING_CATEGORY,
          from: addDays(yesterday, -settings.appRankingsBackfillDays),
          to: yesterday,
        });
        const days = appRankingsDaysToSync(
          now,
          settings.appRankingsBackfillDays,
          new Set(stored.filter((w) => w.windowStart === w.windowEnd).map((w) => w.windowStart)),
        );
        const report = await syncAppRankings(db, openRouter, {
          days,
          trigger: "schedule",
          now,
          signal: stopping,
          log: (line) => log.info(`OpenRouter app rankings: ${line}`),
        });
        if (!report.ran) return;
        if (report.outcome === "ok") log.info(report.message);
        else log.warn(report.message);
      },
    },
    {
      name: "openrouter-session-cost-sync",
      intervalMs: CODING_SYNC_CHECK_MS,
      failureMessage: "scheduled OpenRouter session-cost sync failed; will retry",
      run: async (stopping) => {
        const now = clock();
        if (!dailySyncDue(now, syncHourUtc, await lastRun(db, SESSION_COST_SOURCE))) return;
        const report = await syncSessionCost(db, openRouter, {
          trigger: "schedule",
          now,
          signal: stopping,
        });
        if (!report.ran) return;
        if (report.outcome === "ok") log.info(report.message);
        else log.warn(report.message);
      },
    },
  );
  return jobs;
}
