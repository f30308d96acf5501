import { marketRouter } from "../../platform/trpc/market-router";
import { keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import {
  memoryHistoryRoute,
  memoryIndexRoute,
  memoryMethodologyRoute,
  memoryRevisionsRoute,
  memoryTypesRoute,
} from "./routes/memory";

/**
 * Memory procedures for the website, under `memory.`: the public catalogue and methodology as a
 * keyless caller of the REST routes reads them, and the values as a key of the signed-in
 * reader's plan reads them (keyless without a live plan: the REST routes' 401, in their words),
 * through the same routes, so values and refusals are the same bytes and words.
 */
export const memoryRouter = marketRouter("memory", {
  /** `GET /api/memory-types`: the 14 types in catalogue order. */
  types: keylessRouteProcedure(memoryTypesRoute),
  /** `GET /api/memory/methodology`: calendar, session average, import format, sources. */
  methodology: keylessRouteProcedure(memoryMethodologyRoute),
  /** `GET /api/memory-index` (`category`, `type`) for the reader holding `sessionToken`. */
  planIndex: sessionRouteProcedure(memoryIndexRoute),
  /** `GET /api/memory/{memoryType}/history` for the reader holding `sessionToken`. */
  planHistory: sessionRouteProcedure(memoryHistoryRoute),
  /** `GET /api/memory/revisions` for the reader holding `sessionToken`. */
  planRevisions: sessionRouteProcedure(memoryRevisionsRoute),
});
