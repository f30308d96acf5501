/**
 * Where the authorization server is: one issuer for every instance, TPI_PUBLIC_SITE_URL's origin
 * (never a request's Host header). Behind the deployment's nginx the website's origin serves the
 * api's /mcp, /.well-known/* and /oauth/* too, so the issuer, the MCP resource and the consent
 * page share one origin.
 */
export function oauthIssuerOf(siteUrl: string): string {
  return new URL(siteUrl).origin;
}

/** The MCP resource tokens are issued for (RFC 8707): /mcp at the issuer's origin. */
export function oauthResourceOf(siteUrl: string, mcpPath: string): string {
  return `${oauthIssuerOf(siteUrl)}${mcpPath}`;
}
