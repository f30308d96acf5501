import { parseArgs } from "node:util";
import { addDays, eachUtcDay, utcDayOf } from "@tpi/domain";
import { describeRun } from "../../../platform/jobs/source-sync";
import {
  ConfigurationError,
  UsageError,
  dayRangeOptions,
  reloadAsServed,
  statusCommand,
  withRuntime,
  withSubcommands,
} from "../../../platform/cli/command";
import type { Command } from "../../../platform/core/command";
import {
  GITHUB_SEARCH_SOURCE,
  GithubSyncRangeError,
  describeGithubDay,
  runGithubSync,
  syncGithubCounts,
  type GithubSyncReport,
} from "../jobs/github-sync";
import { llmCodingSettingsFrom, type LlmCodingEnv } from "../jobs/settings";
import { LLM_CODING } from "../read-model/state";

/** Help lines of the LLM Coding commands. */
export const LLM_CODING_USAGE = `  llm-coding sync [--from DAY] [--to DAY]
                                       count the coding agents' pull requests and commits with GitHub search (paced:
                                       10 searches a minute without GITHUB_TOKEN): without days, what the daily sync
                                       does (missing days of the back-fill window, then the recent days again); with
                                       them, every day from --from to --to (default yesterday), settled ones too
  llm-coding status                    the stored LLM Coding days, the served source and the recent GitHub sync runs`;

/** Operator commands of LLM Coding: `llm-coding sync` and `llm-coding status`. */
export const llmCodingCommands: Record<string, Command> = withSubcommands("llm-coding", {
  async sync(args, context) {
    const { values } = parseArgs({
      args,
      options: { from: { type: "string" }, to: { type: "string" } },
      strict: true,
    });
    const settings = llmCodingSettingsFrom(context.env as unknown as LlmCodingEnv);
    if (!settings.githubEnabled)
      throw new ConfigurationError("GitHub search is off: GITHUB_SEARCH_ENABLED is false");
    if (values.to !== undefined && values.from === undefined)
      throw new UsageError("--to needs --from");
    await withRuntime(context, async (runtime) => {
      const now = runtime.clock();
      const log = (line: string) => console.log(line);
      let report: GithubSyncReport;
      try {
        if (values.from === undefined) {
          report = await runGithubSync(runtime.database.db, settings.github, {
            now,
            ...settings.githubSync,
            trigger: "manual",
            log,
          });
        } else {
          const { from, to } = dayRangeOptions(values, {
            to: addDays(utcDayOf(now), -1),
            from: (to) => to,
          });
          report = await syncGithubCounts(runtime.database.db, settings.github, {
            days: eachUtcDay(from, to),
            trigger: "manual",
            now,
            log,
          });
        }
      } catch (error) {
        if (error instanceof GithubSyncRangeError) throw new UsageError(error.message);
        throw error;
      }
      console.log(describeRun(report));
      if (report.ran && report.outcome !== "ok")
        for (const day of report.days.filter((d) => !d.written).slice(0, 5))
          console.log(`  ${describeGithubDay(day)}`);
      // What the api serves: the sample too while nothing is stored (SEED_SAMPLE_ON_EMPTY).
      await reloadAsServed(LLM_CODING.of(runtime).counts, runtime);
      console.log(`served now: ${LLM_CODING.of(runtime).describeLoaded()}`);
    });
  },

  status: statusCommand({
    published: (runtime) => LLM_CODING.of(runtime).counts,
    source: GITHUB_SEARCH_SOURCE,
    describe(runtime, context) {
      const settings = llmCodingSettingsFrom(context.env as unknown as LlmCodingEnv);
      const { sources } = LLM_CODING.of(runtime).counts.dataSources;
      return [
        `GitHub search: ${settings.githubEnabled ? `on, ${settings.github.baseUrl}, ${settings.github.token === undefined ? "no token (10 searches a minute)" : "with a token (30 searches a minute)"}` : "off (GITHUB_SEARCH_ENABLED is false)"}`,
        ...sources.map(
          (source) =>
            `${source.source}: ${source.days} day(s) from ${source.firstDay} to ${source.lastDay}, newest search ${source.latestAsOf ?? "none"}`,
        ),
        ...(sources.length === 0 ? ["no counts stored yet"] : []),
      ];
    },
  }),
});
