import {
  EPOCH_LICENCE,
  ok,
  sourcesOfRows,
  type BulkRow,
  type NeocloudSite,
  type NeocloudSitesQuery,
} from "@tpi/domain";
import { asOfRelease, type ReleasedItems } from "../../../platform/http/release-parameter";
import type { NeocloudSitesResponse } from "../schemas/neocloud";
import { neocloudSitesAnswer } from "../services/neocloud";
import { neocloudSites, siteOfRow } from "./sites";

/**
 * `GET /api/neocloud/sites`'s answer as a release holds the register: every site of the release
 * (the search and paging read the whole register), mapped back to the route's sites and
 * searched as the route searches.
 */
export const neocloudSitesAsOf = asOfRelease({
  dataset: neocloudSites,
  itemOf: siteOfRow,
  selection: (_query: NeocloudSitesQuery) => ok({}),
  answer: (released, _deps, query) => ok(neocloudSitesOfRelease(query, released)),
});

/**
 * The sites answer from a release's rows: the same selection and paging; `dataSources` the
 * sources of the page's rows (every row's when the page is empty, as the answer now names every
 * dataset), each as of its newest retrieval.
 */
function neocloudSitesOfRelease(
  query: NeocloudSitesQuery,
  { rows, items: sites }: ReleasedItems<NeocloudSite>,
): NeocloudSitesResponse {
  const rowById = new Map(rows.map((row) => [String(row.id), row]));
  return neocloudSitesAnswer(query, sites, (page) => {
    const pageRows = page.flatMap((site): BulkRow[] => {
      const row = rowById.get(site.id);
      return row === undefined ? [] : [row];
    });
    return sourcesOfRows(pageRows.length > 0 ? pageRows : rows, () => ({ ...EPOCH_LICENCE }));
  });
}
