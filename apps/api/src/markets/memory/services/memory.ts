import {
  MEMORY_METHODOLOGY_VERSION,
  MEMORY_PUBLIC_SERIES_CHECK,
  MEMORY_TYPES,
  MEMORY_UNIT,
  describeMemoryImportColumns,
  describeMemoryMethodology,
  err,
  findMemoryType,
  latestRowsInRange,
  memoryDateInstant,
  memorySettlementInstant,
  memoryTypeOf,
  noData,
  ok,
  type DomainError,
  type MemoryHistoryQuery,
  type MemoryIndexQuery,
  type MemoryRevisionsQuery,
  type MemoryType,
  type Result,
  inOptionalDayRange,
} from "@tpi/domain";
import { answerDataSourcesOf } from "../../../platform/provenance/data-sources";
import { revisionLogBody } from "../../../platform/publication/revision-log";
import type { MemoryValue, PublishedMemory } from "../read-model/published-memory";
import type {
  MemoryHistoryResponse,
  MemoryHistoryRow,
  MemoryIndexResponse,
  MemoryIndexRow,
  MemoryMethodologyResponse,
  MemoryRevisionsResponse,
  MemoryTypesResponse,
} from "../schemas/memory";

/** `GET /api/memory-types`: the catalogue, which never changes while the process runs. */
export const MEMORY_TYPES_BODY: MemoryTypesResponse = {
  success: true,
  data: MEMORY_TYPES.map((memory) => ({
    id: memory.id,
    memory_type: memory.name,
    category: memory.category,
    unit: memory.unit,
  })),
};

function indexRowOf(value: MemoryValue, sample: boolean): MemoryIndexRow {
  const memory = memoryTypeOf(value.typeId);
  return {
    id: memory.id,
    memoryType: memory.name,
    category: memory.category,
    price: value.price,
    changePct: value.changePct,
    weeklyHigh: value.weeklyHigh,
    weeklyLow: value.weeklyLow,
    sourceUpdatedAt: value.sourceUpdatedAt.toISOString(),
    sources: [...value.sources],
    sample,
    date: memoryDateInstant(value.day),
    updatedAt: value.updatedAt.toISOString(),
  };
}

export function noMemoryValueMessage(memory: MemoryType): string {
  return `No settled value of ${memory.id} (${memory.name}) yet: it settles at 4 PM New York on the first trading day with an imported observation.`;
}

export function memoryTypeNotInCategoryMessage(memory: MemoryType, category: string): string {
  return `Memory type ${memory.id} (${memory.name}) is in category '${memory.category}', not '${category}'.`;
}

/**
 * `GET /api/memory-index`: the latest settled value of each type asked (every type, or a
 * category's: an array; one `type`: a single object). A type without a settled value is left out
 * of an array; asked alone, it is a 404 saying so.
 */
export function answerMemoryIndex(
  query: MemoryIndexQuery,
  index: PublishedMemory,
): Result<MemoryIndexResponse, DomainError> {
  const { type, category } = query;
  if (type !== undefined) {
    if (category !== undefined && type.category !== category)
      return err(noData(memoryTypeNotInCategoryMessage(type, category)));
    const latest = index.latestOf(type.id);
    if (latest === undefined) return err(noData(noMemoryValueMessage(type)));
    return ok({
      success: true,
      date: memoryDateInstant(latest.day),
      count: 1,
      data: indexRowOf(latest, index.isSample),
      dataSources: answerDataSourcesOf(index.sourcesOf([latest])),
    });
  }
  const values = MEMORY_TYPES.filter(
    (memory) => category === undefined || memory.category === category,
  ).flatMap((memory) => {
    const latest = index.latestOf(memory.id);
    return latest === undefined ? [] : [latest];
  });
  const date = values.reduce<string | null>(
    (latest, value) => (latest === null || value.day > latest ? value.day : latest),
    null,
  );
  return ok({
    success: true,
    date: date === null ? null : memoryDateInstant(date),
    count: values.length,
    data: values.map((value) => indexRowOf(value, index.isSample)),
    dataSources: answerDataSourcesOf(index.sourcesOf(values)),
  });
}

/** What the history answer reads: the published set, or the values a release holds. */
export type MemoryHistoryRows = Pick<PublishedMemory, "valuesOf" | "isSample" | "sourcesOf">;

/**
 * `GET /api/memory/{memoryType}/history`: the type's settled values in the range (trading days,
 * inclusive), the latest `limit` of them, oldest first; an empty range is an empty `data`.
 */
export function answerMemoryHistory(
  memoryTypeText: string,
  query: MemoryHistoryQuery,
  index: MemoryHistoryRows,
): Result<MemoryHistoryResponse, DomainError> {
  // The path schema admits only ids and names of the catalogue.
  const memory = findMemoryType(memoryTypeText) ?? memoryTypeOf(memoryTypeText);
  const values = latestRowsInRange(index.valuesOf(memory.id), (value) => value.day, query);
  const sample = index.isSample;
  return ok({
    success: true,
    id: memory.id,
    memoryType: memory.name,
    count: values.length,
    data: values.map(
      (value): MemoryHistoryRow => ({
        date: memoryDateInstant(value.day),
        id: memory.id,
        memoryType: memory.name,
        category: memory.category,
        price: value.price,
        weeklyHigh: value.weeklyHigh,
        weeklyLow: value.weeklyLow,
        changePct: value.changePct,
        sourceUpdatedAt: value.sourceUpdatedAt.toISOString(),
        sources: [...value.sources],
        sample,
        timestamp: memorySettlementInstant(value.day).toISOString(),
        updatedAt: value.updatedAt.toISOString(),
      }),
    ),
    dataSources: answerDataSourcesOf(index.sourcesOf(values)),
  });
}

/** `GET /api/memory/revisions`: every revision of settled values asked, oldest day first. */
export function answerMemoryRevisions(
  query: MemoryRevisionsQuery,
  index: PublishedMemory,
): Result<MemoryRevisionsResponse, DomainError> {
  const revisions = index.revisions.filter(
    (revision) =>
      (query.type === undefined || revision.typeId === query.type.id) &&
      inOptionalDayRange(revision.day, query),
  );
  return ok(
    revisionLogBody(revisions, (revision) => ({
      id: revision.id,
      date: revision.day,
      memoryTypeId: revision.typeId,
      memoryType: memoryTypeOf(revision.typeId).name,
      oldPrice: revision.oldPrice,
      newPrice: revision.newPrice,
      changePercent: revision.changePercent,
      oldUpdatedAt: revision.oldUpdatedAt?.toISOString() ?? null,
      reason: revision.reason,
      recordedAt: revision.recordedAt.toISOString(),
    })),
  );
}

/** The method as data, for `GET /api/memory/methodology`, the website and the MCP resource. */
export function memoryMethodologyDocument(index: PublishedMemory): MemoryMethodologyResponse {
  return {
    success: true,
    version: MEMORY_METHODOLOGY_VERSION,
    unit: MEMORY_UNIT,
    rules: describeMemoryMethodology(),
    importColumns: describeMemoryImportColumns(),
    publicSeries: [...MEMORY_PUBLIC_SERIES_CHECK],
    latestDate: index.latestDay ?? null,
    dataSources: answerDataSourcesOf(index.allSources()),
  };
}
