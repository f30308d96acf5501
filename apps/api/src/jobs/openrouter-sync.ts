import type { UtcDay } from "@tpi/domain";
import { OpenRouterError, fetchOpenRouterDay, type OpenRouterConfig } from "../ingest/openrouter";
import { importObservations, type ImportReport } from "../services/observation-import";

export type OpenRouterSyncReport = {
  date: UtcDay;
  import: ImportReport;
  skippedOtherLabs: number;
  unpriced: number;
};

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
