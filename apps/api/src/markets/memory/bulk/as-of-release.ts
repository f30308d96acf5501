import {
  findMemoryType,
  memoryTypeOf,
  ok,
  type DomainError,
  type MemoryHistoryQuery,
  type Result,
} from "@tpi/domain";
import {
  asOfRelease,
  lastInstantOfDay,
  latestRowsSelection,
} from "../../../platform/http/release-parameter";
import { MEMORY } from "../read-model/state";
import type { MemoryHistoryRows } from "../services/memory";
import { MEMORY_PRICES_DAILY, memoryValueOf } from "./datasets";

/**
 * `GET /api/memory/{memoryType}/history`'s values as a release holds them: the latest `limit` of
 * the days asked (all the answer keeps), mapped back to the settled values the answer reads and
 * answered by the same function as the published set. The sources' terms stated are the
 * published set's.
 */
export const memoryHistoryAsOf = asOfRelease({
  dataset: MEMORY_PRICES_DAILY,
  itemOf: memoryValueOf,
  selection: (memoryTypeText: string, query: MemoryHistoryQuery) =>
    ok({
      series: [(findMemoryType(memoryTypeText) ?? memoryTypeOf(memoryTypeText)).id],
      // `date` is the trading day's 00:00 UTC instant: the day's text and later sort after it.
      ...latestRowsSelection(query, lastInstantOfDay),
    }),
  answer: ({ items }, deps): Result<MemoryHistoryRows, DomainError> =>
    ok({
      valuesOf: () => items,
      isSample: false,
      sourcesOf: (of) => MEMORY.of(deps).index.sourcesOf(of),
    }),
});
