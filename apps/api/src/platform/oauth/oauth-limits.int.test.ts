import {
  MCP_KEY_RATE_LIMIT,
  OAUTH_LIMITS,
  describeAllowance,
  perOAuthAccount,
  type OAuthLimits,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELAXED_RATE_LIMITS, type TestApi } from "../../testing/test-api";
import {
  consentedCode,
  listToolsWith,
  signedInPerson,
  startOAuthTestApi,
  type OAuthTestApi,
  type SignedIn,
  type Website,
} from "../../testing/oauth-client";

/**
 * The authorization server's limits: token and revocation requests count per presented
 * credential and, failures only, per client address, so that a hosted connector exchanging and
 * refreshing for many users from one address is never throttled by its successes, while a
 * guesser is; registrations count per address. Small limits here, so that they are reached
 * quickly; the successes run past the default ones too.
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-oauth-limit-tests-0123";
const REDIRECT = "http://127.0.0.1:48127/callback";
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS: OAuthLimits = {
  ...OAUTH_LIMITS,
  register: { name: "oauth-register", limit: 3, windowMs: WINDOW_MS },
  credential: { name: "oauth-credential", limit: 3, windowMs: WINDOW_MS },
  failure: { name: "oauth-failure", limit: 5, windowMs: WINDOW_MS },
};
/** The MCP allowance of a key, and of an account's OAuth tokens together. */
const MCP_ALLOWANCE = { ...MCP_KEY_RATE_LIMIT, limit: 2 };

let oauth: OAuthTestApi;
let api: TestApi;
let site: Website;
let person: SignedIn;

beforeAll(async () => {
  oauth = await startOAuthTestApi({
    now: NOW,
    internalToken: TOKEN,
    configure: (deps) => ({
      ...deps,
      // The default registration limit: this api's tests register a client for each grant.
      oauth: {
        allowLoopbackMetadataDocuments: false,
        limits: { ...LIMITS, register: OAUTH_LIMITS.register },
      },
      rateLimits: { ...RELAXED_RATE_LIMITS, mcpKey: MCP_ALLOWANCE },
    }),
  });
  ({ api, site } = oauth);
  person = await signedInPerson(site, api.db, "full", NOW);
});
afterAll(async () => {
  await api?.close();
});

/** An api of its own, with LIMITS: its address's counts start at nothing. */
const limitedApi = async () =>
  (
    await startOAuthTestApi({
      now: NOW,
      internalToken: TOKEN,
      configure: (deps) => ({
        ...deps,
        oauth: { allowLoopbackMetadataDocuments: false, limits: LIMITS },
      }),
    })
  ).api;

/** A grant's first tokens and its client, obtained with the SDK's client functions. */
async function tokensFor(signedIn: SignedIn) {
  const consented = await consentedCode(oauth, signedIn, {
    redirectUrl: REDIRECT,
    clientName: "Limit Client",
  });
  return {
    tokens: await consented.exchange(),
    refresh: consented.refresh,
    clientId: consented.clientInformation.client_id,
  };
}

/** A form POST to the token endpoint. */
function tokenRequest(fields: Record<string, string>): Promise<Response> {
  return fetch(`${api.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A code guess for `clientId`: an unknown code, so invalid_grant. */
const guess = (clientId: string, code: string) =>
  tokenRequest({
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    code_verifier: "v".repeat(50),
    redirect_uri: REDIRECT,
  });

describe("token endpoint limits", () => {
  it("never throttles an address's successes: more refreshes than any per-address allowance", async () => {
    const { tokens, refresh } = await tokensFor(person);
    // Past the failure limit and past the former per-address allowance (60 per 15 minutes).
    let refreshToken = tokens.refresh_token ?? "";
    for (let round = 0; round < OAUTH_LIMITS.failure.limit + 40; round += 1) {
      const next = await refresh(refreshToken);
      refreshToken = next.refresh_token ?? "";
    }
    expect(refreshToken).toMatch(/^tpi_rt_/);
  });

  it("counts one credential's requests whatever their outcome: over the limit, 429", async () => {
    const { clientId } = await tokensFor(person);
    for (let attempt = 0; attempt < LIMITS.credential.limit; attempt += 1)
      expect((await guess(clientId, "the-same-guess")).status).toBe(400);
    const over = await guess(clientId, "the-same-guess");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ error: "too_many_requests" });
    // Another credential from the same address is still answered.
    expect((await guess(clientId, "another-guess")).status).toBe(400);
  });
});

describe("failures per address", () => {
  it("stops a guesser after its failures (any endpoint, any credential): 429 with Retry-After", async () => {
    const fresh = await limitedApi();
    try {
      const post = (fields: Record<string, string>) =>
        fetch(`${fresh.url}/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
      const revoke = () =>
        fetch(`${fresh.url}/oauth/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token: "x", client_id: "no-such-client" }).toString(),
        });
      const failures = LIMITS.failure.limit;
      // A bad client at the revocation endpoint is a failure too: one of them.
      expect((await revoke()).status).toBe(400);
      for (let attempt = 1; attempt < failures; attempt += 1)
        expect(
          (await post({ grant_type: "refresh_token", refresh_token: `guess-${attempt}` })).status,
        ).toBe(400);
      const over = await post({ grant_type: "refresh_token", refresh_token: "one-more-guess" });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await over.json()).toMatchObject({ error: "too_many_requests" });
    } finally {
      await fresh.close();
    }
  });
});

describe("the MCP allowance of OAuth callers", () => {
  it("is the account's: a second grant of the same account gets no fresh allowance", async () => {
    const other = await signedInPerson(site, api.db, "full", NOW);
    const listTools = (accessToken: string) => listToolsWith(api.url, accessToken);
    const first = await tokensFor(other);
    for (let call = 0; call < MCP_ALLOWANCE.limit; call += 1)
      expect((await listTools(first.tokens.access_token)).status).toBe(200);
    expect((await listTools(first.tokens.access_token)).status).toBe(429);
    const second = await tokensFor(other);
    const refused = await listTools(second.tokens.access_token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The message names what is limited: the account's connections, not an API key.
    const { message } = (await refused.json()) as { message: string };
    expect(message).toContain(describeAllowance(perOAuthAccount(MCP_ALLOWANCE)));
    expect(message).not.toContain("API key");
    // Another account's grant has its own allowance.
    expect((await listTools((await tokensFor(person)).tokens.access_token)).status).toBe(200);
  });
});

describe("registration limits", () => {
  it("limits registrations per address: 429 with Retry-After", async () => {
    const fresh = await limitedApi();
    try {
      const register = (name: string) =>
        fetch(`${fresh.url}/oauth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: name }),
        });
      for (let attempt = 0; attempt < LIMITS.register.limit; attempt += 1)
        expect((await register(`c${attempt}`)).status).toBe(201);
      const over = await register("one more");
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await over.json()).toMatchObject({ error: "too_many_requests" });
    } finally {
      await fresh.close();
    }
  });
});
