import {
  LAB_IDS,
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

/**
 * Answers `GET /api/token-volume` from the published set in memory: every key reads every lab
 * and all history, so the caller's access only names itself in the envelope.
 */
export function answerTokenVolume(
  query: TokenVolumeQuery,
  access: AccessLevel,
  index: PublishedIndex,
): Result<TokenVolumeResponse, DomainError> {
  const labs = query.lab === undefined ? LAB_IDS : [query.lab];
  const data = index.volumeRowsBetween(query.startDate, query.endDate, labs);
  if (data.length === 0) {
    const which = query.lab === undefined ? "any lab" : `lab '${query.lab}'`;
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
    count: data.length,
    baselines: index.volumeBaselines.filter((base) => inData.has(base.lab)),
    dataSources: index.dataSources,
    data,
  });
}

/**
 * The website's volume page: the last `RECENT_TOKEN_VOLUME_DAYS` settled days of `labs` (shares
 * still over every tracked lab), each lab's latest row, and the sources. No settled day yet is
 * an empty answer, so the page can say so.
 */
export function answerRecentTokenVolume(index: PublishedIndex, labs: readonly LabId[]) {
  const days = index.latestDays(RECENT_TOKEN_VOLUME_DAYS);
  const startDate = days[0];
  const endDate = days.at(-1);
  const rows =
    startDate === undefined || endDate === undefined
      ? []
      : index.volumeRowsBetween(startDate, endDate, labs);
  const latest = labs.flatMap((lab) => rows.findLast((row) => row.lab === lab) ?? []);
  const inRows = new Set(rows.map((row) => row.lab));
  return {
    startDate: startDate ?? null,
    endDate: endDate ?? null,
    days: days.length,
    latest,
    rows,
    baselines: index.volumeBaselines.filter((base) => inRows.has(base.lab)),
    dataSources: index.dataSources,
  };
}
