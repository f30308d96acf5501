import { sessionCookie } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAMES } from "./session-cookie-names";

describe("session cookie names", () => {
  it("are the names the api gives the session cookie, over https and plain http", () => {
    expect([...SESSION_COOKIE_NAMES].sort()).toEqual(
      [sessionCookie(true).name, sessionCookie(false).name].sort(),
    );
  });
});
