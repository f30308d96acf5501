import { describe, expect, it } from "vitest";
import nextConfig from "../next.config";
import { AUTHORIZE_PAGE } from "./lib/account-paths";
import {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  contentSecurityPolicy,
  securityHeaderRules,
} from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("the website's security headers", () => {
  it("are configured in next.config for every path, HSTS only on requests marked HTTPS", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const unconditional = rules.filter((rule) => rule.has === undefined);
    expect(
      unconditional.flatMap((rule) => rule.headers.map((header) => header.key)).sort(),
    ).toEqual(SECURITY_HEADERS.map((header) => header.key).sort());
    expect(unconditional.find((rule) => rule.source === "/:path*")?.headers).toHaveLength(
      SECURITY_HEADERS.length - 1,
    );
    const hsts = rules.find((rule) =>
      rule.headers.some((header) => header.key === "Strict-Transport-Security"),
    );
    expect(hsts?.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
  });

  it("allow no script from elsewhere, no eval, no plugins, no framing", () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-eval");
  });

  it("send the CSP to every path but the consent page, which proxy.ts gives its own", () => {
    const [, csp] = securityHeaderRules([AUTHORIZE_PAGE]);
    expect(csp?.headers).toEqual([
      { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
    ]);
    // Next matches `source` with path-to-regexp: the same pattern, anchored, as a RegExp here.
    const pattern = new RegExp(`^${(csp?.source ?? "").replace(/^\/:path/, "/")}$`);
    for (const path of ["/", "/account", "/account/authorize/x", "/docs", "/account/authorizex"])
      expect(pattern.test(path), path).toBe(true);
    expect(pattern.test("/account/authorize")).toBe(false);
    expect(securityHeaderRules()[1]?.source).toBe("/:path*");
  });

  it("add a client's address to form-action only when asked, keeping 'self'", () => {
    expect(
      directives(contentSecurityPolicy(["http://127.0.0.1:5", "cursor:"])).get("form-action"),
    ).toEqual(["'self'", "http://127.0.0.1:5", "cursor:"]);
    expect(directives(CONTENT_SECURITY_POLICY).get("form-action")).toEqual(["'self'"]);
  });
});
