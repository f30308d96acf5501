import { NextResponse, type NextRequest } from "next/server";
import { canonicalLabPath } from "./src/lib/lab-window";

/**
 * Another spelling of a lab in a lab path (`/labs/Anthropic`, `/labs/mistral`) is a permanent
 * redirect (308) to the identifier's path. Done here rather than in the page: a redirect thrown by
 * an ISR page came back with its Location header twice.
 */
export function proxy(request: NextRequest): NextResponse | undefined {
  const target = canonicalLabPath(request.nextUrl.pathname);
  if (target === undefined) return undefined;
  const url = request.nextUrl.clone();
  url.pathname = target;
  return NextResponse.redirect(url, 308);
}

export const config = { matcher: "/labs/:path+" };
