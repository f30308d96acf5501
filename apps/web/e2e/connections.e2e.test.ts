import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as forward, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  UnauthorizedError,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELF_SIGNED_LOOPBACK } from "../../api/src/testing/self-signed-certificate";
import { chromiumPresent, launchBrowser, open } from "./browser";
import { freePort, startSite, type RunningSite } from "./harness";
import { READER_PASSWORD } from "./market-readers";
import { expectReadableEverywhere } from "./reader-audit";

/**
 * An agent application connects to the api's MCP server by its address and a sign-in, as the MCP
 * authorization specification has it, with the MCP SDK's own client and OAuth support (no
 * protocol code here): the client gets a 401 from /mcp, discovers the authorization server,
 * registers by dynamic client registration and sends the person to the authorization endpoint;
 * in Chromium the person signs in on the website, reads the consent page and allows; the browser
 * lands on the client's loopback redirect address, the client finishes with the code, lists the
 * tools and calls one a key would need. The person then revokes the application on the account
 * page, and the application's next call is refused. A second application registers the other
 * way the specification gives, by a Client ID Metadata Document: its client_id is the https URL
 * of a JSON document (served here by a loopback https stub), which the api fetches, and the
 * consent page names the document's host.
 *
 * The authorization server's issuer is the website's origin (TPI_PUBLIC_SITE_URL): in a deployment
 * nginx serves the api's /mcp, /.well-known/* and /oauth/* there, and the website the rest. This
 * file starts its own site behind a loopback stand-in for that nginx (`frontDoor`), so that the
 * client, the browser and the api all see the one origin.
 */

/** The api's paths on the site's origin, as the deployment's nginx routes them; the rest is the website's. */
const API_PATHS = /^\/(mcp(\/|$|\?)|\.well-known\/|oauth\/)/;

/** A loopback stand-in for the deployment's nginx: one origin, the api's paths to the api. */
async function frontDoor(port: number, target: () => RunningSite): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? "/";
    const upstream = new URL(API_PATHS.test(path) ? target().apiUrl : target().webUrl);
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path,
        // The Host header stays the origin's, as nginx's `proxy_set_header Host $host`.
        headers: { ...incoming.headers, connection: "close" },
        // A connection per request, as nginx's default: no reused socket the upstream has closed.
        agent: false,
      },
      (answer) => {
        // Each answer ends its connection: the client sits idle while the person signs in in the
        // browser, longer than a server keeps an idle connection, and a reused one it closed
        // meanwhile would reset the client's next request.
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: "close" });
        answer.pipe(outgoing);
      },
    );
    proxied.on("error", (error) => {
      console.error(`[front door] ${incoming.method} ${path}: ${String(error)}`);
      outgoing.destroy();
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

/** The application's loopback redirect address: catches the one code the browser brings back. */
type Callback = { url: string; code: Promise<URL>; server: Server };

async function loopbackCallback(): Promise<Callback> {
  let reached: (url: URL) => void = () => undefined;
  const code = new Promise<URL>((resolve) => {
    reached = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end("<!doctype html><title>Connected</title><p>You can close this window.</p>");
    reached(url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/callback`, code, server };
}

/** The name of the application that registers by dynamic registration. */
const AGENT_NAME = "E2E Agent";
/** The name in the other application's metadata document. */
const DOCUMENT_AGENT_NAME = "Document Agent";

/**
 * An application's Client ID Metadata Document, served over https from loopback with a
 * self-signed certificate for 127.0.0.1: the api's process trusts it through NODE_EXTRA_CA_CERTS
 * and fetches it from loopback because OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK is on (tests only).
 */
type MetadataDocument = { url: string; fetches: () => number; close: () => void };

async function metadataDocument(name: string, redirectUri: string): Promise<MetadataDocument> {
  let fetches = 0;
  let url = "";
  const server = createHttpsServer(
    { key: SELF_SIGNED_LOOPBACK.key, cert: SELF_SIGNED_LOOPBACK.cert },
    (request, response) => {
      if (request.url !== new URL(url).pathname) {
        response.statusCode = 404;
        response.end();
        return;
      }
      fetches += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          client_id: url,
          client_name: name,
          redirect_uris: [redirectUri],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(0, SELF_SIGNED_LOOPBACK.host, resolve));
  const { port } = server.address() as AddressInfo;
  url = `https://${SELF_SIGNED_LOOPBACK.host}:${port}/oauth/client.json`;
  return { url, fetches: () => fetches, close: () => server.close() };
}

/**
 * What an agent application keeps: its registration, tokens and PKCE verifier in memory, and,
 * to send the person to sign in, the address it would open in their browser (the test opens it
 * in Chromium). With `clientMetadataUrl`, the SDK uses that URL as the client_id where the
 * authorization server supports metadata documents, and registers nothing.
 */
class AgentProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrls: URL[] = [];

  constructor(
    private readonly callbackUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl(): string {
    return this.callbackUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: AGENT_NAME,
      redirect_uris: [this.callbackUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation = (): OAuthClientInformationMixed | undefined => this.information;
  saveClientInformation = (information: OAuthClientInformationMixed): void => {
    this.information = information;
  };
  tokens = (): OAuthTokens | undefined => this.saved;
  saveTokens = (tokens: OAuthTokens): void => {
    this.saved = tokens;
  };
  redirectToAuthorization = (authorizationUrl: URL): void => {
    this.authorizationUrls.push(authorizationUrl);
  };
  saveCodeVerifier = (verifier: string): void => {
    this.verifier = verifier;
  };
  codeVerifier = (): string => this.verifier;
  /** What the server refused (a dead refresh token: "tokens"), forgotten so the SDK starts over. */
  invalidateCredentials = (scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void => {
    if (scope === "all" || scope === "client") this.information = undefined;
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = "";
  };
}

/** The front door's origin: the site's public address (the issuer) and the MCP server's. */
let origin = "";

/** The address an agent application adds: the MCP server that asks a keyless caller to sign in. */
function mcpUrl(): URL {
  return new URL(`${origin}/mcp/oauth`);
}

async function connected(provider: AgentProvider): Promise<Client> {
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return client;
}

describe.skipIf(!chromiumPresent)("an agent application connects by URL with a sign-in", () => {
  const email = `connector-${Date.now()}@example.com`;
  // Its own visitor address: the api allows 5 sign-ups an hour per address.
  const headers = { "x-forwarded-for": "192.0.2.71" };
  let browser: Browser;
  let person: BrowserContext;
  let page: Page;
  let callback: Callback;
  let documentCallback: Callback | undefined;
  let documentStub: MetadataDocument | undefined;
  /** Holds the stub's certificate, which the api's process trusts (NODE_EXTRA_CA_CERTS). */
  let caDir: string | undefined;

  let ownSite: RunningSite | undefined;
  let door: Server | undefined;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    door = await frontDoor(port, () => {
      if (ownSite === undefined) throw new Error("the site is not started yet");
      return ownSite;
    });
    documentCallback = await loopbackCallback();
    documentStub = await metadataDocument(DOCUMENT_AGENT_NAME, documentCallback.url);
    caDir = mkdtempSync(join(tmpdir(), "tpi-e2e-cimd-"));
    const caFile = join(caDir, "ca.pem");
    writeFileSync(caFile, SELF_SIGNED_LOOPBACK.cert);
    ownSite = await startSite({
      TPI_PUBLIC_SITE_URL: origin,
      OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: "true",
      NODE_EXTRA_CA_CERTS: caFile,
    });
    browser = await launchBrowser();
    // The account exists (Full plan) before the application asks; the sign-in happens in the flow.
    const setup = await browser.newPage({ extraHTTPHeaders: headers });
    await open(setup, "/account/sign-up", 200, origin);
    await setup.fill('form[data-form="sign-up"] input[name="email"]', email);
    await setup.fill('form[data-form="sign-up"] input[name="password"]', READER_PASSWORD);
    await setup.click('form[data-form="sign-up"] button[type="submit"]');
    await setup.waitForURL(`${origin}/account/sign-in`);
    await setup.goto(await ownSite.mailedLink(email, "/account/verify-email"));
    await setup.click('form[data-form="verify-email"] button[type="submit"]');
    await setup.waitForURL(/\/account\/sign-in$/);
    await setup.close();
    const accountId =
      ownSite
        .cli(["accounts", "list"])
        .split("\n")
        .find((entry) => entry.includes(`<${email}>`))
        ?.split(" ")[0] ?? "";
    ownSite.cli(["accounts", "set-plan", "--account", accountId, "--plan", "full"]);
    person = await browser.newContext({ extraHTTPHeaders: headers });
    page = await person.newPage();
    callback = await loopbackCallback();
  });
  afterAll(async () => {
    callback?.server.close();
    documentCallback?.server.close();
    documentStub?.close();
    await person?.close();
    await browser?.close();
    door?.close();
    await ownSite?.stop();
    if (caDir !== undefined) rmSync(caDir, { recursive: true, force: true });
  });

  /** The browser goes to the authorization endpoint and signs in; answers the consent page's path. */
  async function signInFrom(tab: Page, authorizationUrl: URL): Promise<string> {
    // The api sends it to the website, which asks to sign in and comes back; a request the api
    // refuses (a metadata document it could not fetch, say) fails here with the api's reason.
    const answer = await tab.goto(authorizationUrl.href);
    expect(answer?.status(), (await tab.textContent("body")) ?? "").toBeLessThan(400);
    await tab.waitForURL((url) => url.pathname === "/account/sign-in");
    const next = new URL(tab.url()).searchParams.get("next") ?? "";
    expect(next).toMatch(/^\/account\/authorize\?request=[A-Za-z0-9_-]+$/);
    await tab.fill('form[data-form="sign-in"] input[name="email"]', email);
    await tab.fill('form[data-form="sign-in"] input[name="password"]', READER_PASSWORD);
    await tab.click('form[data-form="sign-in"] button[type="submit"]');
    await tab.waitForURL(`${origin}${next}`);
    return next;
  }

  /** Allow on the consent page: the browser brings the code to `landing`; the SDK finishes with it. */
  async function allow(tab: Page, landing: Callback, transport: StreamableHTTPClientTransport) {
    await tab.click('form[data-form="allow-connection"] button[type="submit"]');
    const landed = await landing.code;
    expect(landed.searchParams.get("error")).toBeNull();
    const code = landed.searchParams.get("code") ?? "";
    expect(code).not.toBe("");
    await transport.finishAuth(code);
  }

  /** Connected: the tools, and a tool a key would need, answered with the account's plan. */
  async function listsAndCalls(provider: AgentProvider): Promise<void> {
    const client = await connected(provider);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("get_token_index_revisions");
    const revisions = await client.callTool({ name: "get_token_index_revisions", arguments: {} });
    expect(revisions.isError ?? false, JSON.stringify(revisions.content)).toBe(false);
    await client.close();
  }

  /** Revoke on the account page, in the application's `row`, ends its access at once. */
  async function revoke(tab: Page, row: ReturnType<Page["locator"]>): Promise<void> {
    await Promise.all([
      tab.waitForURL(`${origin}/account`),
      row.locator('form[data-form="revoke-connection"] button').click(),
    ]);
    expect(await tab.textContent('[data-flash="notice"]')).toBe("The application is disconnected.");
    expect(await row.getAttribute("data-connection-state")).toBe("revoked");
  }

  /**
   * The application's next call is refused: the token is dead, and so is its refresh token
   * (invalid_grant), so the SDK forgets both and can only ask the person to sign in again.
   */
  async function refusedOnceRevoked(provider: AgentProvider, accessToken: string): Promise<void> {
    const asked = provider.authorizationUrls.length;
    const afterRevocation = await connected(provider).catch((error: unknown) => error);
    expect(afterRevocation).toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls).toHaveLength(asked + 1);
    const bare = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(bare.status).toBe(401);
  }

  it("registers, signs in and consents in Chromium, lists tools and calls one; refused once revoked", async () => {
    const provider = new AgentProvider(callback.url);

    // 1. Unauthorized: the SDK discovers, registers (dynamic registration) and asks for a sign-in.
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    const refused = await new Client({ name: "e2e-agent", version: "1.0.0" })
      .connect(first)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id, "registered by dynamic registration").toBeTruthy();
    expect(provider.authorizationUrls).toHaveLength(1);
    const authorizationUrl = provider.authorizationUrls[0] ?? new URL("about:blank");
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    // The token is for the MCP resource, /mcp at the origin (good at both of its addresses).
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${origin}/mcp`);

    // 2. The browser: the api sends it to the website, which asks to sign in and comes back.
    const next = await signInFrom(page, authorizationUrl);

    // 3. The consent page names the client, its redirect address in full, and what it reads.
    expect(await page.textContent("h1")).toBe(`Connect ${AGENT_NAME}?`);
    expect(await page.textContent('[data-consent="client-id"]')).toBe(
      provider.information?.client_id,
    );
    expect(await page.textContent('[data-consent="redirect"]')).toBe(callback.url);
    expect(await page.textContent('[data-consent="reads"]')).toContain("Full plan");
    // Reading it again does not use the request up; it reads well on a phone and in the dark.
    await expectReadableEverywhere(page, next, "connections-consent", { baseUrl: origin });
    // Its CSP lets the form go on to the client's address, and nowhere else.
    const consent = await page.request.get(page.url());
    expect(consent.headers()["content-security-policy"]).toContain(
      `form-action 'self' ${new URL(callback.url).origin};`,
    );

    // 4. Allow: the browser lands on the application's loopback address with the code.
    await allow(page, callback, first);
    expect(provider.saved?.access_token).toBeTruthy();
    const accessToken = provider.saved?.access_token ?? "";

    // 5. Connected: it lists the tools and calls one.
    await listsAndCalls(provider);

    // 6. The account page lists the application; Revoke ends its access at once.
    await open(page, "/account", 200, origin);
    const row = page.locator('table[data-table="connections"] tr', { hasText: AGENT_NAME });
    expect(await row.getAttribute("data-connection-state")).toBe("active");
    expect(await row.textContent()).toContain(callback.url);
    await expectReadableEverywhere(page, "/account", "connections-account", { baseUrl: origin });
    await revoke(page, row);
    await refusedOnceRevoked(provider, accessToken);
  });

  it("registers by a client metadata document, named by its host on the consent page", async () => {
    const served = documentStub;
    const landing = documentCallback;
    if (served === undefined || landing === undefined) throw new Error("no document stub");
    const provider = new AgentProvider(landing.url, served.url);

    // 1. Unauthorized: the metadata says documents are supported, so the SDK registers nothing
    // and the document's URL is the client_id.
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    const refused = await new Client({ name: "e2e-document-agent", version: "1.0.0" })
      .connect(first)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toBe(served.url);
    const authorizationUrl = provider.authorizationUrls[0] ?? new URL("about:blank");
    expect(authorizationUrl.searchParams.get("client_id")).toBe(served.url);

    // 2. A browser of its own (signed out whichever test ran first): sign in, then consent.
    const visitor = await browser.newContext({ extraHTTPHeaders: headers });
    try {
      const tab = await visitor.newPage();
      await signInFrom(tab, authorizationUrl);
      // The api read the client from its document (the redirect address below is the document's).
      expect(served.fetches()).toBeGreaterThan(0);

      // 3. The consent page leads with the document's host, which the application cannot choose;
      // the name is the document's own claim.
      expect(await tab.textContent("h1")).toBe(`Connect ${DOCUMENT_AGENT_NAME}?`);
      const host = tab.locator('[data-consent="client"] strong[data-consent="host"]');
      expect(await host.textContent()).toBe(new URL(served.url).host);
      expect(await host.isVisible()).toBe(true);
      expect(await tab.textContent('[data-consent="client-id"]')).toBe(served.url);
      expect(await tab.textContent('[data-consent="redirect"]')).toBe(landing.url);
      expect(await tab.textContent('[data-consent="reads"]')).toContain("Full plan");

      // 4. Allow, finish, list the tools and call one.
      await allow(tab, landing, first);
      const accessToken = provider.saved?.access_token ?? "";
      expect(accessToken).not.toBe("");
      await listsAndCalls(provider);

      // 5. The account page names it by the document's host; Revoke ends its access at once.
      await open(tab, "/account", 200, origin);
      const row = tab.locator('table[data-table="connections"] tr', {
        hasText: DOCUMENT_AGENT_NAME,
      });
      expect(await row.getAttribute("data-connection-state")).toBe("active");
      expect(await row.textContent()).toContain(new URL(served.url).host);
      await revoke(tab, row);
      await refusedOnceRevoked(provider, accessToken);
    } finally {
      await visitor.close();
    }
  });

  it("comes back to the consent page for a person who signs up on the way", async () => {
    const newcomer = `newcomer-${Date.now()}@example.com`;
    const landing = await loopbackCallback();
    const provider = new AgentProvider(landing.url);
    const visitor = await browser.newContext({ extraHTTPHeaders: headers });
    try {
      const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
      const refused = await new Client({ name: "e2e-agent", version: "1.0.0" })
        .connect(first)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnauthorizedError);
      const authorizationUrl = provider.authorizationUrls[0] ?? new URL("about:blank");

      // 1. Sent to sign in without an account: the sign-up link keeps the consent page.
      const tab = await visitor.newPage();
      await tab.goto(authorizationUrl.href);
      await tab.waitForURL((url) => url.pathname === "/account/sign-in");
      const next = new URL(tab.url()).searchParams.get("next") ?? "";
      expect(next).toMatch(/^\/account\/authorize\?request=[A-Za-z0-9_-]+$/);
      await Promise.all([
        tab.waitForURL((url) => url.pathname === "/account/sign-up"),
        tab.click('a[href^="/account/sign-up"]'),
      ]);
      expect(new URL(tab.url()).searchParams.get("next")).toBe(next);

      // 2. Signing up lands on the sign-in page that still goes on to the consent page.
      await tab.fill('form[data-form="sign-up"] input[name="email"]', newcomer);
      await tab.fill('form[data-form="sign-up"] input[name="password"]', READER_PASSWORD);
      await Promise.all([
        tab.waitForURL(
          (url) => url.pathname === "/account/sign-in" && url.searchParams.get("next") === next,
        ),
        tab.click('form[data-form="sign-up"] button[type="submit"]'),
      ]);
      expect(await tab.locator('[data-flash="notice"]').count()).toBe(1);

      // 3. The mailed link, opened in another tab as from the mail, confirms the address.
      const mail = await visitor.newPage();
      await mail.goto(await (ownSite as RunningSite).mailedLink(newcomer, "/account/verify-email"));
      await mail.click('form[data-form="verify-email"] button[type="submit"]');
      await mail.waitForURL(/\/account\/sign-in$/);
      await mail.close();

      // 4. Signing in on the first tab goes on to the consent page, where Allow connects.
      await tab.fill('form[data-form="sign-in"] input[name="email"]', newcomer);
      await tab.fill('form[data-form="sign-in"] input[name="password"]', READER_PASSWORD);
      await Promise.all([
        tab.waitForURL(`${origin}${next}`),
        tab.click('form[data-form="sign-in"] button[type="submit"]'),
      ]);
      expect(await tab.textContent("h1")).toBe(`Connect ${AGENT_NAME}?`);
      await allow(tab, landing, first);
      expect(provider.saved?.access_token).toBeTruthy();
    } finally {
      await visitor.close();
      landing.server.close();
    }
  });

  it("says an ended request has ended, answered 404 with no decision form, readable everywhere", async () => {
    const path = "/account/authorize?request=no-such-request";
    await open(page, path, 404, origin);
    expect(await page.locator('[data-consent="gone"]').count()).toBe(1);
    expect(await page.locator('form[action="/account/do/decide-connection"]').count()).toBe(0);
    await expectReadableEverywhere(page, path, "connections-ended", {
      baseUrl: origin,
      status: 404,
    });
  });
});
