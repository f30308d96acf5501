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

  it("sends a decided sign-in request on to the client's own address, never to a script or data", () => {
    for (const away of [
      "http://127.0.0.1:53682/callback?code=c&state=s&iss=http%3A%2F%2F127.0.0.1",
      "https://agent.example.com/oauth/callback?error=access_denied",
    ]) {
      const response = seeOther({ to: "/account", away });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(away);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    for (const away of [
      "javascript:alert(1)",
      "data:text/html,x",
      "not a url",
      "cursor://anysphere.cursor-retrieval/oauth/callback?code=c",
    ])
      expect(seeOther({ to: "/account", away }).headers.get("location"), away).toBe("/account");
  });
});
