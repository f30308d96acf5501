import { err, ok, releaseNotFound, type BulkRow } from "@tpi/domain";
import { readKeptVintageRows, type Db } from "@tpi/db";
import type { ReleaseReader, VintageQuery } from "./release-reader";

/**
 * The release reader over the vintage store: a release kept by retention answers its rows as it
 * holds them; one never cut, or removed, is a 404 naming the releases kept. The kept range and
 * the rows are read in one snapshot, so a release removed meanwhile is a 404, not rows missing.
 */
export function databaseReleaseReader(db: Db): ReleaseReader {
  return {
    async rowsAsOf(query: VintageQuery) {
      const read = await readKeptVintageRows(db, query);
      if (read.rows === undefined) return err(releaseNotFound(query.release, read.kept));
      const rows: readonly BulkRow[] = read.rows;
      return ok(rows);
    },
  };
}
