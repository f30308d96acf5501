import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  TRIAL_KEY_CREATION_MESSAGE,
  keyCreationRefusal,
  parseEmail,
  passwordProblem,
  sessionCookie,
  sessionIsLive,
} from "../index";

describe("email addresses", () => {
  it("are trimmed and lower-cased", () => {
    expect(parseEmail("  Ada@Example.COM ")).toEqual({ ok: true, value: "ada@example.com" });
  });
  it.each(["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com", "a@b@c.com"])(
    "refuses %j",
    (value) => {
      const parsed = parseEmail(value);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toBe(ACCOUNT_MESSAGES.invalidEmail);
    },
  );
  it("refuses an address longer than 254 characters", () => {
    expect(parseEmail(`${"a".repeat(250)}@x.io`).ok).toBe(false);
  });
});

describe("password policy", () => {
  it("asks for 10 to 200 characters, not the email address", () => {
    expect(passwordProblem("123456789", "a@b.co")).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordProblem("x".repeat(PASSWORD_MAX_LENGTH + 1), "a@b.co")).toBe(
      ACCOUNT_MESSAGES.passwordTooLong,
    );
    expect(passwordProblem("Ada@Example.com", "ada@example.com")).toBe(
      ACCOUNT_MESSAGES.passwordIsEmail,
    );
    expect(passwordProblem("correct horse", "ada@example.com")).toBeNull();
  });
});

describe("sessions", () => {
  const start = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  it("end after 24 hours unused", () => {
    const session = { createdAt: start, lastSeenAt: start, revokedAt: null };
    expect(sessionIsLive(session, at(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(sessionIsLive(session, at(SESSION_IDLE_TIMEOUT_MS))).toBe(false);
  });
  it("end 14 days after sign-in however busy", () => {
    const busy = {
      createdAt: start,
      lastSeenAt: at(SESSION_ABSOLUTE_LIFETIME_MS - 1000),
      revokedAt: null,
    };
    expect(sessionIsLive(busy, at(SESSION_ABSOLUTE_LIFETIME_MS - 1))).toBe(true);
    expect(sessionIsLive(busy, at(SESSION_ABSOLUTE_LIFETIME_MS))).toBe(false);
  });
  it("end when revoked", () => {
    expect(sessionIsLive({ createdAt: start, lastSeenAt: start, revokedAt: start }, start)).toBe(
      false,
    );
  });
  it("use a __Host- cookie over HTTPS and a plain name on loopback http", () => {
    expect(sessionCookie(true)).toMatchObject({
      name: "__Host-tpi_session",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      path: "/",
      maxAgeSeconds: 14 * 24 * 3600,
    });
    expect(sessionCookie(false)).toMatchObject({ name: "tpi_session", secure: false });
  });
});

describe("key creation on the website", () => {
  it("is refused to trial accounts in the api's words", () => {
    expect(keyCreationRefusal("trial")).toBe(TRIAL_KEY_CREATION_MESSAGE);
    expect(keyCreationRefusal("premium")).toBeNull();
    expect(keyCreationRefusal("full")).toBeNull();
  });
});
