import type { Db } from "@tpi/db";
import { MARKETS } from "../markets";
import { ANONYMOUS } from "../platform/auth/api-key-authenticator";
import type { ChatScope } from "../platform/core/chat";
import type { AppDeps } from "../platform/core/deps";
import { MarketStates, type Market, type MarketStateBase } from "../platform/core/market";
import { createLogger } from "../platform/observability/logger";
import { readEnv } from "../platform/runtime/env";

/**
 * Every market's state as the server opens it without configuration (each variable at its
 * default), over `db` and `clock`, in market order; `replacing` puts a test's own state in place
 * of a market's (other rules, a store that throws), by market name. Nothing is loaded. `markets`
 * is the market list served (MARKETS, or MARKETS and a fixture market).
 */
export function openTestMarkets(
  db: Db,
  clock: () => Date,
  replacing: Readonly<Record<string, MarketStateBase>> = {},
  markets: readonly Market[] = MARKETS,
): MarketStates {
  const unknown = Object.keys(replacing).filter(
    (name) => !markets.some((market) => market.name === name),
  );
  if (unknown.length > 0) throw new Error(`no market is named ${unknown.join(", ")}`);
  const env = readEnv(markets, {});
  const context = { db, clock, log: createLogger("silent") };
  return new MarketStates(
    markets.map((market) => [market.name, replacing[market.name] ?? market.open(env, context)]),
  );
}

/**
 * A keyless caller's chat scope over every market's unloaded state (see `openTestMarkets`): for
 * answers that read the configuration in force and no data. The markets never reach a database.
 */
export function chatScopeWithoutData(
  now: Date,
  replacing: Readonly<Record<string, MarketStateBase>> = {},
): ChatScope {
  const noDatabase = {} as Db;
  const deps: Pick<AppDeps, "marketList" | "markets"> = {
    marketList: MARKETS,
    markets: openTestMarkets(noDatabase, () => now, replacing),
  };
  return { deps: deps as AppDeps, caller: ANONYMOUS, now };
}
