import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
import { axeViolations } from "./axe";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { contrastFailures } from "./contrast";
import { freePort, startSite, type RunningSite } from "./harness";
import { READER_PASSWORD } from "./market-readers";
import { SCHEMES, WIDTHS } from "./reader-audit";

/**
 * An agent application connects to the api's MCP server by its address and a sign-in, as the MCP
 * authorization specification has it, with the MCP SDK's own client and OAuth support (no
 * protocol code here): the client gets a 401 from /mcp, discovers the authorization server,
 * registers by dynamic client registration and sends the person to the authorization endpoint;
 * in Chromium the person signs in on the website, reads the consent page and allows; the browser
 * lands on the client's loopback redirect address, the client finishes with the code, lists the
 * tools and calls one a key would need. The person then revokes the application on the account
 * page, and the application's next call is refused.
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

/**
 * What an agent application keeps: its registration, tokens and PKCE verifier in memory, and,
 * to send the person to sign in, the address it would open in their browser (the test opens it
 * in Chromium).
 */
class AgentProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrls: URL[] = [];

  constructor(private readonly callbackUrl: string) {}

  get redirectUrl(): string {
    return this.callbackUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E Agent",
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

/**
 * `path` at each width and colour scheme: axe-core finds nothing, every text has AA contrast,
 * nothing is wider than the screen; a screenshot of each is kept.
 */
async function readsWell(page: Page, path: string, status: number, name: string): Promise<void> {
  for (const scheme of SCHEMES)
    for (const width of WIDTHS) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await open(page, path, status, origin);
      const where = `${path} at ${width} px, ${scheme}`;
      expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
      expect(await contrastFailures(page), `contrast on ${where}`).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `page width on ${where}`).toBeLessThanOrEqual(width);
      await screenshot(page, `${name}-${width}-${scheme}`);
    }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
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

  let ownSite: RunningSite | undefined;
  let door: Server | undefined;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    door = await frontDoor(port, () => {
      if (ownSite === undefined) throw new Error("the site is not started yet");
      return ownSite;
    });
    ownSite = await startSite({ TPI_PUBLIC_SITE_URL: origin });
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
    await person?.close();
    await browser?.close();
    door?.close();
    await ownSite?.stop();
  });

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
    await page.goto(authorizationUrl.href);
    await page.waitForURL((url) => url.pathname === "/account/sign-in");
    const signInUrl = new URL(page.url());
    const next = signInUrl.searchParams.get("next") ?? "";
    expect(next).toMatch(/^\/account\/authorize\?request=[A-Za-z0-9_-]+$/);
    await page.fill('form[data-form="sign-in"] input[name="email"]', email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', READER_PASSWORD);
    await page.click('form[data-form="sign-in"] button[type="submit"]');
    await page.waitForURL(`${origin}${next}`);

    // 3. The consent page names the client, its redirect address in full, and what it reads.
    expect(await page.textContent("h1")).toBe("Connect E2E Agent?");
    expect(await page.textContent('[data-consent="client-id"]')).toBe(
      provider.information?.client_id,
    );
    expect(await page.textContent('[data-consent="redirect"]')).toBe(callback.url);
    expect(await page.textContent('[data-consent="reads"]')).toContain("Full plan");
    // Reading it again does not use the request up; it reads well on a phone and in the dark.
    await readsWell(page, next, 200, "connections-consent");
    // Its CSP lets the form go on to the client's address, and nowhere else.
    const consent = await page.request.get(page.url());
    expect(consent.headers()["content-security-policy"]).toContain(
      `form-action 'self' ${new URL(callback.url).origin};`,
    );

    // 4. Allow: the browser lands on the application's loopback address with the code.
    await page.click('form[data-form="allow-connection"] button[type="submit"]');
    const landed = await callback.code;
    expect(landed.searchParams.get("error")).toBeNull();
    const code = landed.searchParams.get("code") ?? "";
    expect(code).not.toBe("");
    await first.finishAuth(code);
    expect(provider.saved?.access_token).toBeTruthy();

    // 5. Connected: the tools, and a tool a key would need, answered with the account's plan.
    const client = await connected(provider);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("get_token_index_revisions");
    const revisions = await client.callTool({ name: "get_token_index_revisions", arguments: {} });
    expect(revisions.isError ?? false, JSON.stringify(revisions.content)).toBe(false);
    await client.close();

    const accessToken = provider.saved?.access_token ?? "";

    // 6. The account page lists the application; Revoke ends its access at once.
    await open(page, "/account", 200, origin);
    const row = page.locator('table[data-table="connections"] tr', { hasText: "E2E Agent" });
    expect(await row.getAttribute("data-connection-state")).toBe("active");
    expect(await row.textContent()).toContain(callback.url);
    await readsWell(page, "/account", 200, "connections-account");
    await Promise.all([
      page.waitForURL(`${origin}/account`),
      row.locator('form[data-form="revoke-connection"] button').click(),
    ]);
    expect(await page.textContent('[data-flash="notice"]')).toBe(
      "The application is disconnected.",
    );
    expect(await row.getAttribute("data-connection-state")).toBe("revoked");

    // The application's next call is refused: the token is dead, and so is its refresh token
    // (invalid_grant), so the SDK forgets both and can only ask the person to sign in again.
    const afterRevocation = await connected(provider).catch((error: unknown) => error);
    expect(afterRevocation).toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls).toHaveLength(2);
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
  });

  it("says an ended request has ended, answered 404 with no decision form, readable everywhere", async () => {
    const path = "/account/authorize?request=no-such-request";
    await open(page, path, 404, origin);
    expect(await page.locator('[data-consent="gone"]').count()).toBe(1);
    expect(await page.locator('form[action="/account/do/decide-connection"]').count()).toBe(0);
    await readsWell(page, path, 404, "connections-ended");
  });
});
