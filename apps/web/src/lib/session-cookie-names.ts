/**
 * The names the session cookie may have (https: `__Host-`, plain http on loopback: without), in
 * one place with no imports so that next.config.ts can route on them. A unit test holds them to
 * the domain's `sessionCookie`.
 */
export const SESSION_COOKIE_NAMES = ["__Host-tpi_session", "tpi_session"] as const;
