import { dataLoadStates, isPendingLoad, type Db } from "@tpi/db";
import { z } from "zod";

/** A market's data set: its first-start loads all done, one being loaded now, or one left unfinished. */
export const marketDataStateSchema = z.enum(["complete", "loading", "incomplete"]);
export type MarketDataState = z.output<typeof marketDataStateSchema>;

/**
 * Each market's data set from its recorded first-start loads (`data_load`): `loading` while one
 * not finished is locked by a live process, `incomplete` while one is unfinished and nobody loads
 * it (stopped, failed, or its process died), else `complete` (a market that recorded no load
 * holds what imports and syncs wrote: nothing is being loaded for it).
 */
export async function marketDataStates(
  db: Db,
  marketNames: readonly string[],
): Promise<Record<string, MarketDataState>> {
  const loads = await dataLoadStates(db);
  const states: Record<string, MarketDataState> = {};
  for (const market of marketNames) {
    const pending = loads.filter((load) => load.market === market && isPendingLoad(load));
    states[market] = pending.some((load) => load.locked)
      ? "loading"
      : pending.length > 0
        ? "incomplete"
        : "complete";
  }
  return states;
}
