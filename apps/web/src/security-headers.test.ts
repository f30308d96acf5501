import { describe, expect, it } from "vitest";
import nextConfig from "../next.config";
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers";

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
    const everyPath = rules.find((rule) => rule.source === "/:path*" && rule.has === undefined);
    expect(everyPath?.headers.map((header) => header.key).sort()).toEqual(
      SECURITY_HEADERS.map((header) => header.key).sort(),
    );
    expect(everyPath?.headers.map((header) => header.key)).not.toContain(
      "Strict-Transport-Security",
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
});
