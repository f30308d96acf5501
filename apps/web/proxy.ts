import { NextResponse, type NextRequest } from "next/server";
import { NOT_FOUND_HEADER, isKnownPath } from "./src/lib/known-paths";

/**
 * Unknown addresses get a complete 404 page from the server. A `notFound()` thrown while a
 * dynamic page renders makes Next send an empty document and draw the not-found page in the
 * browser; instead, an address known to be no page is marked here (status 404) and next.config's
 * rewrite sends it to a page that renders normally (app/page-not-found), readable without
 * JavaScript (crawlers, curl, screen readers before hydration).
 *
 * The rewrite is done by next.config rather than NextResponse.rewrite: Next turns a proxy's
 * rewrite URL on 127.0.0.1 into `localhost` and then treats it as another origin (an external
 * proxy to itself) when the server listens on 127.0.0.1.
 */
export function proxy(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  // Only this proxy may mark an address: a client sending the header itself gets it removed.
  headers.delete(NOT_FOUND_HEADER);
  if (isKnownPath(request.nextUrl.pathname)) return NextResponse.next({ request: { headers } });
  headers.set(NOT_FOUND_HEADER, "1");
  return NextResponse.next({ request: { headers }, status: 404 });
}

export const config = { matcher: ["/((?!_next/).*)"] };
