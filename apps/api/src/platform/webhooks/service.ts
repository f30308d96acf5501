import {
  err,
  forbidden,
  type AccountPlan,
  type DomainError,
  type EventScope,
  type MarketSeries,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../core/deps";
import type { Market } from "../core/market";
import { DEFAULT_TARGET_POLICY } from "./deliver";
import type { WebhookService } from "./subscriptions";

/**
 * What webhooks take from the market list, and the service as the api's doors build it. The
 * platform names no market: each says its series keys and which plans read its events.
 */

/** Every market served, with its events' series keys (null: any key of the right form). */
export function servedMarketSeries(markets: readonly Market[]): MarketSeries[] {
  return markets.map((market) => ({ market: market.name, series: market.eventSeries }));
}

/** Whether `plan` reads an event of `scope`: its market's rule; a market not served, nothing. */
export type EventAccess = (scope: EventScope, plan: AccountPlan) => Result<unknown, DomainError>;

export const UNSERVED_MARKET_REFUSAL = "This deployment does not serve that market.";

export function eventAccessOf(markets: readonly Market[]): EventAccess {
  return (scope, plan) => {
    const market = markets.find((candidate) => candidate.name === scope.market);
    if (market === undefined) return err(forbidden(UNSERVED_MARKET_REFUSAL));
    return market.eventAccess(scope, plan);
  };
}

/** The service as a request's door builds it from the app's dependencies. */
export function webhookServiceOf(deps: AppDeps): WebhookService {
  return {
    db: deps.db,
    clock: deps.clock,
    policy: deps.webhooks?.policy ?? DEFAULT_TARGET_POLICY,
    served: servedMarketSeries(deps.marketList),
    ...(deps.webhooks?.wake === undefined ? {} : { wake: deps.webhooks.wake }),
  };
}
