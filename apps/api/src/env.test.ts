import { describe, expect, it } from "vitest";
import { methodologyRulesFrom, readEnv } from "./env";

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
