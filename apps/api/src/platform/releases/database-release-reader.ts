import { err, ok, releaseNotFound, type BulkRow } from "@tpi/domain";
import { keptReleases, readVintageRows, type Db } from "@tpi/db";
import type { ReleaseReader, VintageQuery } from "./release-reader";

/**
 * The release reader over the vintage store: a release kept by retention answers its rows as it
 * holds them; one never cut, or removed, is a 404 naming the releases kept.
 */
export function databaseReleaseReader(db: Db): ReleaseReader {
  return {
    async rowsAsOf(query: VintageQuery) {
      const kept = await keptReleases(db);
      if (kept === null || query.release < kept.oldest || query.release > kept.latest)
        return err(releaseNotFound(query.release, kept));
      const rows: readonly BulkRow[] = await readVintageRows(db, query);
      return ok(rows);
    },
  };
}
