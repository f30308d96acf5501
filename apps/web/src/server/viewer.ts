import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import { createTRPCClient, httpLink } from "@trpc/client";
import { readWebEnv } from "../env";
import type { RouterOutputs } from "../lib/api-types";
import { sessionCookieSpec, sessionToken } from "./account";

/**
 * What a signed-in reader sees of the data, read through the api with the session token from the
 * request's httpOnly cookie: the api resolves the account's plan and answers as the REST routes
 * answer a key of that plan (the browser never holds a key, and no access rule is decided here).
 * Only the per-request pages call this: reading the cookie makes a page per-person, and the cached
 * pages stay the visitors'.
 */

export type Viewer = NonNullable<RouterOutputs["viewer"]>;
/** The reader of a per-request page: their session token (server side only) and plan. */
export type SignedInReader = { token: string; viewer: Viewer };

/**
 * The first day the api's day parameters accept: a range starting here asks for the whole
 * published history (the api answers the days it has, and what the plan allows).
 */
export const HISTORY_START_DAY = "0001-01-01";

/** A client whose answers are never cached: they are one person's, and the input names the session. */
export function personalApi() {
  const env = readWebEnv();
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${env.apiUrl}/trpc`,
        headers: () =>
          env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
        fetch: (input, init) => fetch(input, { ...init, cache: "no-store" }),
      }),
    ],
  });
}

/** The session token in a request's Cookie header (route handlers read their own request). */
export function sessionTokenOf(request: Request): string | undefined {
  const name = sessionCookieSpec().name;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return value === "" ? undefined : value;
    }
  }
  return undefined;
}

/**
 * The reader of this request: the session cookie's account and plan, or undefined without a
 * live session. Pages read the cookie through Next; route handlers pass their request.
 */
export async function loadViewer(request?: Request): Promise<SignedInReader | undefined> {
  const token = request === undefined ? await sessionToken() : sessionTokenOf(request);
  if (token === undefined) return undefined;
  const viewer = await personalApi().viewer.query({ sessionToken: token });
  return viewer === null ? undefined : { token, viewer };
}
