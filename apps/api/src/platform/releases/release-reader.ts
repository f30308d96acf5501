import type { BulkRow, DomainError, Result } from "@tpi/domain";

/**
 * Which rows of a dataset to read as a release holds them: the series (all when absent) and the
 * periods, both ends included, compared as the period column's ISO text.
 */
export type VintageQuery = {
  market: string;
  dataset: string;
  release: number;
  series?: readonly string[];
  fromPeriod?: string;
  toPeriod?: string;
  /** Only the latest this many periods of each series within the range. */
  latestPeriods?: number;
  /** Only the earliest this many periods of each series within the range (not with latestPeriods). */
  earliestPeriods?: number;
};

/**
 * Reads a dataset as it stood in a release ("as of release R"): each row's value as first
 * published up to that release, before any later restatement. A history route given `release`
 * answers from here instead of the values published now.
 */
export type ReleaseReader = {
  /**
   * The rows in series then period order, provenance columns included; a 404 `release_not_found`
   * (with the releases kept) when the release does not exist or is past retention.
   */
  rowsAsOf(query: VintageQuery): Promise<Result<readonly BulkRow[], DomainError>>;
};
