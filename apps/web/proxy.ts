import { NextResponse, type NextRequest } from "next/server";
import { NOT_FOUND_HEADER, isKnownPath } from "./src/lib/known-paths";
import { canonicalLabPath } from "./src/lib/lab-window";

/**
 * Two jobs, in this order:
 *
 * 1. Another spelling of a lab in a lab path (`/labs/Anthropic`, `/labs/mistral`) is a permanent
 *    redirect (308) to the identifier's path. Done here rather than in the page: a redirect thrown
 *    by an ISR page came back with its Location header twice.
 * 2. Unknown addresses get a complete 404 page from the server. A `notFound()` thrown while a
 *    dynamic page renders makes Next send an empty document and draw the not-found page in the
 *    browser; instead, an address known to be no page is marked here (status 404) and
 *    next.config's rewrite sends it to a page that renders normally (app/page-not-found),
 *    readable without JavaScript (crawlers, curl, screen readers before hydration). The rewrite
 *    is done by next.config rather than NextResponse.rewrite: Next turns a proxy's rewrite URL on
 *    127.0.0.1 into `localhost` and then treats it as another origin (an external proxy to
 *    itself) when the server listens on 127.0.0.1.
 */
export function proxy(request: NextRequest): NextResponse {
  const pathname = request.nextUrl.pathname;
  const canonical = canonicalLabPath(pathname);
  if (canonical !== undefined) {
    const url = request.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.redirect(url, 308);
  }
  const headers = new Headers(request.headers);
  // Only this proxy may mark an address: a client sending the header itself gets it removed.
  headers.delete(NOT_FOUND_HEADER);
  if (isKnownPath(pathname)) return NextResponse.next({ request: { headers } });
  headers.set(NOT_FOUND_HEADER, "1");
  return NextResponse.next({ request: { headers }, status: 404 });
}

export const config = { matcher: ["/((?!_next/).*)"] };
