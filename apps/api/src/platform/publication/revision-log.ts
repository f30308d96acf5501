/** A revision log's answer: the revisions asked, in the log's order, and how many. */
export type RevisionLogBody<Row> = { success: true; count: number; data: Row[] };

/**
 * The answer of a market's revision log (a settled value never changes silently): every revision
 * asked, written as `rowOf` writes one. An empty log is an answer (nothing was revised in the
 * range), not missing data: a 200 with `count: 0`, never a 404.
 */
export function revisionLogBody<Revision, Row>(
  revisions: readonly Revision[],
  rowOf: (revision: Revision) => Row,
): RevisionLogBody<Row> {
  return { success: true, count: revisions.length, data: revisions.map(rowOf) };
}
