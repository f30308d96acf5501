import {
  API_KEY_REQUIRED_MESSAGE,
  TRIAL_KEY_CREATION_MESSAGE,
  isWellFormedApiKey,
} from "@tpi/domain";
import { findApiKeyByHash, listApiKeys, revokeApiKey } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyAuthenticator, KEY_CACHE_TTL_MS } from "../auth/api-key-authenticator";
import { hashApiKey } from "../auth/api-key-secret";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api";
import { SecretLog } from "../../testing/secret-log";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const MAX_KEYS = 3;

/** Everything the api logs here; the last test requires that no key appears in it. */
const logged = new SecretLog();

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    log: logged.log,
    configure: (deps) => ({ ...deps, maxKeysPerAccount: MAX_KEYS }),
  });
});
afterAll(async () => api.close());

describe("401 variants on a route that needs a key", () => {
  const unauthorized = (message: string) => ({ error: "Unauthorized", message });

  it("no Authorization header: API key required", async () => {
    const res = await api.post("/api/create-api-key", { name: "x" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized(API_KEY_REQUIRED_MESSAGE));
    expect(API_KEY_REQUIRED_MESSAGE).toBe("API key required. Use Authorization: Bearer <API_KEY>");
  });

  it.each([
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["an empty bearer", "Bearer "],
    ["an empty header", ""],
    ["garbage", "Bearer not-a-key"],
    ["a well-formed unknown key", `Bearer tpi_sk_${"A".repeat(40)}`],
    ["a key with a wrong prefix", `Bearer sk_live_${"A".repeat(40)}`],
  ])("%s: Invalid API key", async (_case, header) => {
    const res = await api.post("/api/create-api-key", { name: "x" }, { authorization: header });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized("Invalid API key"));
  });

  it("a revoked key: API key is inactive, also on the public index", async () => {
    const { key, keyId } = await api.createKey("full");
    await revokeApiKey(api.db, keyId, NOW);
    api.deps.auth.invalidate();
    for (const res of [
      await api.post("/api/create-api-key", { name: "x" }, bearer(key)),
      await api.get("/api/otpi", bearer(key)),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized("API key is inactive"));
    }
  });

  it("an expired trial: API key is inactive; an unexpired trial works", async () => {
    const expired = await api.createKey("trial", { trialEndsAt: new Date(NOW.getTime() - 1) });
    const res = await api.get("/api/otpi", bearer(expired.key));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized("API key is inactive"));

    const live = await api.createKey("trial", { trialEndsAt: new Date(NOW.getTime() + 3_600_000) });
    const ok = await api.get("/api/token-types", bearer(live.key));
    expect(ok.status).toBe(200);
    const index = await api.get("/api/otpi?lab=minimax", bearer(live.key));
    expect(index.status).not.toBe(401);
  });
});

describe("POST /api/create-api-key", () => {
  it("refuses a trial account with the contract's 403 body and no message", async () => {
    const trial = await api.createKey("trial", {
      trialEndsAt: new Date(NOW.getTime() + 3_600_000),
    });
    const res = await api.post("/api/create-api-key", { name: "ci" }, bearer(trial.key));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: TRIAL_KEY_CREATION_MESSAGE });
    expect(TRIAL_KEY_CREATION_MESSAGE).toMatch(/not available on trial accounts/);
  });

  it.each(["premium", "full"] as const)(
    "creates a named key for a %s account, shown once and stored as a hash",
    async (plan) => {
      const owner = await api.createKey(plan);
      const res = await api.post(
        "/api/create-api-key",
        { name: "  deploy bot  " },
        bearer(owner.key),
      );
      expect(res.status).toBe(201);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = res.body as {
        success: boolean;
        key: string;
        id: string;
        name: string;
        displayPrefix: string;
        createdAt: string;
      };
      expect(body).toMatchObject({ success: true, name: "deploy bot" });
      expect(Object.keys(body).sort()).toEqual([
        "createdAt",
        "displayPrefix",
        "id",
        "key",
        "name",
        "success",
      ]);
      expect(isWellFormedApiKey(body.key)).toBe(true);
      expect(body.key.startsWith(body.displayPrefix)).toBe(true);
      expect(body.displayPrefix).toMatch(/^tpi_sk_[A-Za-z0-9]{6}$/);
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

      // Stored: the hash and the prefix, never the secret.
      const stored = await findApiKeyByHash(api.db, hashApiKey(body.key));
      expect(stored?.id).toBe(body.id);
      expect(stored?.accountId).toBe(owner.accountId);
      const rows = await api.db.$queryRaw<
        { row: string }[]
      >`select row_to_json(k)::text as row from api_key k`;
      expect(rows.some(({ row }) => row.includes(body.key))).toBe(false);

      // The new key works at once, with full access; the account now has two keys.
      const index = await api.get("/api/otpi?lab=minimax", bearer(body.key));
      expect(index.status).not.toBe(401);
      expect((await listApiKeys(api.db, owner.accountId)).map((key) => key.name).sort()).toEqual([
        "deploy bot",
        "test key",
      ]);
    },
  );

  it.each([
    ["no name", {}],
    ["an empty name", { name: "   " }],
    ["a name over 100 characters", { name: "n".repeat(101) }],
    ["a name that is not a string", { name: 42 }],
    ["a body that is not an object", ["name"]],
    ["a field besides the name", { name: "x", extra: 42 }],
  ])("answers 400 for %s", async (_case, body) => {
    const owner = await api.createKey("full");
    const res = await api.post("/api/create-api-key", body, bearer(owner.key));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Bad request",
      message: "The body must be a JSON object with only a 'name' of 1 to 100 characters.",
    });
  });

  it("accepts a 100-character name", async () => {
    const owner = await api.createKey("full");
    const res = await api.post("/api/create-api-key", { name: "n".repeat(100) }, bearer(owner.key));
    expect(res.status).toBe(201);
  });

  it("refuses a key over the per-account limit with 409, and allows one again after a revocation", async () => {
    const owner = await api.createKey("premium"); // 1 of 3
    expect((await api.post("/api/create-api-key", { name: "two" }, bearer(owner.key))).status).toBe(
      201,
    );
    const third = await api.post("/api/create-api-key", { name: "three" }, bearer(owner.key));
    expect(third.status).toBe(201);
    const fourth = await api.post("/api/create-api-key", { name: "four" }, bearer(owner.key));
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({
      error: "Key limit reached",
      message:
        "This account already has 3 active API keys, the most it may hold. Revoke one before creating another.",
    });
    await revokeApiKey(api.db, (third.body as { id: string }).id, NOW);
    expect(
      (await api.post("/api/create-api-key", { name: "four" }, bearer(owner.key))).status,
    ).toBe(201);
  });

  it("does not overshoot the limit under concurrent requests", async () => {
    const owner = await api.createKey("full");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.post("/api/create-api-key", { name: `k${i}` }, bearer(owner.key)),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(MAX_KEYS - 1);
    expect(results.filter((res) => res.status === 409)).toHaveLength(6 - (MAX_KEYS - 1));
    expect((await listApiKeys(api.db, owner.accountId)).length).toBe(MAX_KEYS);
  });

  it("answers other methods with 405 and an oversized body with a clear 413", async () => {
    const get = await api.get("/api/create-api-key");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toContain("POST");
    const owner = await api.createKey("full");
    const big = await api.post(
      "/api/create-api-key",
      { name: "x", padding: "p".repeat(20_000) },
      bearer(owner.key),
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      error: "Payload too large",
      message: "The request body is larger than the limit for this route.",
    });
  });
});

describe("key usage and revocation across instances", () => {
  it("records lastUsedAt in memory and writes it in a batch, not per request", async () => {
    const { key, keyId } = await api.createKey("full");
    for (let i = 0; i < 5; i++)
      expect((await api.get("/api/token-types-free", bearer(key))).status).toBe(200);
    await api.get("/api/otpi", bearer(key));
    const before = await api.db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(before.lastUsedAt).toBeNull();
    expect(await api.deps.auth.flushLastUsed()).toBeGreaterThanOrEqual(1);
    const after = await api.db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(after.lastUsedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("answers a cached key without the database, and only a cached key", async () => {
    const instance = new ApiKeyAuthenticator(api.db, () => NOW, { cacheTtlMs: 60_000 });
    try {
      const { key, keyId } = await api.createKey("premium");
      // Never looked up here: the database must be asked.
      expect(instance.authenticateFromCache(`Bearer ${key}`)).toBeUndefined();
      // Decided without a lookup: no header, a malformed one.
      expect(instance.authenticateFromCache(undefined)).toMatchObject({
        ok: true,
        value: { kind: "anonymous" },
      });
      expect(instance.authenticateFromCache("Bearer not-a-key")).toMatchObject({ ok: false });
      expect((await instance.authenticate(`Bearer ${key}`)).ok).toBe(true);
      const misses = instance.cacheLookups.misses;
      expect(instance.authenticateFromCache(`Bearer ${key}`)).toMatchObject({
        ok: true,
        value: { kind: "key", keyId, plan: "premium" },
      });
      // A different key with the same shape is not mistaken for the cached one.
      expect(instance.authenticateFromCache(`Bearer tpi_sk_${"Z".repeat(40)}`)).toBeUndefined();
      expect(instance.cacheLookups.misses).toBe(misses);
      instance.invalidate();
      expect(instance.authenticateFromCache(`Bearer ${key}`)).toBeUndefined();
    } finally {
      await instance.stop();
    }
  });

  it("a key revoked on one instance stops working on another within the documented 4 seconds", async () => {
    const other = new ApiKeyAuthenticator(api.db, () => NOW); // a second api instance's view
    try {
      const { key, keyId } = await api.createKey("full");
      expect((await other.authenticate(`Bearer ${key}`)).ok).toBe(true); // now cached there
      const revokedAt = Date.now();
      await revokeApiKey(api.db, keyId, NOW);
      let refusedAfterMs: number | undefined;
      while (Date.now() - revokedAt < 6_000) {
        const result = await other.authenticate(`Bearer ${key}`);
        if (!result.ok) {
          expect(result.error.message).toBe("API key is inactive");
          refusedAfterMs = Date.now() - revokedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(refusedAfterMs).toBeDefined();
      // The documented bound is the lookup cache's lifetime; up to 1 s more for the 100 ms polls,
      // a busy machine's timers and the lookup that finds the key revoked.
      expect(KEY_CACHE_TTL_MS).toBe(4_000);
      expect(refusedAfterMs).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 1_000);
    } finally {
      await other.stop();
    }
  });
});

describe("the log", () => {
  it("holds no API key, sent or created", () => {
    expect(logged.lines.length).toBeGreaterThan(0);
    expect(logged.leaks()).toEqual([]);
  });
});
