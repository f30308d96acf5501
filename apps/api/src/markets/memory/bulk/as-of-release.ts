import {
  findMemoryType,
  memoryTypeOf,
  ok,
  type DomainError,
  type MemoryHistoryQuery,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import {
  answerAsOfRelease,
  lastInstantOfDay,
  latestRowsSelection,
} from "../../../platform/http/release-parameter";
import { MEMORY } from "../read-model/state";
import type { MemoryHistoryRows } from "../services/memory";
import { MEMORY_PRICES_DAILY, memoryValueOf } from "./datasets";

/**
 * `GET /api/memory/{memoryType}/history`'s values as a release holds them: the latest `limit` of
 * the days asked (all the answer keeps), read through the ReleaseReader, mapped back to the
 * settled values the answer reads and answered by the same function as the published set. The
 * sources' terms stated are the published set's.
 */
export async function memoryHistoryAsOf(
  deps: AppDeps,
  release: number,
  memoryTypeText: string,
  query: MemoryHistoryQuery,
): Promise<Result<MemoryHistoryRows, DomainError>> {
  const memory = findMemoryType(memoryTypeText) ?? memoryTypeOf(memoryTypeText);
  return answerAsOfRelease(
    deps,
    release,
    {
      dataset: MEMORY_PRICES_DAILY,
      // `date` is the trading day's 00:00 UTC instant: the day's text and later sort after it.
      selection: { series: [memory.id], ...latestRowsSelection(query, lastInstantOfDay) },
      itemOf: memoryValueOf,
    },
    ({ items }) =>
      ok({
        valuesOf: () => items,
        isSample: false,
        sourcesOf: (of) => MEMORY.of(deps).index.sourcesOf(of),
      }),
  );
}
