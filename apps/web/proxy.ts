import { NextResponse, type NextRequest } from "next/server";
import { formTokenCookie, parseReleaseNumber, sessionCookie } from "@tpi/domain";
import { readWebEnv } from "./src/env";
import {
  ADMIN_PAGE,
  ANONYMOUS_FORM_PATHS,
  AUTHORIZE_PAGE,
  isAccountPath,
  FLASH_COOKIE,
  FLASH_HEADER,
  FORM_TOKEN_HEADER,
} from "./src/lib/account-paths";
import {
  NOT_FOUND_HEADER,
  UNAVAILABLE_HEADER,
  isKnownPath,
  servable,
} from "./src/site/known-paths";
import {
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  apiReachability,
  unavailableAnswer,
  type ApiReachability,
  type ApiState,
} from "./src/lib/api-reachability";
import { canonicalLabPath } from "./src/markets/token/lab-window";
import { formActionSource } from "./src/lib/client-redirect";
import { contentSecurityPolicy } from "./src/security-headers";

/** The page of the releases (app/downloads). */
const DOWNLOADS_PATH = "/downloads";

/**
 * The proxy's jobs, in this order: the redirects (1), the 503s while the api cannot serve pages
 * (4, below), the account pages' tokens (3, below), the 404 marks (2):
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
/**
 * A fresh form token from the api (`account.formToken`) for an anonymous account form; undefined
 * when the api does not answer (the page then says the form cannot be sent).
 */
async function fetchFormToken(): Promise<string | undefined> {
  const env = readWebEnv();
  try {
    const response = await fetch(`${env.apiUrl}/trpc/account.formToken`, {
      cache: "no-store",
      headers:
        env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { result?: { data?: { token?: unknown } } };
    const token = body.result?.data?.token;
    return typeof token === "string" ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The role of the account signed in with this session token (`account.me`), or undefined when
 * there is no valid session or the api does not answer: the page then decides (it sends a reader
 * without a session to sign in).
 */
async function fetchRole(sessionToken: string): Promise<string | undefined> {
  const env = readWebEnv();
  const input = encodeURIComponent(JSON.stringify({ sessionToken }));
  try {
    const response = await fetch(`${env.apiUrl}/trpc/account.me?input=${input}`, {
      cache: "no-store",
      headers:
        env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as {
      result?: { data?: { account?: { role?: unknown } } };
    };
    const role = body.result?.data?.account?.role;
    return typeof role === "string" ? role : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The consent page's pending request as the api sees it for this session: its redirect address,
 * "gone" (unknown, expired or used: the api's NOT_FOUND), or undefined (no session, no id, or
 * the api did not answer: the page decides).
 */
async function fetchAuthorizationRequest(
  request: NextRequest,
): Promise<{ redirectUri: string } | "gone" | undefined> {
  const env = readWebEnv();
  const sessionToken = request.cookies.get(sessionCookie(!env.sitePlainHttp).name)?.value;
  const requestId = request.nextUrl.searchParams.get("request");
  if (sessionToken === undefined || sessionToken === "" || requestId === null) return undefined;
  const input = encodeURIComponent(JSON.stringify({ sessionToken, requestId }));
  try {
    const response = await fetch(`${env.apiUrl}/trpc/account.connections.request?input=${input}`, {
      cache: "no-store",
      headers:
        env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (response.status === 404) return "gone";
    if (!response.ok) return undefined;
    const body = (await response.json()) as { result?: { data?: { redirectUri?: unknown } } };
    const redirectUri = body.result?.data?.redirectUri;
    return typeof redirectUri === "string" ? { redirectUri } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The consent page's own CSP (next.config sends it no other): the site's policy, with the
 * client's redirect address added to `form-action`, since browsers hold a form's redirect (Allow
 * or Deny, answered 303 to the client) to the page's `form-action`. Only the address of the
 * request this session is shown; any other page keeps `form-action 'self'`. An unknown or
 * expired request's page is answered 404.
 */
async function authorizePagePolicy(
  request: NextRequest,
  prefetch: boolean,
): Promise<{ policy: string; status?: number }> {
  const pending =
    request.method === "GET" && !prefetch ? await fetchAuthorizationRequest(request) : undefined;
  if (pending === "gone") return { policy: contentSecurityPolicy(), status: 404 };
  const source = pending === undefined ? undefined : formActionSource(pending.redirectUri);
  return { policy: contentSecurityPolicy(source === undefined ? [] : [source]) };
}

/**
 * Whether /downloads?release=N names a release the api does not have (or either of its numbers,
 * `release` or the list's `before`, is no release number):
 * the 404 page then, as for an unknown lab. Asked with the page's own procedure
 * (`releases.get`); an api that does not answer leaves it to the page.
 */
async function unknownRelease(request: NextRequest): Promise<boolean> {
  if (request.nextUrl.pathname !== DOWNLOADS_PATH) return false;
  // The list's page (`before`) is read by the same rule, without asking the api.
  const before = request.nextUrl.searchParams.get("before");
  if (before !== null && !parseReleaseNumber("before", before).ok) return true;
  const release = request.nextUrl.searchParams.get("release");
  if (release === null) return false;
  const env = readWebEnv();
  const input = encodeURIComponent(JSON.stringify({ release }));
  try {
    const response = await fetch(`${env.apiUrl}/trpc/releases.get?input=${input}`, {
      cache: "no-store",
      headers:
        env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    return response.status === 404 || response.status === 400;
  } catch {
    return false;
  }
}

/**
 * 3. Account pages: an anonymous form (sign-in, sign-up, reset) gets a fresh form token, as the
 *    cookie the api describes and, through a request header, as the page's hidden field (a page
 *    cannot set cookies itself). A one-time flash cookie is cleared on the page that shows it.
 */
/** Seconds the form cookie ends before its token, so that a held cookie always carries a live token. */
const FORM_COOKIE_MARGIN_SECONDS = 300;

async function accountPage(request: NextRequest, headers: Headers): Promise<NextResponse> {
  const pathname = request.nextUrl.pathname;
  headers.delete(FORM_TOKEN_HEADER);
  headers.delete(FLASH_HEADER);
  // A prefetch renders nothing the reader sees: the one-time message waits for the real visit.
  const prefetch = request.headers.has("next-router-prefetch");
  const flash = request.cookies.get(FLASH_COOKIE)?.value;
  const showFlash = request.method === "GET" && !prefetch && flash !== undefined;
  // Handed to the page in a request header: Next shows the page the cookies as this response
  // sets them, so the cleared cookie would already read empty.
  if (showFlash && flash !== "") headers.set(FLASH_HEADER, flash);
  const formSpec = formTokenCookie(!readWebEnv().sitePlainHttp);
  let formToken: string | undefined;
  if (request.method === "GET" && ANONYMOUS_FORM_PATHS.includes(pathname)) {
    // The browser's form cookie is reused while it lasts (it expires before its token does):
    // a new token at every visit would break a form open in another tab.
    const held = request.cookies.get(formSpec.name)?.value;
    if (held !== undefined && held !== "") headers.set(FORM_TOKEN_HEADER, held);
    else {
      formToken = await fetchFormToken();
      if (formToken !== undefined) headers.set(FORM_TOKEN_HEADER, formToken);
    }
  }
  // The admin page refuses other accounts with its own complete text; the status says so too
  // (a page cannot set its status, so it is set here, as for the 404s).
  let status = 200;
  if (request.method === "GET" && !prefetch && pathname === ADMIN_PAGE) {
    const session = request.cookies.get(sessionCookie(!readWebEnv().sitePlainHttp).name)?.value;
    const role = session === undefined || session === "" ? undefined : await fetchRole(session);
    if (role !== undefined && role !== "admin") status = 403;
  }
  const consent =
    pathname === AUTHORIZE_PAGE ? await authorizePagePolicy(request, prefetch) : undefined;
  if (consent?.status !== undefined) status = consent.status;
  const response = NextResponse.next({ request: { headers }, status });
  response.headers.set("cache-control", "no-store");
  if (consent !== undefined) response.headers.set("content-security-policy", consent.policy);
  if (formToken !== undefined)
    response.cookies.set(formSpec.name, formToken, {
      httpOnly: true,
      secure: formSpec.secure,
      sameSite: "lax",
      path: "/",
      maxAge: formSpec.maxAgeSeconds - FORM_COOKIE_MARGIN_SECONDS,
    });
  if (showFlash)
    response.cookies.set(FLASH_COOKIE, "", {
      httpOnly: true,
      secure: !readWebEnv().sitePlainHttp,
      sameSite: "lax",
      path: "/account",
      maxAge: 0,
    });
  return response;
}

/** The probe of the api this process's proxy asks (one per api address; see api-reachability). */
let reachability: { apiUrl: string; reachable: ApiReachability } | undefined;

function apiState(): Promise<ApiState> {
  const { apiUrl } = readWebEnv();
  if (reachability?.apiUrl !== apiUrl)
    reachability = { apiUrl, reachable: apiReachability(`${apiUrl}/health`) };
  return reachability.reachable();
}

/**
 * 4. While the api does not answer, a page is the 503 page, a download or an image a JSON 503,
 *    each with Retry-After (never a 500), and an account form's post goes back to the account
 *    pages (which show the 503 page).
 */
function unavailable(request: NextRequest, headers: Headers): NextResponse {
  const retry = {
    "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    "cache-control": "no-store",
  };
  const answer = unavailableAnswer(request.nextUrl.pathname, request.method);
  if (answer === "back-to-account")
    return new NextResponse(null, { status: 303, headers: { ...retry, location: "/account" } });
  if (answer === "json")
    return NextResponse.json(
      { error: "Service unavailable", message: UNAVAILABLE_MESSAGE },
      { status: 503, headers: retry },
    );
  headers.set(UNAVAILABLE_HEADER, "1");
  const response = NextResponse.next({ request: { headers }, status: 503 });
  for (const [name, value] of Object.entries(retry)) response.headers.set(name, value);
  return response;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
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
  headers.delete(UNAVAILABLE_HEADER);
  if (isKnownPath(pathname) && !servable(pathname, await apiState()))
    return unavailable(request, headers);
  if (isAccountPath(pathname)) return accountPage(request, headers);
  if (isKnownPath(pathname) && !(await unknownRelease(request)))
    return NextResponse.next({ request: { headers } });
  headers.set(NOT_FOUND_HEADER, "1");
  return NextResponse.next({ request: { headers }, status: 404 });
}

export const config = { matcher: ["/((?!_next/).*)"] };
