import {
  authorizeOtpiQuery,
  earliestVisibleDay,
  noData,
  parseOtpiQuery,
  visibleLabs,
  type AccessLevel,
  type DomainError,
  type LabId,
  type OtpiQuery,
  type RawQuery,
  type Result,
  type UtcDay,
  err,
  ok,
} from "@tpi/domain";
import type { PublishedIndex } from "../read-model/published-index";
import {
  answerDataSourcesOf,
  sourcesBetween,
  type AnswerDataSources,
  type DataSources,
} from "../../../platform/provenance/data-sources";

/** One row of `data` (contract 2.1). */
export type OtpiRow = { date: UtcDay; lab: LabId; indexPerMtok: number; computedAt: string };

/**
 * The contract's envelope (2.2): `date` for single days, `startDate`/`endDate` for ranges, and
 * (added to the contract's fields) `dataSources`: whether the numbers are the generated sample.
 */
export type OtpiResponse =
  | {
      success: true;
      access: AccessLevel;
      date: UtcDay;
      count: number;
      data: OtpiRow[];
      dataSources: AnswerDataSources;
    }
  | {
      success: true;
      access: AccessLevel;
      startDate: UtcDay;
      endDate: UtcDay;
      count: number;
      data: OtpiRow[];
      dataSources: AnswerDataSources;
    };

/**
 * What an answer reads its rows from: the published set, or the rows a release holds (the
 * sources are then still the published set's: releases keep values, not source terms).
 */
export type OtpiRows = {
  rowsOn(day: UtcDay, labs: readonly LabId[]): readonly OtpiRow[];
  rowsBetween(start: UtcDay, end: UtcDay, labs: readonly LabId[]): readonly OtpiRow[];
  latestDayWith(labs: readonly LabId[], notBefore?: UtcDay): UtcDay | undefined;
  readonly dataSources: DataSources;
};

/** The sources of the published data on the answer's days. */
const dataSourcesOn = (index: OtpiRows, startDay: UtcDay, endDay: UtcDay) =>
  answerDataSourcesOf(sourcesBetween(index.dataSources, startDay, endDay));

const toRow = (row: OtpiRow): OtpiRow => ({
  date: row.date,
  lab: row.lab,
  indexPerMtok: row.indexPerMtok,
  computedAt: row.computedAt,
});

function describeLabs(query: OtpiQuery, access: AccessLevel): string {
  if (query.lab !== undefined) return `lab '${query.lab}'`;
  return access === "full" ? "any lab" : "the free-tier labs";
}

/** Parses and authorizes a `GET /api/otpi` request: a 400 or 401 before any data is read. */
export function validateOtpiRequest(
  rawQuery: RawQuery,
  access: AccessLevel,
  now: Date,
): Result<OtpiQuery, DomainError> {
  const parsed = parseOtpiQuery(rawQuery);
  if (!parsed.ok) return parsed;
  const authorized = authorizeOtpiQuery(parsed.value, access, now);
  return authorized.ok ? parsed : authorized;
}

/** Parses, authorizes and answers a `GET /api/otpi` request from the published set. */
export function answerOtpi(
  rawQuery: RawQuery,
  access: AccessLevel,
  now: Date,
  index: PublishedIndex,
): Result<OtpiResponse, DomainError> {
  const validated = validateOtpiRequest(rawQuery, access, now);
  return validated.ok ? answerValidOtpiQuery(validated.value, access, now, index) : validated;
}

/** Answers an already validated query; 404 when nothing matches. */
export function answerValidOtpiQuery(
  query: OtpiQuery,
  access: AccessLevel,
  now: Date,
  index: OtpiRows,
): Result<OtpiResponse, DomainError> {
  const labs = visibleLabs(access, query.lab);
  switch (query.kind) {
    case "latest": {
      const day = index.latestDayWith(labs, earliestVisibleDay(access, now));
      if (day === undefined)
        return err(
          noData(`No settled index data is available for ${describeLabs(query, access)}.`),
        );
      const data = index.rowsOn(day, labs).map(toRow);
      const dataSources = dataSourcesOn(index, day, day);
      return ok({ success: true, access, date: day, count: data.length, data, dataSources });
    }
    case "day": {
      const data = index.rowsOn(query.date, labs).map(toRow);
      if (data.length === 0) {
        return err(
          noData(`No settled index data for ${query.date} for ${describeLabs(query, access)}.`),
        );
      }
      return ok({
        success: true,
        access,
        date: query.date,
        count: data.length,
        data,
        dataSources: dataSourcesOn(index, query.date, query.date),
      });
    }
    case "range": {
      const data = index.rowsBetween(query.startDate, query.endDate, labs).map(toRow);
      if (data.length === 0) {
        return err(
          noData(
            `No settled index data from ${query.startDate} to ${query.endDate} for ${describeLabs(query, access)}.`,
          ),
        );
      }
      return ok({
        success: true,
        access,
        startDate: query.startDate,
        endDate: query.endDate,
        count: data.length,
        data,
        dataSources: dataSourcesOn(index, query.startDate, query.endDate),
      });
    }
  }
}
