import { describe, expect, it } from "vitest";
import {
  decodeFlash,
  encodeFlash,
  isAccountPath,
  resetPasswordPath,
  safeAccountPath,
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
});
