import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LLM_CODING_ENV, llmCodingSettingsFrom } from "./settings";

const settings = (env: Record<string, string>) =>
  llmCodingSettingsFrom(z.object(LLM_CODING_ENV).parse(env));

describe("LLM coding source settings", () => {
  it("searches GitHub without a token by default, paced for 10 searches a minute", () => {
    const s = settings({});
    expect(s.github).toMatchObject({
      baseUrl: "https://api.github.com",
      token: undefined,
      minRequestIntervalMs: 6_000,
      maxRateLimitWaitMs: 900_000,
    });
    expect(s.github.userAgent).not.toBe("");
    expect(s.githubSync).toEqual({ backfillDays: 30, recheckDays: 14 });
  });

  it("paces for 30 a minute with a token, and takes the stub's URL and an explicit interval", () => {
    expect(settings({ GITHUB_TOKEN: "ghp_x" }).github.minRequestIntervalMs).toBe(2_000);
    const s = settings({
      GITHUB_API_URL: "http://127.0.0.1:9",
      GITHUB_MIN_REQUEST_INTERVAL_MS: "0",
      GITHUB_BACKFILL_DAYS: "5",
    });
    expect(s.github).toMatchObject({ baseUrl: "http://127.0.0.1:9", minRequestIntervalMs: 0 });
    expect(s.githubSync.backfillDays).toBe(5);
  });

  it("refuses a back-fill of no days and a URL that is not one", () => {
    expect(() => settings({ GITHUB_BACKFILL_DAYS: "0" })).toThrow();
    expect(() => settings({ GITHUB_API_URL: "api.github.com" })).toThrow();
  });
});
