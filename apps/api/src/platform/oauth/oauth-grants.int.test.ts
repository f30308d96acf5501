import { InvalidGrantError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { pruneOAuthRecords, setAccountPlan } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentedCode,
  decide,
  listToolsWith,
  signedInPerson,
  startOAuthTestApi,
  websiteMutation,
  type OAuthTestApi,
  type SignedIn,
  type Website,
} from "../../testing/oauth-client";
import type { TestApi } from "../../testing/test-api";

/**
 * What ends a grant besides the person: a rotated refresh token used again, and the account's
 * trial ending; and the authorization server and /mcp while PostgreSQL is unreachable (503 with
 * Retry-After, never a 500).
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-oauth-grant-tests-0123";
const REDIRECT = "http://127.0.0.1:48126/callback";

let oauth: OAuthTestApi;
let api: TestApi;
let site: Website;
let issuer: string;

beforeAll(async () => {
  oauth = await startOAuthTestApi({ now: NOW, internalToken: TOKEN, proxyDatabase: true });
  ({ api, site, issuer } = oauth);
});
afterAll(async () => {
  await api?.databaseProxy?.restore();
  await api?.close();
});

/** A consented code for a new grant, and its exchange with the SDK's client functions. */
const codeFor = (person: SignedIn, answer?: (requestId: string) => Promise<URL>) =>
  consentedCode(oauth, person, { redirectUrl: REDIRECT, clientName: "Grant Client", answer });

/** Tokens for a new grant, obtained with the SDK's client functions. */
async function tokensFor(person: SignedIn) {
  const { exchange, refresh } = await codeFor(person);
  return { tokens: await exchange(), refresh };
}

/** Runs `work` while every insert into `table` fails (a trigger on the test's database). */
async function whileInsertsFail<T>(table: string, work: () => Promise<T>): Promise<T> {
  await api.db.$executeRawUnsafe(
    `CREATE FUNCTION injected_insert_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected insert failure'; END $$`,
  );
  await api.db.$executeRawUnsafe(
    `CREATE TRIGGER injected_insert_failure BEFORE INSERT ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION injected_insert_failure()`,
  );
  try {
    return await work();
  } finally {
    await api.db.$executeRawUnsafe(`DROP TRIGGER injected_insert_failure ON ${table}`);
    await api.db.$executeRawUnsafe(`DROP FUNCTION injected_insert_failure()`);
  }
}

const listTools = (token: string) => listToolsWith(api.url, token);

describe("grants", () => {
  it("a rotated refresh token used again revokes the whole grant", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { tokens, refresh } = await tokensFor(person);
    const rotated = await refresh(tokens.refresh_token ?? "");
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await listTools(rotated.access_token)).status).toBe(200);
    await expect(refresh(tokens.refresh_token ?? "")).rejects.toBeInstanceOf(InvalidGrantError);
    expect((await listTools(rotated.access_token)).status).toBe(401);
    await expect(refresh(rotated.refresh_token ?? "")).rejects.toBeInstanceOf(InvalidGrantError);
  });

  it("an account whose trial has ended is refused like its keys, and cannot refresh", async () => {
    const person = await signedInPerson(site, api.db, "trial", NOW);
    const { tokens, refresh } = await tokensFor(person);
    expect((await listTools(tokens.access_token)).status).toBe(200);
    await setAccountPlan(api.db, person.accountId, "trial", new Date(NOW.getTime() - 1000));
    const refused = await listTools(tokens.access_token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toContain("trial has ended");
    await expect(refresh(tokens.refresh_token ?? "")).rejects.toBeInstanceOf(InvalidGrantError);
  });
});

describe("a failure while tokens are stored", () => {
  it("leaves the code unspent: the client's retry gets tokens, and the grant lives", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { exchange } = await codeFor(person);
    await whileInsertsFail("oauth_token", async () => {
      await expect(exchange()).rejects.toThrow();
    });
    const tokens = await exchange();
    expect((await listTools(tokens.access_token)).status).toBe(200);
  });

  it("leaves the refresh token unspent: the retry rotates it, and the grant lives", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { tokens, refresh } = await tokensFor(person);
    await whileInsertsFail("oauth_token", async () => {
      await expect(refresh(tokens.refresh_token ?? "")).rejects.toThrow();
    });
    const renewed = await refresh(tokens.refresh_token ?? "");
    expect((await listTools(renewed.access_token)).status).toBe(200);
    expect((await listTools(tokens.access_token)).status).toBe(200);
  });
});

describe("a failure while a consent is recorded", () => {
  it("leaves the request open: the person's next answer grants, and its code works", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { exchange } = await codeFor(person, async (requestId) => {
      const failed = await whileInsertsFail("oauth_grant", () =>
        websiteMutation(site, "account.connections.decide", {
          sessionToken: person.sessionToken,
          csrfToken: person.csrfToken,
          requestId,
          approve: true,
        }),
      );
      expect(failed.status).toBe(500);
      return decide(site, person, requestId, true);
    });
    const tokens = await exchange();
    expect((await listTools(tokens.access_token)).status).toBe(200);
  });
});

describe("a spent code presented again", () => {
  it("without its verifier: invalid_grant, and nothing changes", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { exchange, codeVerifier } = await codeFor(person);
    const tokens = await exchange();
    await expect(exchange(`${codeVerifier.slice(0, -1)}x`)).rejects.toThrow(/code_verifier/);
    expect((await listTools(tokens.access_token)).status).toBe(200);
  });

  it("with its verifier: a replay, invalid_grant, and what it issued is revoked", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { exchange } = await codeFor(person);
    const tokens = await exchange();
    await expect(exchange()).rejects.toBeInstanceOf(InvalidGrantError);
    expect((await listTools(tokens.access_token)).status).toBe(401);
  });
});

describe("an admin", () => {
  it("ends every connection of an account at once, in the operators' log; a user may not", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const first = await tokensFor(person);
    const second = await tokensFor(person);
    const user = await signedInPerson(site, api.db, "full", NOW);
    const admin = await signedInPerson(site, api.db, "full", NOW);
    await api.db.account.update({ where: { id: admin.accountId }, data: { role: "admin" } });
    const asUser = await websiteMutation(site, "account.admin.revokeConnections", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      accountId: person.accountId,
    });
    expect(asUser.error?.data.code).toBe("FORBIDDEN");
    expect((await listTools(first.tokens.access_token)).status).toBe(200);
    const answer = await websiteMutation(site, "account.admin.revokeConnections", {
      sessionToken: admin.sessionToken,
      csrfToken: admin.csrfToken,
      accountId: person.accountId,
    });
    expect(answer.data).toEqual({ revoked: 2 });
    expect((await listTools(first.tokens.access_token)).status).toBe(401);
    expect((await listTools(second.tokens.access_token)).status).toBe(401);
    const logged = await api.db.adminAction.findMany({ where: { action: "revoke-connections" } });
    expect(logged.map((row) => row.target)).toEqual([`account:${person.accountId}`]);
  });
});

describe("pruning", () => {
  it("removes expired requests, codes and tokens, and keeps the grants", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    await tokensFor(person);
    const count = async () => ({
      requests: await api.db.oAuthAuthorizationRequest.count(),
      codes: await api.db.oAuthCode.count(),
      tokens: await api.db.oAuthToken.count(),
      grants: await api.db.oAuthGrant.count(),
    });
    const before = await count();
    expect(before.tokens).toBeGreaterThan(0);
    // Nothing has expired yet at NOW but the used code's lifetime: a minute later it goes.
    await pruneOAuthRecords(api.db, new Date(NOW.getTime() + 61_000));
    const soon = await count();
    expect(soon.tokens).toBe(before.tokens);
    expect(soon.codes).toBe(0);
    await pruneOAuthRecords(api.db, new Date(NOW.getTime() + 31 * 86_400_000));
    expect(await count()).toEqual({ requests: 0, codes: 0, tokens: 0, grants: before.grants });
  });
});

describe("while PostgreSQL is unreachable", () => {
  it("the token endpoint and /mcp answer 503 with Retry-After", async () => {
    const person = await signedInPerson(site, api.db, "full", NOW);
    const { tokens } = await tokensFor(person);
    api.databaseProxy?.cut();
    try {
      const token = await fetch(`${issuer}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          client_id: "00000000-0000-4000-8000-000000000000",
          refresh_token: tokens.refresh_token ?? "",
        }),
      });
      expect(token.status).toBe(503);
      expect(token.headers.get("retry-after")).toBe("5");
      expect(await token.json()).toMatchObject({ error: "temporarily_unavailable" });
      const mcp = await listTools(tokens.access_token);
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get("retry-after")).toBe("5");
    } finally {
      await api.databaseProxy?.restore();
    }
  });
});
