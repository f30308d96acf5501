import { accountRouter } from "./account-router";
import type { Market } from "../core/market";
import { marketStatuses } from "../publication/market-status";
import { apiReference } from "../openapi/reference";
import { t } from "./init";
import { releasesRouter } from "./releases-router";
import { viewerProcedure } from "./session-procedure";

/**
 * The internal tRPC router, used by the website's server-side rendering: the platform's
 * procedures (accounts, the route reference, the free windows) merged with every market's router
 * (each market names its own procedures; a name two routers define is refused at start-up). It
 * answers through the same routes and services as REST, so the two cannot drift. It is mounted
 * behind the internal service token (see app.ts); the website imports only its type.
 */
export type { TrpcContext } from "./init";

/** Each market's free window on the api's clock, by market name (null: no keyless reads). */
export type FreeWindows<Markets extends readonly Market[]> = {
  [M in Markets[number] as M["name"]]: ReturnType<M["freeWindow"]>;
};

function platformRouter<const Markets extends readonly Market[]>(markets: Markets) {
  return t.router({
    /** The website's accounts: sessions, mail links, own keys and usage, operators. */
    account: accountRouter,
    /**
     * The signed-in reader of a session token (address, plan, the access its data procedures
     * answer with), or null: the website's per-person pages say why they show more.
     */
    viewer: viewerProcedure,
    /** Each index's free window on the api's clock, so that the website never reads its own. */
    windows: t.procedure.query(({ ctx }) => {
      const now = ctx.deps.clock();
      return Object.fromEntries(
        markets.map((market) => [market.name, market.freeWindow(now)]),
      ) as FreeWindows<Markets>;
    }),
    /**
     * The REST routes described for the website's /docs page; each market's examples ask for the
     * latest day a keyless caller can read of it (a day still open would answer 404).
     */
    apiReference: t.procedure.query(({ ctx }) => apiReference(ctx.routes, ctx.deps)),
    /**
     * Each market's data status (real, sample, empty, loading, stale), what this instance loaded,
     * its as-of time and its sync-log sources' latest runs: the website's /status, as `tpi status`.
     */
    marketStatus: t.procedure.query(({ ctx }) =>
      marketStatuses(ctx.deps.db, ctx.deps.marketList, ctx.deps.markets),
    ),
    /** The daily releases (list, manifests) and who reads each full file: the /downloads page. */
    releases: releasesRouter,
  });
}

type MarketRouters<Markets extends readonly Market[]> = {
  [Index in keyof Markets]: Markets[Index]["trpc"];
};

/** The app router of a market list (its type is the website's `AppRouter` for the served list). */
export function buildAppRouter<const Markets extends readonly Market[]>(markets: Markets) {
  const routers = [platformRouter(markets), ...markets.map((market) => market.trpc)] as const;
  return t.mergeRouters(...routers) as unknown as ReturnType<
    typeof t.mergeRouters<[ReturnType<typeof platformRouter<Markets>>, ...MarketRouters<Markets>]>
  >;
}
