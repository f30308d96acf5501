import { describe, expect, it } from "vitest";
import { readWebEnv } from "./env";

describe("readWebEnv", () => {
  it("defaults to the api on 127.0.0.1:8080 and no token", () => {
    expect(readWebEnv({})).toEqual({
      apiUrl: "http://127.0.0.1:8080",
      publicApiUrl: "http://127.0.0.1:8080",
      publicSiteUrl: "http://localhost:3000",
      // No public api address: the api's OAuth issuer is the site's origin, as the api reads it.
      mcpOAuthIssuer: "http://localhost:3000",
      internalToken: undefined,
      buildPhase: false,
      sitePlainHttp: false,
      trustedProxyHops: 0,
    });
  });
  it("drops trailing slashes and uses the public url when given", () => {
    const env = readWebEnv({
      TPI_API_URL: "http://api:9000/",
      TPI_PUBLIC_API_URL: "https://api.example.com/",
      TPI_PUBLIC_SITE_URL: "https://www.example.com/",
      INTERNAL_API_TOKEN: " secret-token-123456 ",
    });
    expect(env).toEqual({
      apiUrl: "http://api:9000",
      publicApiUrl: "https://api.example.com",
      publicSiteUrl: "https://www.example.com",
      mcpOAuthIssuer: "https://api.example.com",
      internalToken: "secret-token-123456",
      buildPhase: false,
      sitePlainHttp: false,
      trustedProxyHops: 0,
    });
  });
  it("knows when next build is prerendering (no api runs then)", () => {
    expect(readWebEnv({ NEXT_PHASE: "phase-production-build" }).buildPhase).toBe(true);
    expect(readWebEnv({ NEXT_PHASE: "phase-production-server" }).buildPhase).toBe(false);
  });
  it("allows plain-http account cookies only for a website on http on loopback", () => {
    expect(
      readWebEnv({ TPI_SITE_PLAIN_HTTP: "true", TPI_PUBLIC_SITE_URL: "http://127.0.0.1:3000" })
        .sitePlainHttp,
    ).toBe(true);
    expect(() =>
      readWebEnv({ TPI_SITE_PLAIN_HTTP: "true", TPI_PUBLIC_SITE_URL: "https://www.example.com" }),
    ).toThrow(/loopback/);
    expect(() =>
      readWebEnv({ TPI_SITE_PLAIN_HTTP: "true", TPI_PUBLIC_SITE_URL: "http://www.example.com" }),
    ).toThrow(/loopback/);
  });
  it("trusts X-Forwarded-For only when told, as many proxies as told", () => {
    expect(readWebEnv({ TPI_TRUST_PROXY: "true" }).trustedProxyHops).toBe(1);
    expect(readWebEnv({ TPI_TRUST_PROXY: "1" }).trustedProxyHops).toBe(1);
    expect(readWebEnv({ TPI_TRUST_PROXY: "2" }).trustedProxyHops).toBe(2);
    expect(readWebEnv({ TPI_TRUST_PROXY: "false" }).trustedProxyHops).toBe(0);
    expect(readWebEnv({ TPI_TRUST_PROXY: "yes" }).trustedProxyHops).toBe(0);
    expect(readWebEnv({ TPI_TRUST_PROXY: "-1" }).trustedProxyHops).toBe(0);
  });
  it("rejects an api url that is not a url", () => {
    expect(() => readWebEnv({ TPI_API_URL: "not a url" })).toThrow();
  });
});
