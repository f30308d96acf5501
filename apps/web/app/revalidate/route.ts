import { timingSafeEqual } from "node:crypto";
import { revalidateTag } from "next/cache";
import { readWebEnv } from "../../src/env";
import { DATA_CACHE_TAG } from "../../src/server/trpc-client";

export const dynamic = "force-dynamic";

function presentedTokenMatches(header: string | null, token: string | undefined): boolean {
  if (token === undefined || header === null) return false;
  const presented = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${token}`);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * Drops every cached api answer at once. The api calls this when its published set changes (a
 * new day settled, or a restatement), so that pages show the new day at once instead of after
 * the time-based revalidation. Guarded by the internal service token.
 */
export function POST(request: Request): Response {
  if (!presentedTokenMatches(request.headers.get("authorization"), readWebEnv().internalToken)) {
    return Response.json(
      { error: "Unauthorized", message: "Use Authorization: Bearer <INTERNAL_API_TOKEN>" },
      { status: 401 },
    );
  }
  // expire: 0 — the next request fetches fresh data rather than being served the stale entry once.
  revalidateTag(DATA_CACHE_TAG, { expire: 0 });
  return Response.json({ revalidated: true, tag: DATA_CACHE_TAG });
}
