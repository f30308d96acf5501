import {
  findMemoryType,
  memoryTypeOf,
  ok,
  type DomainError,
  type MemoryHistoryQuery,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import { releaseItems } from "../../../platform/http/release-parameter";
import { MEMORY } from "../read-model/state";
import type { MemoryHistoryRows } from "../services/memory";
import { MEMORY_PRICES_DAILY, memoryValueOf } from "./datasets";

/**
 * `GET /api/memory/{memoryType}/history`'s values as a release holds them, over the days asked:
 * read through the ReleaseReader, mapped back to the settled values the answer reads and answered
 * by the same function as the published set. The sources' terms stated are the published set's.
 */
export async function memoryHistoryAsOf(
  deps: AppDeps,
  release: number,
  memoryTypeText: string,
  query: MemoryHistoryQuery,
): Promise<Result<MemoryHistoryRows, DomainError>> {
  const memory = findMemoryType(memoryTypeText) ?? memoryTypeOf(memoryTypeText);
  const released = await releaseItems(
    deps,
    MEMORY_PRICES_DAILY,
    {
      release,
      series: [memory.id],
      fromPeriod: query.startDate,
      // `date` is the trading day's 00:00 UTC instant: the day's text and later sort after it.
      toPeriod: query.endDate === undefined ? undefined : `${query.endDate}T23:59:59.999Z`,
    },
    memoryValueOf,
  );
  if (!released.ok) return released;
  const values = released.value.items;
  const published = MEMORY.of(deps).index;
  return ok({
    valuesOf: () => values,
    isSample: false,
    sourcesOf: (of) => published.sourcesOf(of),
  });
}
