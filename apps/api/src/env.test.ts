import { describe, expect, it } from "vitest";
import { methodologyRulesFrom, openRouterConfigFrom, readEnv } from "./env";

describe("rate-limit, key and CORS configuration", () => {
  it("defaults: trust proxy off, no trusted or CORS origins, 72-hour trials, 10 keys, no Redis", () => {
    const env = readEnv({});
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.RATE_LIMIT_TRUSTED_ORIGINS).toEqual([]);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.TRIAL_PERIOD_HOURS).toBe(72);
    expect(env.MAX_KEYS_PER_ACCOUNT).toBe(10);
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RATE_LIMIT_REDIS_PREFIX).toBe("tpi:rl:");
  });

  it("reads LOG_FORMAT as json or pretty (each entry point picks its default) and refuses others", () => {
    expect(readEnv({}).LOG_FORMAT).toBeUndefined();
    expect(readEnv({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(() => readEnv({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("reads trust proxy as a hop count or a list of proxies, and refuses 'true'", () => {
    expect(readEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
    expect(() => readEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("reads origin lists and limits", () => {
    const env = readEnv({
      RATE_LIMIT_TRUSTED_ORIGINS: "https://a.example.com, https://b.example.com",
      CORS_ORIGINS: "https://app.example.com",
      TRIAL_PERIOD_HOURS: "24",
      MAX_KEYS_PER_ACCOUNT: "3",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(env.RATE_LIMIT_TRUSTED_ORIGINS).toEqual([
      "https://a.example.com",
      "https://b.example.com",
    ]);
    expect(env.CORS_ORIGINS).toEqual(["https://app.example.com"]);
    expect(env.TRIAL_PERIOD_HOURS).toBe(24);
    expect(env.MAX_KEYS_PER_ACCOUNT).toBe(3);
    expect(() => readEnv({ MAX_KEYS_PER_ACCOUNT: "0" })).toThrow(/MAX_KEYS_PER_ACCOUNT/);
  });
});

describe("methodology configuration", () => {
  it("estimates total-only splits with 0.75 unless ESTIMATED_INPUT_SHARE says otherwise", () => {
    expect(methodologyRulesFrom(readEnv({})).estimatedInputShare).toBe(0.75);
    expect(
      methodologyRulesFrom(readEnv({ ESTIMATED_INPUT_SHARE: "0.8" })).estimatedInputShare,
    ).toBe(0.8);
  });

  it("refuses a share outside (0, 1) or with more than 4 decimals, naming the variable", () => {
    for (const value of ["1", "0", "-0.2", "0.12345", "abc"])
      expect(() => readEnv({ ESTIMATED_INPUT_SHARE: value }), value).toThrow(
        /ESTIMATED_INPUT_SHARE/,
      );
  });
});

describe("OpenRouter configuration", () => {
  it("is off without a key; with one, the connector's settings and their defaults", () => {
    expect(openRouterConfigFrom(readEnv({}))).toBeUndefined();
    const env = readEnv({ OPENROUTER_API_KEY: "sk-or-v1-abc" });
    expect(openRouterConfigFrom(env)).toMatchObject({
      baseUrl: "https://openrouter.ai",
      apiKey: "sk-or-v1-abc",
      minRequestIntervalMs: 2_100,
      dailyRequestBudget: 500,
    });
    expect(env.OPENROUTER_STARTUP_DAYS).toBe(30);
    expect(env.OPENROUTER_SYNC_HOUR_UTC).toBe(3);
    expect(env.OPENROUTER_BACKFILL_FROM).toBeUndefined();
  });

  it("refuses a back-fill day before the dataset or not a real day, and an hour outside 0 to 23", () => {
    expect(readEnv({ OPENROUTER_BACKFILL_FROM: "2025-03-01" }).OPENROUTER_BACKFILL_FROM).toBe(
      "2025-03-01",
    );
    expect(() => readEnv({ OPENROUTER_BACKFILL_FROM: "2024-12-31" })).toThrow(
      /OPENROUTER_BACKFILL_FROM/,
    );
    expect(() => readEnv({ OPENROUTER_BACKFILL_FROM: "2025-02-30" })).toThrow(
      /OPENROUTER_BACKFILL_FROM/,
    );
    expect(() => readEnv({ OPENROUTER_SYNC_HOUR_UTC: "24" })).toThrow(/OPENROUTER_SYNC_HOUR_UTC/);
  });

  it("never puts the key in a configuration error", () => {
    const key = "sk-or-v1-secret-value";
    expect(() => readEnv({ OPENROUTER_API_KEY: key, OPENROUTER_SYNC_HOUR_UTC: "x" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(key) }),
    );
  });
});
