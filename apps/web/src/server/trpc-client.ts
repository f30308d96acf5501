import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import { createTRPCClient, httpLink, type TRPCLink } from "@trpc/client";
import { readWebEnv } from "../env";

/**
 * Index data changes once a day (a day settles 36 h after it ends), so api answers are kept in
 * Next's data cache for a few minutes. All entries carry one tag so that `POST /revalidate`
 * (called when a day settles) drops them at once.
 */
export const DATA_REVALIDATE_SECONDS = 300;
export const DATA_CACHE_TAG = "tpi-data";

function links(): TRPCLink<AppRouter>[] {
  const env = readWebEnv();
  return [
    httpLink({
      url: `${env.apiUrl}/trpc`,
      // The token is attached here, on the server; no browser request ever carries it.
      headers: () =>
        env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
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
