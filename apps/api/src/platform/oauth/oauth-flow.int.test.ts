import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  UnauthorizedError,
  exchangeAuthorization,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  InvalidGrantError,
  InvalidTargetError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { OAUTH_ACCESS_TOKEN_SECONDS, oauthConsentReads } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WEBSITE_ACCOUNT_SETTINGS, type AppDeps, type OAuthSettings } from "../core/deps";
import { freePort, serveApp, type Served, type TestApi } from "../../testing/test-api";
import { SELF_SIGNED_RECEIVER } from "../../testing/self-signed-certificate";
import {
  MemoryOAuthClient,
  consentPageRequest,
  consentedCode,
  decide,
  listToolsWith,
  signedInPerson,
  startOAuthTestApi,
  websiteMutation,
  websiteQuery,
  type OAuthTestApi,
  type SignedIn,
  type Website,
} from "../../testing/oauth-client";
import { hashOAuthSecret } from "../auth/oauth-tokens";
import { CLIENT_METADATA_TIMEOUT_MS } from "./client-metadata-document";

/**
 * The MCP server's OAuth sign-in, driven by the MCP SDK's own client (`auth()` and the Streamable
 * HTTP transport with an OAuthClientProvider): discovery from /mcp's 401, registration by a
 * Client ID Metadata Document (served over https from a loopback stub) and by dynamic
 * registration, consent answered through the website's tRPC procedures by a signed-in person,
 * tools listed and called, an expired token refreshed, and the refusals the specifications ask.
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-oauth-flow-tests-0123";
const REDIRECT = "http://127.0.0.1:48123/callback";
/** A redirect address anyone may register: a site of their own. */
const ELSEWHERE = "https://elsewhere.example/landing";

let oauth: OAuthTestApi;
let api: TestApi;
let site: Website;
let issuer: string;
let documentStub: HttpsServer;
let documentUrl: string;
/** Requests the metadata document stub answered. */
let documentFetches = 0;

/**
 * The website's address, apart from the api's, as `npm start` runs them: the consent page is
 * there (the tests answer it through the website's procedures), while the api's own public
 * address (TPI_PUBLIC_API_URL) is the issuer.
 */
const SITE = "http://localhost:13999";

/**
 * The authorization server's fetches of metadata documents: the stub's certificate names
 * receiver.test, resolved to loopback, which only an api that allows loopback fetches from.
 */
function metadataDocumentSettings(allowLoopback: boolean): OAuthSettings {
  return {
    allowLoopbackMetadataDocuments: allowLoopback,
    resolveHost: async (hostname) =>
      hostname === SELF_SIGNED_RECEIVER.host ? [{ address: "127.0.0.1", family: 4 }] : [],
    ca: SELF_SIGNED_RECEIVER.cert,
  };
}

/** Another instance over the test api's database, at its own address (its own issuer). */
function otherInstance(apiUrl: string, oauth: OAuthSettings): AppDeps {
  return {
    ...api.deps,
    websiteAccounts: { ...DEFAULT_WEBSITE_ACCOUNT_SETTINGS, ...api.deps.websiteAccounts, apiUrl },
    oauth,
  };
}

beforeAll(async () => {
  documentStub = createHttpsServer(
    { key: SELF_SIGNED_RECEIVER.key, cert: SELF_SIGNED_RECEIVER.cert },
    (request, response) => {
      documentFetches += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          client_id: documentUrl,
          client_name: "Document Client",
          client_uri: "https://receiver.test/",
          redirect_uris: [REDIRECT],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      );
      void request;
    },
  );
  await new Promise<void>((resolve) => documentStub.listen(0, "127.0.0.1", resolve));
  documentUrl = `https://${SELF_SIGNED_RECEIVER.host}:${(documentStub.address() as AddressInfo).port}/oauth/client.json`;
  oauth = await startOAuthTestApi({
    now: NOW,
    internalToken: TOKEN,
    siteUrl: SITE,
    configure: (deps) => ({ ...deps, oauth: metadataDocumentSettings(true) }),
  });
  ({ api, site, issuer } = oauth);
});
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => documentStub.close(() => resolve()));
});

/** An MCP client application connected through the SDK: the first connect asks for a sign-in. */
async function connectedClient(provider: MemoryOAuthClient): Promise<{
  client: Client;
  transport: StreamableHTTPClientTransport;
}> {
  const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/mcp/oauth`), {
    authProvider: provider,
  });
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** The whole sign-in: connect (401), consent on the website, finish, connect again. */
async function signIn(provider: MemoryOAuthClient, person: SignedIn) {
  await expect(connectedClient(provider)).rejects.toBeInstanceOf(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl;
  if (authorizationUrl === undefined) throw new Error("the SDK asked for no sign-in");
  const page = await consentPageRequest(authorizationUrl);
  expect(page.response.status).toBe(302);
  expect(page.location).toBe(`${SITE}/account/authorize?request=${page.requestId}`);
  const details = await websiteQuery(site, "account.connections.request", {
    sessionToken: person.sessionToken,
    requestId: page.requestId,
  });
  expect(details.status).toBe(200);
  const back = await decide(site, person, page.requestId ?? "", true);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("iss")).toBe(issuer);
  expect(back.searchParams.get("state")).toBe(provider.sentState);
  const code = back.searchParams.get("code") ?? "";
  const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/mcp/oauth`), {
    authProvider: provider,
  });
  await transport.finishAuth(code);
  const connected = await connectedClient(provider);
  return { details: details.data as Record<string, unknown>, code, ...connected };
}

const listTools = (token: string) => listToolsWith(api.url, token);

describe("OAuth sign-in with the MCP SDK's client", () => {
  it("publishes the authorization server's metadata and names it in the resource's", async () => {
    const metadata = await api.get("/.well-known/oauth-authorization-server");
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const resource = await api.get(path);
      expect(resource.body, path).toMatchObject({
        resource: `${issuer}/mcp`,
        authorization_servers: [issuer],
        scopes_supported: ["mcp:read"],
      });
    }
  });

  it("registers by metadata document, lists and calls tools, refreshes, and is refused after revocation", async () => {
    const person = await signedInPerson(site, api.db, "premium", NOW);
    const provider = new MemoryOAuthClient({
      redirectUrl: REDIRECT,
      clientName: "ignored: the document names the client",
      clientMetadataUrl: documentUrl,
    });
    const fetchesBefore = documentFetches;
    const { details, client } = await signIn(provider, person);
    expect(documentFetches).toBeGreaterThan(fetchesBefore);
    expect(details).toMatchObject({
      clientId: documentUrl,
      clientName: "Document Client",
      clientUri: "https://receiver.test/",
      registration: "metadata-document",
      redirectUri: REDIRECT,
      resource: `${issuer}/mcp`,
      scopes: ["mcp:read"],
      plan: "premium",
      reads: oauthConsentReads("premium"),
    });
    const tools = await client.listTools();
    expect(tools.tools.length).toBeGreaterThan(10);
    const labs = await client.callTool({ name: "list_token_labs", arguments: {} });
    expect(labs.isError).not.toBe(true);

    // An hour later the access token has expired: /mcp refuses it, the SDK refreshes and retries.
    const first = provider.tokens();
    api.clock.now = new Date(NOW.getTime() + (OAUTH_ACCESS_TOKEN_SECONDS + 1) * 1000);
    try {
      const expired = await listTools(first?.access_token ?? "");
      expect(expired.status).toBe(401);
      expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
      expect(((await expired.json()) as { message: string }).message).toContain("expired");
      expect((await client.listTools()).tools.length).toBe(tools.tools.length);
      const second = provider.tokens();
      expect(second?.access_token).not.toBe(first?.access_token);
      expect(second?.refresh_token).not.toBe(first?.refresh_token);
      // The rotated refresh token is spent: used again, it revokes the whole grant.
    } finally {
      api.clock.now = NOW;
    }

    // The account page lists the connection with its last use, and revokes it.
    await api.deps.oauthTokens?.flushLastUsed();
    const list = await websiteQuery(site, "account.connections.list", {
      sessionToken: person.sessionToken,
    });
    const connections = list.data as {
      grantId: string;
      clientName: string;
      lastUsedAt: string | null;
    }[];
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ clientName: "Document Client", revokedAt: null });
    expect(connections[0]?.lastUsedAt).not.toBeNull();
    const revoked = await websiteMutation(site, "account.connections.revoke", {
      sessionToken: person.sessionToken,
      csrfToken: person.csrfToken,
      grantId: connections[0]?.grantId,
    });
    expect(revoked.data).toEqual({ revoked: true });
    const after = await listTools(provider.tokens()?.access_token ?? "");
    expect(after.status).toBe(401);
    // The SDK's client tries its refresh token, is refused, and asks for a new sign-in.
    await expect(client.listTools()).rejects.toThrow();
    // A whole connection's life in one test: on a loaded 2-core machine it took 29.5 s of the
    // default 30 s, so it gets the time only a hang would exceed.
  }, 120_000);

  it("registers dynamically when the client has no metadata document", async () => {
    const person = await signedInPerson(site, api.db, "trial", NOW);
    const provider = new MemoryOAuthClient({ redirectUrl: REDIRECT, clientName: "Dynamic Client" });
    const { details, client } = await signIn(provider, person);
    expect(details).toMatchObject({
      clientName: "Dynamic Client",
      registration: "dynamic",
      plan: "trial",
      reads: oauthConsentReads("trial"),
    });
    expect(provider.clientInformation()?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });
});

/** A consented code, with what the SDK's client kept to exchange it. */
const consentedFor = (person: SignedIn, changeRequest?: (authorizationUrl: URL) => void) =>
  consentedCode(oauth, person, {
    redirectUrl: REDIRECT,
    clientName: "Refused Client",
    changeRequest,
  });

/** Exchanges a consented code at the token endpoint with `fields` added (PKCE, the MCP resource). */
const exchangeCode = (
  consented: Awaited<ReturnType<typeof consentedFor>>,
  fields: Record<string, string>,
) =>
  fetch(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: consented.clientInformation.client_id,
      code: consented.code,
      code_verifier: consented.codeVerifier,
      resource: `${issuer}/mcp`,
      ...fields,
    }),
  });

/** The capabilities an MCP initialize over HTTP answers, with these headers. */
async function capabilitiesWith(headers: Record<string, string>) {
  const answer = await fetch(`${api.url}/mcp`, {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "capabilities", version: "1.0.0" },
      },
    }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as {
    result: { capabilities: { resources?: { subscribe?: boolean } } };
  };
  return body.result.capabilities;
}

describe("an OAuth token's MCP session", () => {
  it("declares resource subscriptions only to a key's holder, who may subscribe: not to a token or a keyless caller", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const consented = await consentedFor(person);
    const tokens = await consented.exchange();
    const { key } = await api.createKey("full");
    expect((await capabilitiesWith({ authorization: `Bearer ${key}` })).resources).toMatchObject({
      subscribe: true,
    });
    const asToken = await capabilitiesWith({ authorization: `Bearer ${tokens.access_token}` });
    expect(asToken.resources).toBeDefined();
    expect(asToken.resources?.subscribe).toBeUndefined();
    expect((await capabilitiesWith({})).resources?.subscribe).toBeUndefined();
  });
});

describe("refusals", () => {
  let person: SignedIn;
  beforeAll(async () => {
    person = await signedInPerson(site, api.db, "full", NOW);
  });

  it("a token for another resource: invalid_target at the token endpoint, 401 at /mcp", async () => {
    const consented = await consentedFor(person);
    const exchange = (resource: URL) =>
      exchangeAuthorization(issuer, {
        metadata: consented.metadata,
        clientInformation: consented.clientInformation,
        authorizationCode: consented.code,
        codeVerifier: consented.provider.codeVerifier(),
        redirectUri: REDIRECT,
        resource,
      });
    await expect(exchange(new URL("https://elsewhere.example/mcp"))).rejects.toBeInstanceOf(
      InvalidTargetError,
    );
    const tokens = await exchange(new URL(`${issuer}/mcp`));
    expect((await listTools(tokens.access_token)).status).toBe(200);
    // The same server reached under another name is another resource: the token is not for it.
    const port = new URL(api.url).port;
    const elsewhere = await listToolsWith(`http://localhost:${port}`, tokens.access_token);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("a reused code: invalid_grant, and the tokens it issued are revoked", async () => {
    const consented = await consentedFor(person);
    const exchange = () =>
      exchangeAuthorization(issuer, {
        metadata: consented.metadata,
        clientInformation: consented.clientInformation,
        authorizationCode: consented.code,
        codeVerifier: consented.provider.codeVerifier(),
        redirectUri: REDIRECT,
        resource: new URL(`${issuer}/mcp`),
      });
    const tokens = await exchange();
    expect((await listTools(tokens.access_token)).status).toBe(200);
    await expect(exchange()).rejects.toBeInstanceOf(InvalidGrantError);
    expect((await listTools(tokens.access_token)).status).toBe(401);
  });

  it("a wrong PKCE verifier: invalid_grant", async () => {
    const consented = await consentedFor(person);
    await expect(
      exchangeAuthorization(issuer, {
        metadata: consented.metadata,
        clientInformation: consented.clientInformation,
        authorizationCode: consented.code,
        codeVerifier: `${consented.provider.codeVerifier().slice(0, -1)}x`,
        redirectUri: REDIRECT,
        resource: new URL(`${issuer}/mcp`),
      }),
    ).rejects.toThrow(/code_verifier/);
  });

  it("a redirect address one character off: 400 invalid_request, no redirect", async () => {
    const consented = await consentedFor(person);
    const { authorizationUrl } = await startAuthorization(issuer, {
      metadata: consented.metadata,
      clientInformation: consented.clientInformation,
      redirectUrl: `${REDIRECT}x`,
      resource: new URL(`${issuer}/mcp`),
    });
    const answer = await fetch(authorizationUrl, { redirect: "manual" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(await answer.json()).toMatchObject({ error: "invalid_request" });
    // A loopback redirect on another port is another address too (no RFC 8252 relaxation).
    const otherPort = await startAuthorization(issuer, {
      metadata: consented.metadata,
      clientInformation: consented.clientInformation,
      redirectUrl: REDIRECT.replace("48123", "48124"),
      resource: new URL(`${issuer}/mcp`),
    });
    expect((await fetch(otherPort.authorizationUrl, { redirect: "manual" })).status).toBe(400);
  });

  it("an error once the client is known is answered in the browser, never redirected to the client (RFC 9700, 4.11.2)", async () => {
    // Anyone may register an https address: were errors redirected there, the authorization
    // endpoint would send a person's browser anywhere on a link of this server's.
    const registered = await fetch(`${issuer}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Bouncer", redirect_uris: [ELSEWHERE] }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const valid = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: ELSEWHERE,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "the-state",
    };
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "token" }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ scope: "mcp:write" }, "invalid_scope"],
      [{ resource: "https://elsewhere.example/mcp" }, "invalid_target"],
    ];
    for (const [change, error] of cases) {
      const query = new URLSearchParams({ ...valid, ...change });
      for (const init of [
        { method: "GET", url: `${issuer}/oauth/authorize?${query.toString()}` },
        { method: "POST", url: `${issuer}/oauth/authorize`, body: query },
      ]) {
        const label = `${init.method} ${JSON.stringify(change)}`;
        const answer = await fetch(init.url, {
          method: init.method,
          body: init.body,
          redirect: "manual",
        });
        expect(answer.status, label).toBe(400);
        expect(answer.headers.get("location"), label).toBeNull();
        expect(answer.headers.get("content-type"), label).toContain("application/json");
        expect(await answer.json(), label).toMatchObject({ error });
      }
    }
    // The same request, valid, goes to the consent page, where the person sees the address.
    const consent = await fetch(
      `${issuer}/oauth/authorize?${new URLSearchParams(valid).toString()}`,
      { redirect: "manual" },
    );
    expect(consent.status).toBe(302);
    expect(consent.headers.get("location")).toContain(`${SITE}/account/authorize?request=`);
  });

  it("a request that left out redirect_uri (the client's only address) may leave it out of the exchange too", async () => {
    const consented = await consentedFor(person, (url) => url.searchParams.delete("redirect_uri"));
    const exchange = (fields: Record<string, string>) => exchangeCode(consented, fields);
    // Sent here, it must still be the address the code went to.
    const wrong = await exchange({ redirect_uri: `${REDIRECT}x` });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "invalid_grant" });
    const answer = await exchange({});
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as { access_token: string };
    expect((await listTools(tokens.access_token)).status).toBe(200);
  });

  it("a request that named redirect_uri must name it again in the exchange", async () => {
    const consented = await consentedFor(person);
    const exchange = (fields: Record<string, string>) => exchangeCode(consented, fields);
    const without = await exchange({});
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ error: "invalid_grant" });
    expect((await exchange({ redirect_uri: REDIRECT })).status).toBe(200);
  });

  it("a refusal on the consent page: access_denied with state and iss; the request is then gone", async () => {
    const provider = new MemoryOAuthClient({ redirectUrl: REDIRECT, clientName: "Denied Client" });
    await expect(connectedClient(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    const page = await consentPageRequest(provider.authorizationUrl ?? new URL(api.url));
    const back = await decide(site, person, page.requestId ?? "", false);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(provider.sentState);
    expect(back.searchParams.get("iss")).toBe(issuer);
    const again = await websiteQuery(site, "account.connections.request", {
      sessionToken: person.sessionToken,
      requestId: page.requestId,
    });
    expect(again.error?.data.code).toBe("NOT_FOUND");
  });

  it("someone else's connection cannot be revoked (NOT_FOUND)", async () => {
    const consented = await consentedFor(person);
    await consented.exchange();
    const mine = await websiteQuery(site, "account.connections.list", {
      sessionToken: person.sessionToken,
    });
    const [grant] = mine.data as { grantId: string }[];
    const other = await signedInPerson(site, api.db, "full", NOW);
    const refused = await websiteMutation(site, "account.connections.revoke", {
      sessionToken: other.sessionToken,
      csrfToken: other.csrfToken,
      grantId: grant?.grantId,
    });
    expect(refused.error?.data.code).toBe("NOT_FOUND");
  });

  it("RFC 7009: the client revokes its refresh token, which ends the grant", async () => {
    const consented = await consentedFor(person);
    const tokens = await consented.exchange();
    const revoke = await fetch(`${issuer}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: consented.clientInformation.client_id,
        token: tokens.refresh_token ?? "",
      }),
    });
    expect(revoke.status).toBe(200);
    expect((await listTools(tokens.access_token)).status).toBe(401);
  });

  it("stores codes and tokens hashed only", async () => {
    const consented = await consentedFor(person);
    const tokens = await consented.exchange();
    const rows = await api.db.oAuthToken.findMany({ select: { tokenHash: true } });
    const hashes = rows.map((row) => row.tokenHash);
    expect(hashes).toContain(hashOAuthSecret(tokens.access_token));
    expect(hashes).not.toContain(tokens.access_token);
    const codes = await api.db.oAuthCode.findMany({ select: { codeHash: true } });
    expect(codes.map((row) => row.codeHash)).toContain(hashOAuthSecret(consented.code));
  });

  it("REST refuses an OAuth access token (it is for the MCP resource only)", async () => {
    const consented = await consentedFor(person);
    const tokens = await consented.exchange();
    // A route that reads a key when one is sent: the token is not one (REST's 401 for a bad key).
    const rest = await api.get("/api/otpi", { authorization: `Bearer ${tokens.access_token}` });
    expect(rest.status).toBe(401);
    expect(rest.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("an api that may not fetch from loopback (the default)", () => {
  let strict: Served;
  beforeAll(async () => {
    const port = await freePort();
    strict = await serveApp(
      otherInstance(`http://127.0.0.1:${port}`, metadataDocumentSettings(false)),
      [],
      port,
    );
  });
  afterAll(async () => strict?.close());

  it("refuses a metadata document on a loopback address: invalid_client", async () => {
    const provider = new MemoryOAuthClient({
      redirectUrl: REDIRECT,
      clientName: "Loopback Client",
      clientMetadataUrl: documentUrl,
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${strict.url}/mcp/oauth`), {
      authProvider: provider,
    });
    await expect(
      new Client({ name: "oauth-test", version: "1.0.0" }).connect(transport),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const answer = await fetch(provider.authorizationUrl ?? new URL(strict.url), {
      redirect: "manual",
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: string; error_description: string };
    expect(body.error).toBe("invalid_client");
    expect(body.error_description).toContain("loopback");
  });

  it(
    "refuses a metadata document whose host's lookup never answers, within the time limit: invalid_client",
    async () => {
      const port = await freePort();
      const silent = await serveApp(
        otherInstance(`http://127.0.0.1:${port}`, {
          allowLoopbackMetadataDocuments: false,
          resolveHost: () => new Promise(() => undefined),
        }),
        [],
        port,
      );
      try {
        const authorize = new URL(`${silent.url}/oauth/authorize`);
        authorize.search = new URLSearchParams({
          response_type: "code",
          client_id: "https://never-answers.test/oauth/client.json",
          redirect_uri: REDIRECT,
          code_challenge: "c".repeat(43),
          code_challenge_method: "S256",
        }).toString();
        const started = Date.now();
        const answer = await fetch(authorize, { redirect: "manual" });
        expect(Date.now() - started).toBeLessThan(CLIENT_METADATA_TIMEOUT_MS + 2_000);
        expect(answer.status).toBe(400);
        const body = (await answer.json()) as { error: string; error_description: string };
        expect(body.error).toBe("invalid_client");
        expect(body.error_description).toContain(`within ${CLIENT_METADATA_TIMEOUT_MS} ms`);
      } finally {
        await silent.close();
      }
    },
    CLIENT_METADATA_TIMEOUT_MS * 3,
  );

  it("answers malformed requests with OAuth errors in JSON, never a 500", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const json = { "content-type": "application/json" };
    const cases: [string, RequestInit][] = [
      ["/oauth/token", { method: "POST" }],
      [
        "/oauth/token",
        { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
      ],
      [
        "/oauth/token",
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=password&client_id=nobody",
        },
      ],
      [
        "/oauth/register",
        { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
      ],
      [
        "/oauth/register",
        { method: "POST", headers: { "content-type": "application/json" }, body: "[]" },
      ],
      ["/oauth/authorize", { method: "GET" }],
      ["/oauth/authorize?client_id=https%3A%2F%2F%5B%3A%3A1%5D%2Fx", { method: "GET" }],
      ["/oauth/revoke", { method: "DELETE" }],
      ["/oauth/revoke", { method: "POST", headers: form, body: "token=x" }],
      ["/oauth/token", { method: "POST", headers: form, body: "client_id=a&client_id=b" }],
      ["/oauth/token", { method: "POST", headers: form, body: `client_id=${"x".repeat(5000)}` }],
      [
        "/oauth/token",
        { method: "POST", headers: form, body: "grant_type=authorization_code&client_id=%zz" },
      ],
      ["/oauth/token", { method: "POST", headers: form, body: "\u0000\uffff=%%%" }],
      [
        "/oauth/register",
        { method: "POST", headers: json, body: JSON.stringify({ redirect_uris: "x" }) },
      ],
      [
        "/oauth/register",
        {
          method: "POST",
          headers: json,
          body: JSON.stringify({ redirect_uris: ["javascript:alert(1)"] }),
        },
      ],
      [
        "/oauth/register",
        { method: "POST", headers: json, body: JSON.stringify({ redirect_uris: [] }) },
      ],
      [
        "/oauth/register",
        {
          method: "POST",
          headers: json,
          body: JSON.stringify({ redirect_uris: [REDIRECT], grant_types: ["client_credentials"] }),
        },
      ],
      ["/oauth/register", { method: "POST", headers: json, body: "x".repeat(200_000) }],
      ["/oauth/authorize?client_id=https%3A%2F%2F", { method: "GET" }],
      ["/oauth/authorize?client_id=https%3A%2F%2Fexample.com", { method: "GET" }],
      ["/oauth/authorize?client_id=https%3A%2F%2F10.0.0.1%2Fc.json", { method: "GET" }],
      [`/oauth/authorize?client_id=https%3A%2F%2Fa.test%2F${"x".repeat(3000)}`, { method: "GET" }],
      ["/oauth/authorize?client_id=00000000-0000-4000-8000-000000000000", { method: "GET" }],
      ["/oauth/authorize?client_id=%E0%A4%A", { method: "GET" }],
      ["/oauth/authorize", { method: "POST", headers: form, body: "client_id[]=x" }],
    ];
    // RFC 7591's error for a redirect address that is neither https nor loopback http.
    const plainHttp = await fetch(`${strict.url}/oauth/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ redirect_uris: ["http://example.com/callback"] }),
    });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toMatchObject({ error: "invalid_redirect_uri" });
    for (const [path, init] of cases) {
      const answer = await fetch(`${strict.url}${path}`, { ...init, redirect: "manual" });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers.get("content-type"), path).toContain("application/json");
    }
  });
});
