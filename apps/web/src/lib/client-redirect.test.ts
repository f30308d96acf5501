import { describe, expect, it } from "vitest";
import { clientRedirectTarget, formActionSource } from "./client-redirect";

/** Where a decided sign-in request sends the browser, and the CSP source that lets the form go there. */
describe("a client's redirect address", () => {
  it("goes to web and loopback addresses as they are", () => {
    for (const address of [
      "https://agent.example.com/oauth/callback?code=c&state=s&iss=https%3A%2F%2Fapi.example",
      "http://127.0.0.1:53682/callback?code=c",
      "http://localhost:8976/cb?error=access_denied",
    ])
      expect(clientRedirectTarget(address), address).toBe(new URL(address).href);
  });

  it("never sends a browser to a script, data, a file, an app scheme, plain http elsewhere, a relative path or a broken address", () => {
    for (const address of [
      "cursor://anysphere.cursor-retrieval/oauth/callback?code=c",
      "com.example.agent:/oauth2redirect?code=c",
      "http://agent.example.com/cb?code=c",
      "https://agent.example.com/cb#code=c",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "file:///etc/passwd",
      "blob:https://a.example/1",
      "about:blank",
      "/account",
      "//evil.example/",
      "https://a.example/\ncallback",
      "https://a.example/ callback",
      "",
    ])
      expect(clientRedirectTarget(address), address).toBeUndefined();
  });

  it("gives the form-action source: the address's origin", () => {
    expect(formActionSource("http://127.0.0.1:53682/callback?code=c")).toBe(
      "http://127.0.0.1:53682",
    );
    expect(formActionSource("https://agent.example.com/cb")).toBe("https://agent.example.com");
    expect(formActionSource("cursor://anysphere.cursor-retrieval/oauth/callback")).toBeUndefined();
    expect(formActionSource("javascript:alert(1)")).toBeUndefined();
  });
});
