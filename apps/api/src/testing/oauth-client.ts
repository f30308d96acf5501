import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  UnauthorizedError,
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  type OAuthClientProvider,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { VISITOR_ADDRESS_HEADER, type AccountPlan } from "@tpi/domain";
import { insertWebAccount, markEmailVerified, type Db } from "@tpi/db";
import { DEFAULT_WEBSITE_ACCOUNT_SETTINGS, type AppDeps } from "../platform/core/deps";
import { hashPassword } from "../platform/accounts/password-hash";
import { OAuthAccessTokens } from "../platform/auth/oauth-tokens";
import { signVisitorAddress, visitorKeyFrom } from "../platform/accounts/visitor-address";
import { freePort, startTestApi, type TestApi } from "./test-api";

/**
 * What the OAuth tests need besides the MCP SDK's own client: an OAuthClientProvider that keeps
 * its state in memory (the SDK leaves storage to the application), a person signed in on the
 * website through the real sign-in procedure, and the consent step answered through the
 * website's tRPC procedures instead of a browser. No protocol code: the SDK's `auth()` and its
 * transport do discovery, registration, PKCE, the code exchange and refreshes.
 */

/** An MCP client application's OAuth state, in memory. */
export class MemoryOAuthClient implements OAuthClientProvider {
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  private lastState = "";
  /** Where the SDK last sent the "browser" (its authorization request). */
  authorizationUrl: URL | undefined;

  constructor(
    private readonly options: {
      redirectUrl: string;
      clientName: string;
      /** Set: registration by Client ID Metadata Document; unset: dynamic registration. */
      clientMetadataUrl?: string;
    },
  ) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    this.lastState = randomBytes(16).toString("hex");
    return this.lastState;
  }

  /** The state sent with the last authorization request. */
  get sentState(): string {
    return this.lastState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "client") this.information = undefined;
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = "";
  }
}

/** The website's server calling the api's internal tRPC router. */
export type Website = {
  url: string;
  internalToken: string;
};

type TrpcResult = {
  status: number;
  data?: unknown;
  error?: { message: string; data: { code: string } };
};

async function trpc(
  site: Website,
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<TrpcResult> {
  const auth = { authorization: `Bearer ${site.internalToken}`, ...headers };
  const response =
    kind === "query"
      ? await fetch(
          `${site.url}/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          { headers: auth },
        )
      : await fetch(`${site.url}/trpc/${path}`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify(input),
        });
  const body = (await response.json()) as {
    result?: { data: unknown };
    error?: TrpcResult["error"];
  };
  return { status: response.status, data: body.result?.data, error: body.error };
}

export const websiteQuery = (site: Website, path: string, input?: unknown) =>
  trpc(site, "query", path, input);
export const websiteMutation = (site: Website, path: string, input: unknown) =>
  trpc(site, "mutation", path, input);

export type SignedIn = { sessionToken: string; csrfToken: string; accountId: string };

let people = 0;
/**
 * A confirmed account of this plan, signed in through `account.signIn` as the website does
 * (form token, the visitor's signed address): the session and CSRF tokens it answers.
 */
export async function signedInPerson(
  site: Website,
  db: Db,
  plan: AccountPlan,
  now: Date,
): Promise<SignedIn> {
  people += 1;
  const email = `oauth-person-${people}-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery staple";
  const account = await insertWebAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    name: email,
    plan,
    trialEndsAt: plan === "trial" ? new Date(now.getTime() + 7 * 86_400_000) : null,
    createdAt: now,
  });
  if (account === null) throw new Error("account not created");
  await markEmailVerified(db, account.id, now);
  const form = await websiteQuery(site, "account.formToken");
  const token = (form.data as { token: string }).token;
  const visitor = signVisitorAddress(visitorKeyFrom(site.internalToken), "192.0.2.10", Date.now());
  const signIn = await trpc(
    site,
    "mutation",
    "account.signIn",
    { email, password, formToken: { cookie: token, form: token } },
    { [VISITOR_ADDRESS_HEADER]: visitor },
  );
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.error)}`);
  const { sessionToken, csrfToken } = signIn.data as { sessionToken: string; csrfToken: string };
  return { sessionToken, csrfToken, accountId: account.id };
}

/**
 * The browser's part: follows the SDK's authorization request to the api, which answers with a
 * redirect to the website's consent page; the request id it carries.
 */
export async function consentPageRequest(authorizationUrl: URL): Promise<{
  response: Response;
  location: string | null;
  requestId: string | null;
}> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  const requestId = location === null ? null : new URL(location).searchParams.get("request");
  return { response, location, requestId };
}

/** The person's decision on the consent page: the address the browser is sent back to. */
export async function decide(
  site: Website,
  person: SignedIn,
  requestId: string,
  approve: boolean,
): Promise<URL> {
  const answer = await websiteMutation(site, "account.connections.decide", {
    sessionToken: person.sessionToken,
    csrfToken: person.csrfToken,
    requestId,
    approve,
  });
  if (answer.status !== 200) throw new Error(`decide failed: ${JSON.stringify(answer.error)}`);
  return new URL((answer.data as { redirectTo: string }).redirectTo);
}

/** An api serving the authorization server, with what the OAuth tests reach it by. */
export type OAuthTestApi = {
  api: TestApi;
  /** The api's own address, its issuer (TPI_PUBLIC_API_URL). */
  issuer: string;
  /** The MCP resource tokens are issued for. */
  resource: string;
  /** The website's server, calling the api's internal procedures. */
  site: Website;
};

/**
 * A test api whose own address is the OAuth issuer (a free port chosen before it starts, as the
 * issuer is configured before the api listens), its consent page at `siteUrl` (the api's own
 * address unless given), the internal procedures open to `internalToken`.
 */
export async function startOAuthTestApi(options: {
  now: Date;
  internalToken: string;
  siteUrl?: string;
  proxyDatabase?: boolean;
  /** Further settings: the OAuth server's, the rate limits. */
  configure?: (deps: AppDeps, issuer: string) => AppDeps;
}): Promise<OAuthTestApi> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const api = await startTestApi({
    now: options.now,
    internalToken: options.internalToken,
    port,
    proxyDatabase: options.proxyDatabase,
    configure: (deps) => {
      const oauthDeps: AppDeps = {
        ...deps,
        websiteAccounts: {
          ...DEFAULT_WEBSITE_ACCOUNT_SETTINGS,
          siteUrl: options.siteUrl ?? issuer,
          apiUrl: issuer,
          cookieSecure: false,
        },
        // Kept in deps, so that a test can flush the grants' last use.
        oauthTokens: deps.oauthTokens ?? new OAuthAccessTokens(deps.db, deps.clock),
      };
      return options.configure ? options.configure(oauthDeps, issuer) : oauthDeps;
    },
  });
  return {
    api,
    issuer,
    resource: `${issuer}/mcp`,
    site: { url: api.url, internalToken: options.internalToken },
  };
}

/**
 * A consented code for a new grant: the SDK's client connects to /mcp/oauth (401), registers
 * and sends the "browser" to the authorization endpoint, the person answers the consent page
 * (`answer`, approval by default); with the SDK's client functions to exchange the code and to
 * refresh.
 */
export async function consentedCode(
  oauth: OAuthTestApi,
  person: SignedIn,
  options: {
    redirectUrl: string;
    clientName: string;
    answer?: (requestId: string) => Promise<URL>;
    /** Changes the SDK's authorization request before the "browser" follows it. */
    changeRequest?: (authorizationUrl: URL) => void;
  },
) {
  const { api, issuer, resource, site } = oauth;
  const provider = new MemoryOAuthClient({
    redirectUrl: options.redirectUrl,
    clientName: options.clientName,
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/mcp/oauth`), {
    authProvider: provider,
  });
  const refused = await new Client({ name: "oauth-test", version: "1.0.0" })
    .connect(transport)
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  if (!(refused instanceof UnauthorizedError))
    throw new Error(`the SDK's client was not asked to sign in: ${String(refused)}`);
  const authorizationUrl = new URL(provider.authorizationUrl ?? api.url);
  options.changeRequest?.(authorizationUrl);
  const page = await consentPageRequest(authorizationUrl);
  const answer = options.answer ?? ((requestId: string) => decide(site, person, requestId, true));
  const back = await answer(page.requestId ?? "");
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  const clientInformation = provider.clientInformation() as OAuthClientInformationMixed;
  const code = back.searchParams.get("code") ?? "";
  return {
    provider,
    metadata,
    clientInformation,
    code,
    codeVerifier: provider.codeVerifier(),
    exchange: (codeVerifier = provider.codeVerifier()) =>
      exchangeAuthorization(issuer, {
        metadata,
        clientInformation,
        authorizationCode: code,
        codeVerifier,
        redirectUri: options.redirectUrl,
        resource: new URL(resource),
      }),
    refresh: (refreshToken: string) =>
      refreshAuthorization(issuer, {
        metadata,
        clientInformation,
        refreshToken,
        resource: new URL(resource),
      }),
  };
}

/** POST `${url}/mcp` with a bearer token, as JSON-RPC tools/list. */
export function listToolsWith(url: string, token: string): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}
