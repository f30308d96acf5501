import {
  LAB_IDS,
  earliestVisibleDay,
  labOrder,
  ok,
  tokenVolumeRows,
  totalVolumeBaseline,
  visibleLabs,
  volumeBaselines,
  type AccessLevel,
  type DomainError,
  type LabDayVolume,
  type OtpiQuery,
  type Result,
  type UtcDay,
} from "@tpi/domain";
import { asOfRelease } from "../../../platform/http/release-parameter";
import type { DataSources } from "../../../platform/provenance/data-sources";
import { TOKEN } from "../read-model/state";
import type { OtpiRow, OtpiRows } from "../services/otpi";
import type { TokenVolumeRows } from "../services/volume";
import { LAB_INDEX_DAILY, TOKEN_VOLUME_DAILY, labDayVolumeOf, otpiRowOf } from "./datasets";

/**
 * The token answers as a release holds their values: the release's rows read through the
 * ReleaseReader and mapped back to the items, then answered by the same functions as the
 * published set (same checks, same 404s). The sources stated are the published set's.
 */

const byDayThenCatalog = (a: OtpiRow, b: OtpiRow) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : labOrder(a.lab) - labOrder(b.lab);

/**
 * `GET /api/otpi`'s rows of a release, for the labs and days `query` may answer: the day, the
 * range, or (for the latest day) each lab's latest day in the caller's window: the latest day
 * with any of the labs is one of those, and a lab with a row on it has it as its latest.
 */
export const otpiRowsAsOf = asOfRelease({
  dataset: LAB_INDEX_DAILY,
  itemOf: otpiRowOf,
  selection: (query: OtpiQuery, access: AccessLevel, now: Date) =>
    ok({
      series: visibleLabs(access, query.lab),
      ...(query.kind === "day"
        ? { fromPeriod: query.date, toPeriod: query.date }
        : query.kind === "range"
          ? { fromPeriod: query.startDate, toPeriod: query.endDate }
          : { fromPeriod: earliestVisibleDay(access, now), latestPeriods: 1 }),
    }),
  answer: ({ items }, deps): Result<OtpiRows, DomainError> =>
    ok(releasedOtpiRows(items, TOKEN.of(deps).index.dataSources)),
});

function releasedOtpiRows(items: OtpiRow[], dataSources: DataSources): OtpiRows {
  const sorted = [...items].sort(byDayThenCatalog);
  const inRange = (start: UtcDay, end: UtcDay, labs: readonly string[]) =>
    sorted.filter((row) => row.date >= start && row.date <= end && labs.includes(row.lab));
  return {
    dataSources,
    rowsOn: (day, labs) => inRange(day, day, labs),
    rowsBetween: inRange,
    latestDayWith: (labs, notBefore) =>
      sorted.findLast(
        (row) => labs.includes(row.lab) && (notBefore === undefined || row.date >= notBefore),
      )?.date,
  };
}

/**
 * `GET /api/token-volume`'s volumes of a release: every lab over all of its history, since each
 * lab's base and the total's base are the first days of all history.
 */
export const tokenVolumesAsOf = asOfRelease({
  dataset: TOKEN_VOLUME_DAILY,
  itemOf: labDayVolumeOf,
  selection: () => ok({ series: LAB_IDS }),
  answer: ({ items }, deps): Result<TokenVolumeRows, DomainError> =>
    ok(releasedVolumes(items, TOKEN.of(deps).index.dataSources)),
});

function releasedVolumes(volumes: LabDayVolume[], dataSources: DataSources): TokenVolumeRows {
  return {
    dataSources,
    volumeBases: (labs) => ({
      labs,
      baselines: volumeBaselines(volumes.filter((v) => labs.includes(v.lab))),
      totalBaseline: totalVolumeBaseline(volumes, labs),
    }),
    volumeRowsBetween: (start, end, bases, rowLabs) =>
      tokenVolumeRows(
        volumes.filter((v) => v.date >= start && v.date <= end),
        bases,
        rowLabs,
      ),
  };
}
