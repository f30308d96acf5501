import { createHash, randomBytes } from "node:crypto";
import { jsonOf, send, type Reply, type RequestOptions } from "./http";

/**
 * What the cluster test's OAuth flow needs in plain HTTP: the website's server calling the api's
 * internal tRPC procedures (INTERNAL_API_TOKEN), a PKCE pair, the token endpoint's form posts and
 * an MCP tools/list. The MCP SDK's own client drives the flow in the api's tests; here every
 * request names the address it goes to, an instance's own or nginx's.
 */

/** The api's internal tRPC router at `baseUrl` (an instance, or nginx's internal listener). */
export type Internal = { baseUrl: string; token: string; localAddress: string };

/** A tRPC call's answer: the data, or the reply that carried the error. */
export async function trpc(
  internal: Internal,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
): Promise<unknown> {
  const options: RequestOptions = {
    localAddress: internal.localAddress,
    headers: { authorization: `Bearer ${internal.token}` },
  };
  const reply =
    kind === "query"
      ? await send(
          `${internal.baseUrl}/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          options,
        )
      : await send(`${internal.baseUrl}/trpc/${path}`, {
          ...options,
          method: "POST",
          headers: { ...options.headers, "content-type": "application/json" },
          body: JSON.stringify(input),
        });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.body}`);
  return (jsonOf(reply) as { result: { data: unknown } }).result.data;
}

/** RFC 7636 S256: a random verifier and the base64url SHA-256 of it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export type Tokens = { access_token: string; refresh_token: string; token_type: string };

/** A form post to a token endpoint (/oauth/token, /oauth/revoke). */
export function postForm(
  url: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
): Promise<Reply> {
  return send(url, {
    ...options,
    method: "POST",
    headers: { ...options.headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** tools/list on the MCP sign-in path with an access token: the reply. */
export function listToolsReply(
  url: string,
  accessToken: string,
  options: RequestOptions = {},
): Promise<Reply> {
  return send(`${url}/mcp/oauth`, {
    ...options,
    method: "POST",
    headers: {
      ...options.headers,
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

/** tools/list on the MCP sign-in path with an access token: the status. */
export async function listTools(
  url: string,
  accessToken: string,
  options: RequestOptions = {},
): Promise<number> {
  return (await listToolsReply(url, accessToken, options)).status;
}
