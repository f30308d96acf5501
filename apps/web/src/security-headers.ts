/**
 * The website's security headers, sent on every path by next.config.ts (`headers()`), so that
 * pages served from Next's cache (static and ISR) carry them as well as freshly rendered ones.
 *
 * Scripts: Next inlines its hydration data as `<script>self.__next_f.push(...)</script>` in every
 * page. Nonces would make every page render per request (a nonce must be new each time), which
 * would end the ISR caching the home and lab pages rely on (rendered once per 5 minutes or per
 * settlement, not per visitor); hashes cannot cover data that changes with each settlement. So
 * inline scripts are allowed, while scripts from any other origin, `eval`, plugins, framing,
 * `<base>` rewrites and form posts elsewhere are not. The pages have no client components and
 * render their data in the HTML, so an injected script would also need an HTML injection that
 * React's escaping prevents.
 */
export function contentSecurityPolicy(formActions: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActions].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** HSTS for a year; sent only on requests the proxy in front marks as HTTPS (browsers ignore it over HTTP). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export type Header = { key: string; value: string };

/** Sent on every response. */
export const SECURITY_HEADERS: readonly Header[] = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // For browsers without CSP's frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const CSP_HEADER = "Content-Security-Policy";

/**
 * Next's `headers()` rules: every path gets the headers; HSTS only behind an HTTPS proxy. The
 * pages in `ownPolicyPaths` get every header but the CSP, which proxy.ts sets for them per
 * request: the consent page of an agent application's sign-in lets its form be redirected to
 * that application's own address (`form-action`), which differs with every request. Two CSP
 * headers would both be enforced, so the general one must not reach those pages.
 */
export function securityHeaderRules(ownPolicyPaths: readonly string[] = []) {
  const others = SECURITY_HEADERS.filter((header) => header.key !== CSP_HEADER);
  const csp = SECURITY_HEADERS.filter((header) => header.key === CSP_HEADER);
  const excluded = ownPolicyPaths.map((path) => path.replace(/^\//, "")).join("|");
  return [
    { source: "/:path*", headers: others },
    {
      source: ownPolicyPaths.length === 0 ? "/:path*" : `/:path((?!(?:${excluded})$).*)`,
      headers: csp,
    },
    {
      source: "/:path*",
      has: [{ type: "header" as const, key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }],
    },
  ];
}
