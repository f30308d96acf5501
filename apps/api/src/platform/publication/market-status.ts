import { recentSourceSyncs, type Db } from "@tpi/db";
import { z } from "zod";
import type { Market, MarketStates } from "../core/market";
import { marketDataStates, type MarketDataState } from "./market-data-state";
import {
  dataSourceSpanOf,
  dataSourceSpanSchema,
  type DataSources,
} from "../provenance/data-sources";

/**
 * Each market's data as an operator checks it (`tpi status`, the website's /status): what is
 * served and in what state, and its sources' latest runs. The platform reads what every market
 * declares (its published sets, its sources, its sync-log sources) and names none.
 */

/**
 * What a market serves: `real` (its sources' data), `sample` (the generated sample, not market
 * data), `empty` (nothing stored and no sample shown), `loading` (its first-start load is running:
 * its data routes answer 503) or `stale` (its first-start load stopped unfinished and nobody is
 * loading it: it serves what is stored, possibly nothing, until a start or a serving instance's
 * hourly check completes it).
 */
export const MARKET_DATA_STATUSES = ["real", "sample", "empty", "loading", "stale"] as const;
export type MarketDataStatus = (typeof MARKET_DATA_STATUSES)[number];

/**
 * The served data's status from `/health`'s state of its data set and from the sources of what is
 * loaded (data served always names a source: none means nothing is served).
 */
export function marketDataStatus(
  state: MarketDataState,
  served: Pick<DataSources, "sample" | "sources">,
): MarketDataStatus {
  if (state === "loading") return "loading";
  if (state === "incomplete") return "stale";
  if (served.sample) return "sample";
  return served.sources.length === 0 ? "empty" : "real";
}

/** Runs listed per source: the latest few are what an operator checks. */
export const STATUS_RUNS_PER_SOURCE = 3;

const sourceRunSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  startedAt: z.string(),
  /** Null while the run is going on. */
  finishedAt: z.string().nullable(),
  /** `ok`, `partial`, `failed`, `interrupted`, or `running`. */
  outcome: z.string(),
  daysWritten: z.number().int(),
  message: z.string(),
});

export const marketStatusSchema = z.object({
  market: z.string(),
  data: z.enum(MARKET_DATA_STATUSES),
  /** What this process loaded, in the market's words ("1,234 published token values"). */
  loaded: z.string(),
  /** The newest as-of time of the served data's sources (ISO 8601 UTC), null when none says one. */
  asOf: z.string().nullable(),
  dataSources: z.array(dataSourceSpanSchema),
  /** Each sync-log source the market declares, with its latest runs, newest first. */
  sources: z.array(z.object({ source: z.string(), runs: z.array(sourceRunSchema) })),
});
export type MarketStatus = z.output<typeof marketStatusSchema>;
export type SourceRun = z.output<typeof sourceRunSchema>;

/** Every market's status, in the market list's order, from the published sets held in `markets`. */
export async function marketStatuses(
  db: Db,
  marketList: readonly Market[],
  markets: MarketStates,
): Promise<MarketStatus[]> {
  const states = await marketDataStates(
    db,
    marketList.map((market) => market.name),
  );
  return Promise.all(
    marketList.map(async (market): Promise<MarketStatus> => {
      const state = markets.get(market.name);
      const { dataSources } = state.provenance();
      const asOf = dataSources.sources
        .map((source) => source.latestAsOf)
        .filter((value): value is string => value !== null)
        .sort()
        .at(-1);
      return {
        market: market.name,
        data: marketDataStatus(states[market.name] ?? "complete", dataSources),
        loaded: state.describeLoaded(),
        asOf: asOf ?? null,
        dataSources: dataSources.sources.map(dataSourceSpanOf),
        sources: await Promise.all(
          market.syncSources.map(async (source) => ({
            source,
            runs: (await recentSourceSyncs(db, source, STATUS_RUNS_PER_SOURCE)).map(
              (run): SourceRun => ({
                id: run.id,
                trigger: run.trigger,
                startedAt: run.startedAt.toISOString(),
                // The log reads an unfinished run's end as its start: it has none yet.
                finishedAt: isRunning(run.outcome) ? null : run.finishedAt.toISOString(),
                outcome: run.outcome,
                daysWritten: run.daysWritten,
                message: run.message,
              }),
            ),
          })),
        ),
      };
    }),
  );
}

/** A run still going on: the sync log records `running` until the run writes its end. */
function isRunning(outcome: string): boolean {
  return outcome === "running";
}

/** A market's status as `tpi status` prints it: a heading line, then indented lines. */
export function statusLines(status: MarketStatus): string[] {
  const lines = [
    `${status.market}: ${status.data}; ${status.loaded}; as of ${status.asOf ?? "unknown"}`,
  ];
  for (const source of status.dataSources)
    lines.push(
      `  data from ${source.source}${source.sample ? " (sample)" : ""}: ${source.days === 0 ? "no days" : `${source.days} day(s) from ${source.firstDay} to ${source.lastDay}`}, as of ${source.latestAsOf ?? "unknown"}`,
    );
  if (status.sources.length === 0) lines.push("  no source logs runs");
  for (const { source, runs } of status.sources) {
    if (runs.length === 0) lines.push(`  ${source}: no run logged`);
    for (const run of runs)
      lines.push(
        `  ${source} run #${run.id} ${run.trigger} started ${run.startedAt}, ${run.finishedAt === null ? "still running" : `finished ${run.finishedAt}`}: ${run.outcome}, ${run.daysWritten} day(s) written${run.message === "" ? "" : ` (${run.message})`}`,
      );
  }
  return lines;
}
