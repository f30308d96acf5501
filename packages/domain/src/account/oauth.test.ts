import { describe, expect, it } from "vitest";
import { mcpOAuthIssuer, oauthConsentReads, redirectUriRefusal } from "./oauth";

describe("oauthConsentReads", () => {
  it("names the plan, and the trial's end for a trial", () => {
    expect(oauthConsentReads("premium")).toContain("Premium plan's API keys read;");
    expect(oauthConsentReads("trial")).toContain(
      "Trial plan's API keys read, until the trial ends;",
    );
  });
});

describe("mcpOAuthIssuer", () => {
  it("is the api's public origin when the api has one, else the website's", () => {
    expect(
      mcpOAuthIssuer({ siteUrl: "https://example.com/", apiUrl: "https://api.example.com/x" }),
    ).toBe("https://api.example.com");
    expect(mcpOAuthIssuer({ siteUrl: "https://example.com/path" })).toBe("https://example.com");
    expect(mcpOAuthIssuer({ siteUrl: "https://example.com", apiUrl: undefined })).toBe(
      "https://example.com",
    );
  });
});

describe("redirectUriRefusal", () => {
  it("takes https and loopback http, nothing else, and no fragment", () => {
    for (const ok of [
      "https://agent.example.com/cb",
      "http://127.0.0.1:53682/callback",
      "http://localhost:8976/cb",
      "http://[::1]:9000/cb",
    ])
      expect(redirectUriRefusal(ok), ok).toBeUndefined();
    for (const refused of [
      "http://agent.example.com/cb",
      "cursor://anysphere.cursor-retrieval/oauth/callback",
      "javascript:alert(1)",
      "https://agent.example.com/cb#x",
      "not a url",
    ])
      expect(redirectUriRefusal(refused), refused).toBeDefined();
  });
});
