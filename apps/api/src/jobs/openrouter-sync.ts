import { addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import { OpenRouterError, fetchOpenRouterDay, type OpenRouterConfig } from "../ingest/openrouter";
import { importObservations, type ImportReport } from "./observation-import";

export type OpenRouterSyncReport = {
  date: UtcDay;
  import: ImportReport;
  skippedOtherLabs: number;
  unpriced: number;
};

/**
 * The day a sync fetches unless told otherwise: yesterday, because a UTC day's volumes are
 * complete only after it ends (and it settles 36 hours later). Re-syncing an unchanged day
 * writes nothing, and several instances may sync at once: the import is an idempotent upsert.
 */
export function openRouterDayToSync(now: Date): UtcDay {
  return addDays(utcDayOf(now), -1);
}

export function describeOpenRouterSync(report: OpenRouterSyncReport): string {
  return `OpenRouter ${report.date}: ${report.import.rowsRead} model(s) of catalog labs, ${report.unpriced} without a price (stored, excluded from the index), ${report.skippedOtherLabs} of other labs skipped`;
}

async function* oneBatch<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  yield rows;
}

/**
 * One day from OpenRouter into `observation`, through the same atomic import as files: every
 * row validated by the same rules, all or nothing. Re-running a day changes nothing unless
 * OpenRouter's numbers changed (they may be restated upstream).
 */
export async function syncOpenRouterDay(
  databaseUrl: string,
  config: OpenRouterConfig,
  date: UtcDay,
): Promise<OpenRouterSyncReport> {
  const day = await fetchOpenRouterDay(config, date);
  const report = await importObservations(databaseUrl, () => oneBatch(day.rows), {
    skipInvalid: false,
  });
  if (!report.written) {
    const first = report.issues[0];
    throw new OpenRouterError(
      `OpenRouter data for ${date} has ${report.invalidRows} invalid row(s)${first ? `, e.g. entry ${first.line}: ${first.reason}` : ""}; nothing was written`,
    );
  }
  return { date, import: report, skippedOtherLabs: day.skippedOtherLabs, unpriced: day.unpriced };
}
