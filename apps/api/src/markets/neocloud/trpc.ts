import { marketRouter } from "../../platform/trpc/market-router";
import { keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import {
  neocloudAggregateRoute,
  neocloudMapRoute,
  neocloudMethodologyRoute,
  neocloudSitesRoute,
} from "./routes/neocloud";

/**
 * Neo-Cloud Sites procedures for the website, under `neocloud.`, answered by the REST routes
 * themselves: the public methodology as a keyless caller reads it, and the sites, aggregates and
 * map as a key of the signed-in reader's plan reads them (a Full account gets the data; Premium
 * and Trial accounts the REST 403, a visitor the 401, in their words).
 */
export const neocloudRouter = marketRouter("neocloud", {
  /** `GET /api/neocloud/methodology`: sources, citations, field mapping, operator list. */
  methodology: keylessRouteProcedure(neocloudMethodologyRoute),
  /** `GET /api/neocloud/sites` (city/state/country/status/radius, scope, limit, offset) for the reader holding `sessionToken`. */
  planSites: sessionRouteProcedure(neocloudSitesRoute),
  /** `GET /api/neocloud/sites/aggregate` (`by`, `scope`) for the reader holding `sessionToken`. */
  planAggregate: sessionRouteProcedure(neocloudAggregateRoute),
  /** `GET /api/neocloud/map` (`scope`) for the reader holding `sessionToken`. */
  planMap: sessionRouteProcedure(neocloudMapRoute),
});
