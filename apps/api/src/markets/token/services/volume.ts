import {
  RECENT_TOKEN_VOLUME_DAYS,
  err,
  noData,
  ok,
  type AccessLevel,
  type DomainError,
  type LabId,
  type Result,
  type TokenVolumeQuery,
} from "@tpi/domain";
import type { PublishedIndex } from "../read-model/published-index";
import type { TokenVolumeResponse } from "../schemas/volume";

/** What a volume answer is computed from: the published set, or a release's volumes. */
export type TokenVolumeRows = Pick<
  PublishedIndex,
  "volumeBases" | "volumeRowsBetween" | "dataSources"
>;

/**
 * Answers `GET /api/token-volume` from the published set in memory: every key reads every lab
 * and all history, so the caller's access only names itself in the envelope.
 */
export function answerTokenVolume(
  query: TokenVolumeQuery,
  access: AccessLevel,
  index: TokenVolumeRows,
): Result<TokenVolumeResponse, DomainError> {
  const bases = index.volumeBases(query.labs);
  const rowLabs = query.lab === undefined ? query.labs : [query.lab];
  const data = index.volumeRowsBetween(query.startDate, query.endDate, bases, rowLabs);
  if (data.length === 0) {
    const which = query.lab === undefined ? `labs ${query.labs.join(", ")}` : `lab '${query.lab}'`;
    return err(
      noData(
        `No settled token volume data from ${query.startDate} to ${query.endDate} for ${which}.`,
      ),
    );
  }
  const inData = new Set(data.map((row) => row.lab));
  return ok({
    success: true,
    access,
    startDate: query.startDate,
    endDate: query.endDate,
    labs: [...query.labs],
    count: data.length,
    totalBaseline: bases.totalBaseline,
    baselines: bases.baselines.filter((base) => inData.has(base.lab)),
    dataSources: index.dataSources,
    data,
  });
}

/**
 * The website's volume page: the last `RECENT_TOKEN_VOLUME_DAYS` settled days of `labs` (shares
 * and totals over those labs, as `GET /api/token-volume?labs=...` has them), each lab's latest
 * row, and the sources. No settled day yet is an empty answer, so the page can say so.
 */
export function answerRecentTokenVolume(index: PublishedIndex, labs: readonly LabId[]) {
  const days = index.latestDays(RECENT_TOKEN_VOLUME_DAYS);
  const startDate = days[0];
  const endDate = days.at(-1);
  const bases = index.volumeBases(labs);
  const rows =
    startDate === undefined || endDate === undefined
      ? []
      : index.volumeRowsBetween(startDate, endDate, bases, labs);
  const latest = labs.flatMap((lab) => rows.findLast((row) => row.lab === lab) ?? []);
  const inRows = new Set(rows.map((row) => row.lab));
  return {
    startDate: startDate ?? null,
    endDate: endDate ?? null,
    days: days.length,
    latest,
    rows,
    labs: [...labs],
    totalBaseline: bases.totalBaseline,
    baselines: bases.baselines.filter((base) => inRows.has(base.lab)),
    dataSources: index.dataSources,
  };
}
