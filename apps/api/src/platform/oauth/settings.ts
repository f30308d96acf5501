import { mcpOAuthIssuer } from "@tpi/domain";
import type { WebsiteAccountSettings } from "../core/deps";

/** The authorization server's issuer (the domain's rule: TPI_PUBLIC_API_URL's origin, else the site's). */
export function oauthIssuerOf(place: Pick<WebsiteAccountSettings, "siteUrl" | "apiUrl">): string {
  return mcpOAuthIssuer(place);
}

/** The MCP resource tokens are issued for (RFC 8707): /mcp at the issuer's origin. */
export function oauthResourceOf(
  place: Pick<WebsiteAccountSettings, "siteUrl" | "apiUrl">,
  mcpPath: string,
): string {
  return `${oauthIssuerOf(place)}${mcpPath}`;
}
