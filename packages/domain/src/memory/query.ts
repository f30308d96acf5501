import { badRequest, type DomainError } from "../shared/errors";
import {
  invalidRowLimitMessage,
  parseDatedRows,
  parseOptionalDayRange,
  type DatedRows,
  type OptionalDayRange,
  type RowLimit,
} from "../shared/dated-query";
import { singleParameterQuery } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import {
  findMemoryType,
  isMemoryCategory,
  unknownMemoryCategoryMessage,
  unknownMemoryTypeMessage,
  type MemoryCategory,
  type MemoryType,
} from "./catalog";

/** Rules of the Memory routes' parameters that do not depend on storage. */
export const MEMORY_INDEX_QUERY_PARAMETERS = ["category", "type"] as const;
export const MEMORY_HISTORY_QUERY_PARAMETERS = ["startDate", "endDate", "limit"] as const;
export const MEMORY_REVISIONS_QUERY_PARAMETERS = ["type", "startDate", "endDate"] as const;

/** History rows per answer unless `limit` says otherwise (the reference's default). */
export const DEFAULT_MEMORY_HISTORY_LIMIT = 1000;
/** The most rows one history answer may carry: about 20 years of trading days. */
export const MAX_MEMORY_HISTORY_LIMIT = 5000;

/** The history's `limit`: its default and most rows, as the parser and the api's document read it. */
export const MEMORY_HISTORY_LIMIT: RowLimit = {
  default: DEFAULT_MEMORY_HISTORY_LIMIT,
  max: MAX_MEMORY_HISTORY_LIMIT,
};

export function invalidMemoryLimitMessage(value: string): string {
  return invalidRowLimitMessage(value, MAX_MEMORY_HISTORY_LIMIT);
}

export function parseMemoryType(value: string): Result<MemoryType, DomainError> {
  const memory = findMemoryType(value);
  return memory === undefined ? err(badRequest(unknownMemoryTypeMessage(value))) : ok(memory);
}

export type MemoryIndexQuery = { category?: MemoryCategory; type?: MemoryType };

/**
 * `GET /api/memory-index`: nothing (every type), `category` (an array of its types), `type` (one
 * object), or both (the type, which must be in the category).
 */
export const parseMemoryIndexQuery = singleParameterQuery(
  MEMORY_INDEX_QUERY_PARAMETERS,
  (params): Result<MemoryIndexQuery, DomainError> => {
    const query: MemoryIndexQuery = {};
    const { category, type } = params;
    if (category !== undefined) {
      if (!isMemoryCategory(category))
        return err(badRequest(unknownMemoryCategoryMessage(category)));
      query.category = category;
    }
    if (type !== undefined) {
      const memory = parseMemoryType(type);
      if (!memory.ok) return memory;
      query.type = memory.value;
    }
    return ok(query);
  },
);

export type MemoryDayRange = OptionalDayRange;
export type MemoryHistoryQuery = DatedRows;

/**
 * `GET /api/memory/{memoryType}/history`: optional inclusive trading days (a date-only `endDate`
 * includes that day's 4 PM New York settlement), and a limit (default 1000).
 */
export const parseMemoryHistoryQuery = singleParameterQuery(
  MEMORY_HISTORY_QUERY_PARAMETERS,
  (params): Result<MemoryHistoryQuery, DomainError> => {
    return parseDatedRows(params, MEMORY_HISTORY_LIMIT);
  },
);

export type MemoryRevisionsQuery = MemoryDayRange & { type?: MemoryType };

/** `GET /api/memory/revisions`: optional type and inclusive days. */
export const parseMemoryRevisionsQuery = singleParameterQuery(
  MEMORY_REVISIONS_QUERY_PARAMETERS,
  (params): Result<MemoryRevisionsQuery, DomainError> => {
    const range = parseOptionalDayRange(params);
    if (!range.ok) return range;
    const query: MemoryRevisionsQuery = { ...range.value };
    if (params.type !== undefined) {
      const memory = parseMemoryType(params.type);
      if (!memory.ok) return memory;
      query.type = memory.value;
    }
    return ok(query);
  },
);
