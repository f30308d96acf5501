/**
 * What the api can serve now, from its `GET /health`: `answering` (200), `without-database` (503:
 * its database is unreachable, but it still serves the published values from memory) or `down`
 * (no answer: a restart, a crash, a network cut). Asked by proxy.ts before a page is rendered, so
 * that a page the api cannot serve gives a 503 page with Retry-After instead of a 500.
 * One probe serves every request for `REACHABILITY_TTL_MS`, and concurrent requests share the
 * probe in flight, so the api sees at most one extra request per interval whatever the traffic.
 * No module-level state: proxy.ts keeps one probe (no server-only imports: proxy.ts reads it).
 */

/** How long one probe's answer is reused, ms. Also how soon a recovered api is noticed. */
export const REACHABILITY_TTL_MS = 2_000;
/**
 * A probe that has no answer by then counts as unreachable, ms: longer than the api's own
 * database ping in `/health` (2 s, routes/health.ts), so a slow database is not a dead api.
 */
export const REACHABILITY_PROBE_TIMEOUT_MS = 3_000;
/** The Retry-After of the 503 answers, seconds: a few probe intervals. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;
/** The words of every 503 the website gives while the api cannot serve it. */
export const UNAVAILABLE_MESSAGE =
  "The Token Price Index data service is not answering right now. Published values are kept; try again in a few seconds.";

type ProbeFetch = (url: string, init: { signal: AbortSignal }) => Promise<{ status: number }>;

export type ApiState = "answering" | "without-database" | "down";
export type ApiReachability = () => Promise<ApiState>;

export function apiReachability(
  healthUrl: string,
  probe: ProbeFetch = (url, init) => fetch(url, { ...init, cache: "no-store" }),
  now: () => number = Date.now,
): ApiReachability {
  let known: { at: number; state: ApiState } | undefined;
  let inFlight: Promise<ApiState> | undefined;
  return () => {
    if (known !== undefined && now() - known.at < REACHABILITY_TTL_MS)
      return Promise.resolve(known.state);
    inFlight ??= probe(healthUrl, { signal: AbortSignal.timeout(REACHABILITY_PROBE_TIMEOUT_MS) })
      .then(
        (response): ApiState => (response.status === 503 ? "without-database" : "answering"),
        (): ApiState => "down",
      )
      .then((state) => {
        known = { at: now(), state };
        inFlight = undefined;
        return state;
      });
    return inFlight;
  };
}

/**
 * Addresses answered whatever the api's state: the status page (it reports the outage), the
 * api's own revalidation call, and the files that need no api.
 */
const WITHOUT_API: readonly string[] = [
  "/status",
  "/revalidate",
  "/robots.txt",
  "/sitemap.xml",
  "/icon.svg",
  "/favicon.ico",
];

export function needsApi(pathname: string): boolean {
  return !WITHOUT_API.includes(pathname);
}

/** How a request is answered while the api is down. */
export type UnavailableAnswer = "page" | "json" | "back-to-account";

/**
 * Pages get the 503 page; downloads and images (read by scripts) and other methods a JSON 503
 * (`{ error, message }`); an account form's post goes back (303) to the account pages, which then
 * show the 503 page to the person who sent it.
 */
export function unavailableAnswer(pathname: string, method: string): UnavailableAnswer {
  if (method === "POST" && pathname.startsWith("/account/do/")) return "back-to-account";
  if (method !== "GET" && method !== "HEAD") return "json";
  if (pathname.endsWith(".csv") || pathname.startsWith("/og/")) return "json";
  return "page";
}
