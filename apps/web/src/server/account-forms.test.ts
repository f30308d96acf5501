import { afterEach, describe, expect, it } from "vitest";
import { clientIp, seeOther } from "./account-forms";

const request = (forwarded?: string) =>
  new Request("http://localhost/account/do/sign-in", {
    method: "POST",
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  });

afterEach(() => {
  delete process.env.TPI_TRUST_PROXY;
  delete process.env.TPI_SITE_PLAIN_HTTP;
});

describe("account form handlers", () => {
  it("passes X-Forwarded-For's last entry only behind a trusted proxy", () => {
    expect(clientIp(request("203.0.113.9"))).toBe("unknown");
    process.env.TPI_TRUST_PROXY = "true";
    expect(clientIp(request("198.51.100.1, 203.0.113.9"))).toBe("203.0.113.9");
    expect(clientIp(request())).toBe("unknown");
  });

  it("answers 303 to a relative account path, no-store, with HttpOnly cookies", () => {
    const response = seeOther({
      to: "https://evil.example/",
      flash: { kind: "notice", message: "Signed out." },
      session: { value: "" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toMatch(
      /^tpi_flash=.*; Path=\/account; Max-Age=120; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(cookies[1]).toMatch(
      /^__Host-tpi_session=; Path=\/; Max-Age=0; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});
