import { describe, expect, it } from "vitest";
import {
  VISITOR_ADDRESS_MAX_AGE_MS,
  formatVisitorAddressHeader,
  parseVisitorAddressHeader,
  visitorAddressIsFresh,
  visitorAddressPayload,
} from "../index";

const SIGNATURE = "Toe64XdMni0552y1Ozi7CX8ebuw-q9BGFdYAEWqZwKQ";

describe("the visitor address header", () => {
  it("reads back what it writes", () => {
    const header = formatVisitorAddressHeader("2001:db8::1", 1_763_640_000_000, SIGNATURE);
    expect(header).toBe(`2001:db8::1;t=1763640000000;sig=${SIGNATURE}`);
    expect(parseVisitorAddressHeader(header)).toEqual({
      address: "2001:db8::1",
      issuedMs: 1_763_640_000_000,
      signature: SIGNATURE,
    });
  });

  it.each([
    "",
    "203.0.113.9",
    `203.0.113.9;sig=${SIGNATURE};t=1`,
    `203.0.113.9 ;t=1;sig=${SIGNATURE}`,
    `example.com;t=1;sig=${SIGNATURE}`,
    `203.0.113.9;t=-1;sig=${SIGNATURE}`,
    `203.0.113.9;t=1;sig=${SIGNATURE}x`,
    `203.0.113.9;t=1;sig=${SIGNATURE};more`,
  ])("refuses %j", (header) => {
    expect(parseVisitorAddressHeader(header)).toBeNull();
  });

  it("signs the address and the time together, and is fresh for a minute either way", () => {
    expect(visitorAddressPayload("203.0.113.9", 5)).toBe("tpi visitor address v1\n5\n203.0.113.9");
    expect(visitorAddressIsFresh(0, VISITOR_ADDRESS_MAX_AGE_MS)).toBe(true);
    expect(visitorAddressIsFresh(0, VISITOR_ADDRESS_MAX_AGE_MS + 1)).toBe(false);
    expect(visitorAddressIsFresh(VISITOR_ADDRESS_MAX_AGE_MS + 1, 0)).toBe(false);
  });
});
