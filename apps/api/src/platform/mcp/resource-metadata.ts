import { OAUTH_SCOPES, type DomainError } from "@tpi/domain";
import { bearerChallenge } from "../http/errors";

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP endpoint, the document an MCP
 * client reads after a 401 to learn how to authenticate: the resource, its authorization server
 * (this api's, oauth/router.ts, served with the website's accounts) with its one scope, and the
 * one way to send a token. An API key (from the website or `tpi keys`) is sent the same way,
 * `Authorization: Bearer <key>`.
 */

/** Where RFC 9728 protected resource metadata is served: at the root, and for the /mcp resource. */
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

export type ProtectedResourceMetadata = {
  resource: string;
  resource_name: string;
  resource_documentation: string;
  bearer_methods_supported: readonly ["header"];
  authorization_servers?: string[];
  scopes_supported?: string[];
};

/** The document for the MCP endpoint at `mcpPath` of the api reached at `baseUrl` (scheme and host). */
export function protectedResourceMetadata(
  baseUrl: string,
  mcpPath: string,
  authorizationServer?: string,
): ProtectedResourceMetadata {
  return {
    resource: `${baseUrl}${mcpPath}`,
    resource_name: "Token Price Index MCP server",
    resource_documentation: `${baseUrl}/docs`,
    bearer_methods_supported: ["header"],
    ...(authorizationServer === undefined
      ? {}
      : { authorization_servers: [authorizationServer], scopes_supported: [...OAUTH_SCOPES] }),
  };
}

/** The challenge of /mcp's 401: the bearer challenge with the metadata's address (RFC 9728, section 5.1). */
export function mcpBearerChallenge(baseUrl: string, refusal: DomainError): string {
  return (
    bearerChallenge(refusal, [
      `resource_metadata="${baseUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`,
    ]) ?? `Bearer resource_metadata="${baseUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`
  );
}
