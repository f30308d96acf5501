import { describe, expect, it } from "vitest";
import {
  authorizePath,
  decodeFlash,
  encodeFlash,
  isAccountPath,
  newWebhookPath,
  resetPasswordPath,
  safeAccountPath,
  signInPath,
  signUpPath,
  webhookPath,
} from "./account-paths";

describe("account paths", () => {
  it("redirects only to relative /account paths (no open redirect)", () => {
    expect(safeAccountPath("/account/sign-in", "/account")).toBe("/account/sign-in");
    for (const target of [
      "https://evil.example/account",
      "//evil.example/account",
      "/account/../docs",
      "/accounts",
      "/account/sign-in?x=1",
      "/\\evil.example",
      undefined,
    ])
      expect(safeAccountPath(target, "/account"), String(target)).toBe("/account");
  });

  it("goes back to a mailed link's new-password form only with a well-formed token", () => {
    const token = "A".repeat(40) + "_-9";
    expect(resetPasswordPath(token)).toBe(`/account/reset-password?token=${token}`);
    expect(safeAccountPath(resetPasswordPath(token), "/account")).toBe(
      `/account/reset-password?token=${token}`,
    );
    for (const bad of ["", "short", `${token}x`, `${"A".repeat(42)}&`, "../../docs"])
      expect(resetPasswordPath(bad), bad).toBe("/account/reset-password");
    for (const target of [
      `/account/reset-password?token=${token}&next=https://evil.example`,
      "/account/reset-password?token=https://evil.example/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      `/account/sign-in?token=${token}`,
    ])
      expect(safeAccountPath(target, "/account"), target).toBe("/account");
  });

  it("knows the account pages and form handlers only", () => {
    expect(isAccountPath("/account")).toBe(true);
    expect(isAccountPath("/account/sign-up/")).toBe(true);
    expect(isAccountPath("/account/do/sign-in")).toBe(true);
    expect(isAccountPath("/account/elsewhere")).toBe(false);
    expect(isAccountPath("/account/do/a/b")).toBe(false);
  });

  it("round-trips a flash and ignores a mangled one", () => {
    const flash = { kind: "error", message: "Too many attempts.", retryAfterSeconds: 60 } as const;
    expect(decodeFlash(encodeFlash(flash))).toEqual(flash);
    expect(decodeFlash("not base64 json")).toBeUndefined();
    expect(decodeFlash(undefined)).toBeUndefined();
  });

  it("takes a webhook page's query only with its own well-formed parameters", () => {
    const id = "0b7e2f1c-3d4a-4b5c-8d6e-7f8091a2b3c4";
    for (const path of [
      webhookPath(id),
      webhookPath(id, "1234"),
      newWebhookPath({ market: "memory", series: "H100 SXM", type: "threshold.crossed" }),
      newWebhookPath({}),
    ])
      expect(safeAccountPath(path, "/account"), path).toBe(path);
    for (const target of [
      "/account/webhook?before=12",
      `/account/webhook?id=${id.toUpperCase()}`,
      `/account/webhook?id=${id}&before=0`,
      `/account/webhook?id=${id}&before=12x`,
      `/account/webhook?id=${id}&id=${id}`,
      `/account/webhook?id=${id}&next=https://evil.example`,
      "/account/new-webhook?market=%0Aevil",
      `/account/new-webhook?series=${"x".repeat(201)}`,
      "/account/new-webhook?series=a b",
      "/account/revoke-key?key=1",
    ])
      expect(safeAccountPath(target, "/account"), target).toBe("/account");
  });

  it("sends a signed-out reader to sign in and back to an account page, never elsewhere", () => {
    const form = newWebhookPath({ market: "memory", series: "DDR5", type: "threshold.crossed" });
    const signIn = signInPath(form);
    expect(signIn).toBe(`/account/sign-in?next=${encodeURIComponent(form)}`);
    expect(safeAccountPath(signIn, "/account")).toBe(signIn);
    expect(signInPath()).toBe("/account/sign-in");
    for (const next of ["https://evil.example/", "//evil.example", "/docs", signIn])
      expect(signInPath(next), next).toBe("/account/sign-in");
    expect(
      safeAccountPath(`/account/sign-in?next=${encodeURIComponent("https://evil.example")}`, "/a"),
    ).toBe("/a");
  });

  it("keeps the page to go on to through sign-up, to the sign-in after it", () => {
    const consent = authorizePath("req_AbC-123");
    const signUp = signUpPath(consent);
    expect(signUp).toBe(`/account/sign-up?next=${encodeURIComponent(consent)}`);
    expect(safeAccountPath(signUp, "/account")).toBe(signUp);
    expect(signUpPath()).toBe("/account/sign-up");
    // Never elsewhere, and never sign-in or sign-up again (no loop between the two forms).
    for (const next of [
      "",
      "https://evil.example/",
      "//evil.example",
      "/docs",
      signUp,
      signInPath(consent),
    ]) {
      expect(signUpPath(next), next).toBe("/account/sign-up");
      expect(signInPath(next), next).toBe("/account/sign-in");
    }
    expect(
      safeAccountPath(`/account/sign-up?next=${encodeURIComponent("//evil.example")}`, "/a"),
    ).toBe("/a");
  });

  it("knows the webhook pages", () => {
    for (const path of ["/account/webhook", "/account/new-webhook", "/account/webhook-secret"])
      expect(isAccountPath(path), path).toBe(true);
  });

  it("knows the consent page and comes back to it after sign-in only with a well-formed request id", () => {
    expect(isAccountPath("/account/authorize")).toBe(true);
    const consent = authorizePath("req_AbC-123");
    expect(consent).toBe("/account/authorize?request=req_AbC-123");
    expect(signInPath(consent)).toBe(`/account/sign-in?next=${encodeURIComponent(consent)}`);
    expect(safeAccountPath(consent, "/account")).toBe(consent);
    expect(authorizePath("a b")).toBe("/account/authorize");
    for (const target of [
      "/account/authorize?request=a%20b",
      "/account/authorize?request=",
      `/account/authorize?request=${"x".repeat(101)}`,
      "/account/authorize?request=a&request=b",
      "/account/authorize?request=a&redirect_uri=https://evil.example",
    ])
      expect(safeAccountPath(target, "/account"), target).toBe("/account");
  });
});
