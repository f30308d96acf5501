import { addDays, eachUtcDay, utcDayOf, type UtcDay } from "@tpi/domain";
import { readAppRankingWindows } from "@tpi/db";
import type { ScheduledJob } from "../../../platform/core/market";
import {
  dailySyncJob,
  logRunMessage,
  type SyncJobsInput,
} from "../../../platform/ingest/daily-sync";
import {
  APP_RANKINGS_SOURCE,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import { CODING_CATEGORY } from "../sources/app-rankings";
import { syncAppRankings } from "./app-rankings-sync";
import { GITHUB_SEARCH_SOURCE, describeGithubDay, runGithubSync } from "./github-sync";
import type { LlmCodingSettings } from "./settings";

/**
 * The daily syncs of the LLM Coding sources (GitHub search, OpenRouter app rankings), as scheduled jobs: each checks once
 * a minute whether its sync is due (`dailySyncJob`) and runs it in the background, so start-up
 * never waits on an outside host. The first run back-fills (the days missing in the back-fill
 * window), every later one re-checks the recent days; a run that stops half-way leaves its days
 * missing, and the next run finds and searches them, so no separate first-start record is needed.
 */

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

/**
 * The jobs: GitHub counts unless GITHUB_SEARCH_ENABLED is off (no key needed), app rankings only
 * with an OpenRouter key. `afterWrite` runs after a GitHub run (the market reloads its values).
 */
export function codingWorkloadJobs(
  input: SyncJobsInput & {
    settings: LlmCodingSettings;
    openRouter: OpenRouterDataApiConfig | undefined;
    syncHourUtc: number;
  },
): ScheduledJob[] {
  const { db, settings, openRouter, syncHourUtc, clock, log } = input;
  const afterSync = input.afterWrite ?? (() => Promise.resolve());
  const jobs: ScheduledJob[] = [];
  if (settings.githubEnabled)
    jobs.push(
      dailySyncJob({
        name: "github-search-sync",
        failureMessage: "scheduled GitHub search sync failed; will retry",
        db,
        source: GITHUB_SEARCH_SOURCE,
        syncHourUtc,
        clock,
        sync: async (now, stopping) => {
          const report = await runGithubSync(db, settings.github, {
            now,
            ...settings.githubSync,
            trigger: "schedule",
            signal: stopping,
            log: (line) => log.info(`GitHub search: ${line}`),
          });
          if (!report.ran) return;
          await afterSync();
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
      }),
    );
  if (openRouter === undefined) return jobs;
  jobs.push(
    dailySyncJob({
      name: "openrouter-app-rankings-sync",
      failureMessage: "scheduled OpenRouter app-rankings sync failed; will retry",
      db,
      source: APP_RANKINGS_SOURCE,
      syncHourUtc,
      clock,
      sync: async (now, stopping) => {
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
        logRunMessage(log, report);
      },
    }),
  );
  return jobs;
}
