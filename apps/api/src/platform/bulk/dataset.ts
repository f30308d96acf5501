import type { AccountPlan, BulkDatasetShape, BulkRow, DomainError, Result } from "@tpi/domain";
import type { Db } from "@tpi/db";

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
   * whole); `stopping` ends the read between batches.
   */
  rows(db: Db, stopping?: AbortSignal): AsyncIterable<BulkRow>;
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
