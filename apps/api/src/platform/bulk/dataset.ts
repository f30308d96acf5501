import type { AccountPlan, BulkDatasetShape, BulkRow, DomainError, Result } from "@tpi/domain";
import { seriesPages, type Db, type SeriesKey } from "@tpi/db";

/**
 * A market's published series as one table, and how its rows are read. A market lists its
 * datasets in its definition (`bulkDatasets`); the platform cuts them into releases, writes their
 * files and serves them, and never names one.
 */
export type MarketBulkDataset = BulkDatasetShape & {
  /**
   * Every published row, ordered by series then period, each with the dataset's columns and the
   * provenance columns filled: the items the history route serves for every series over all of
   * its history. Read from the database in batches (a year of hourly prints never sits in memory
   * whole); `stopping` ends the read between batches. `pageRows` is the size of a batch (rows,
   * or keys where the dataset reads by key), the dataset's own when absent: tests ask small
   * batches to read across their edges.
   */
  rows(db: Db, stopping?: AbortSignal, pageRows?: number): AsyncIterable<BulkRow>;
  /**
   * The series a keyless caller reads (over the market's free window on the release's day): the
   * free labs, the free GPUs; empty when every value needs a key (no free file is written).
   */
  readonly freeSeries: readonly string[];
  /**
   * Whether a key of `plan` downloads the full file: the answer its history route gives the same
   * key (a plan without hourly data is refused the hourly prints). Every plan when absent.
   */
  keyedAccess?(plan: AccountPlan): Result<unknown, DomainError>;
};

/**
 * Every row of a keyset read (`seriesPages`), one at a time, in series then period order: what
 * a dataset whose rows are its stored values streams, `pageRows` rows read at a time.
 */
export async function* keysetRows<Row, Period>(
  readPage: (after: SeriesKey<Period> | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => SeriesKey<Period>,
  pageRows: number,
  stopping?: AbortSignal,
): AsyncGenerator<Row> {
  for await (const page of seriesPages(readPage, keyOf, pageRows, stopping)) yield* page;
}

/**
 * The one `citation` column of a row standing on several sources: each source's citation once,
 * in order, space-separated; null when none has one.
 */
export function joinCitations(citations: Iterable<string | null | undefined>): string | null {
  const cited = new Set<string>();
  for (const citation of citations) if (citation != null) cited.add(citation);
  return cited.size === 0 ? null : [...cited].join(" ");
}
