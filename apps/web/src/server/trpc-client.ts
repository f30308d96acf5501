import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import { createTRPCClient, httpLink, type TRPCLink } from "@trpc/client";
import { utcDayOf } from "@tpi/domain";
import { readWebEnv } from "../env";

/**
 * Index data changes once a day (a day settles 36 h after it ends), so api answers are kept in
 * Next's data cache for a few minutes. All entries carry one tag so that `POST /revalidate`
 * (called when a day settles) drops them at once.
 */
export const DATA_REVALIDATE_SECONDS = 300;
export const DATA_CACHE_TAG = "tpi-data";

/**
 * The api ignores this header; it is there for Next's data cache, whose key includes the request
 * headers. Free windows move at UTC midnight (the api computes them from today's date), so an
 * answer cached at 23:59 must not be served at 00:01: with the day in the key, the first request of
 * a new UTC day asks the api again instead of showing yesterday's window for up to five minutes.
 */
export const DATA_DAY_HEADER = "x-tpi-utc-day";

/** The headers of every api call: the internal token (server side only) and the UTC day. */
export function apiRequestHeaders(now: Date, internalToken: string | undefined) {
  const day = { [DATA_DAY_HEADER]: utcDayOf(now) };
  return internalToken === undefined ? day : { ...day, authorization: `Bearer ${internalToken}` };
}

function links(): TRPCLink<AppRouter>[] {
  const env = readWebEnv();
  return [
    httpLink({
      url: `${env.apiUrl}/trpc`,
      // The token is attached here, on the server; no browser request ever carries it.
      headers: () => apiRequestHeaders(new Date(), env.internalToken),
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          next: { revalidate: DATA_REVALIDATE_SECONDS, tags: [DATA_CACHE_TAG] },
        }),
    }),
  ];
}

/** The typed client: every call is checked against the api's router type (imported as a type only). */
export function apiClient() {
  return createTRPCClient<AppRouter>({ links: links() });
}
