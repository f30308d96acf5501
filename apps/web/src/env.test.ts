import { describe, expect, it } from "vitest";
import { readWebEnv } from "./env";

describe("readWebEnv", () => {
  it("defaults to the api on 127.0.0.1:8080 and no token", () => {
    expect(readWebEnv({})).toEqual({
      apiUrl: "http://127.0.0.1:8080",
      publicApiUrl: "http://127.0.0.1:8080",
      publicSiteUrl: "http://localhost:3000",
      internalToken: undefined,
      buildPhase: false,
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
      internalToken: "secret-token-123456",
      buildPhase: false,
    });
  });
  it("knows when next build is prerendering (no api runs then)", () => {
    expect(readWebEnv({ NEXT_PHASE: "phase-production-build" }).buildPhase).toBe(true);
    expect(readWebEnv({ NEXT_PHASE: "phase-production-server" }).buildPhase).toBe(false);
  });
  it("rejects an api url that is not a url", () => {
    expect(() => readWebEnv({ TPI_API_URL: "not a url" })).toThrow();
  });
});
