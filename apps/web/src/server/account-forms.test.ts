import { afterEach, describe, expect, it } from "vitest";
import { seeOther } from "./account-forms";

afterEach(() => {
  delete process.env.TPI_SITE_PLAIN_HTTP;
});

describe("account form handlers", () => {
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
