import {
  LAB_IDS,
  err,
  noData,
  ok,
  type AccessLevel,
  type DomainError,
  type Result,
  type TokenVolumeQuery,
} from "@tpi/domain";
import type { PublishedIndex } from "../read-models/published-index";
import type { TokenVolumeResponse } from "../schemas/token-volume";

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
