import { VISITOR_ADDRESS_MAX_AGE_MS } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import type { Logger } from "../observability/logger";
import {
  UNVERIFIED_VISITOR,
  VisitorAddresses,
  signVisitorAddress,
  verifyVisitorAddress,
  visitorKeyFrom,
} from "./visitor-address";

const TOKEN = "shared-test-vector-token-0123456789";
const KEY = visitorKeyFrom(TOKEN);
const AT = 1_763_640_000_000;

describe("the visitor address header", () => {
  it("is the documented HMAC (the website's test checks the same vector)", () => {
    expect(signVisitorAddress(KEY, "203.0.113.9", AT)).toBe(
      "203.0.113.9;t=1763640000000;sig=Toe64XdMni0552y1Ozi7CX8ebuw-q9BGFdYAEWqZwKQ",
    );
    expect(signVisitorAddress(KEY, "2001:db8::1", AT)).toBe(
      "2001:db8::1;t=1763640000000;sig=lrFbGdefpp8QdYqm8VSUv5RUnsNLCvyFEoQ-_FKDA2U",
    );
  });

  it("is believed only when signed with this deployment's key and fresh", () => {
    const header = signVisitorAddress(KEY, "203.0.113.9", AT);
    expect(verifyVisitorAddress(KEY, header, AT)).toEqual({ address: "203.0.113.9" });
    expect(verifyVisitorAddress(KEY, header, AT + VISITOR_ADDRESS_MAX_AGE_MS)).toEqual({
      address: "203.0.113.9",
    });
    expect(verifyVisitorAddress(KEY, header, AT + VISITOR_ADDRESS_MAX_AGE_MS + 1)).toEqual({
      unverified: "stale",
    });
    expect(verifyVisitorAddress(KEY, header, AT - VISITOR_ADDRESS_MAX_AGE_MS - 1)).toEqual({
      unverified: "stale",
    });
    // Another address under the same signature, another key, another time.
    expect(verifyVisitorAddress(KEY, header.replace("203.0.113.9", "203.0.113.8"), AT)).toEqual({
      unverified: "signature",
    });
    expect(verifyVisitorAddress(visitorKeyFrom(`${TOKEN}x`), header, AT)).toEqual({
      unverified: "signature",
    });
    expect(verifyVisitorAddress(KEY, header.replace(`t=${AT}`, `t=${AT + 1}`), AT)).toEqual({
      unverified: "signature",
    });
  });

  it.each([
    ["", "absent"],
    [undefined, "absent"],
    ["203.0.113.9", "malformed"],
    [`203.0.113.9;t=${AT}`, "malformed"],
    [`not-an-ip;t=${AT};sig=${"A".repeat(43)}`, "malformed"],
    [`999.0.113.9;t=${AT};sig=${"A".repeat(43)}`, "malformed"],
    [`203.0.113.9;t=soon;sig=${"A".repeat(43)}`, "malformed"],
    [`203.0.113.9;t=${AT};sig=short`, "malformed"],
    [`203.0.113.9;t=${AT};sig=${"A".repeat(43)};extra`, "malformed"],
    [`203.0.113.9;t=${AT};sig=${"A".repeat(43)}`, "signature"],
  ])("refuses %j (%s)", (header, why) => {
    expect(verifyVisitorAddress(KEY, header, AT)).toEqual({ unverified: why });
  });
});

describe("the visitors the attempt limits count", () => {
  function recording(): Logger & { warnings: string[] } {
    const warnings: string[] = [];
    const ignore = () => undefined;
    return {
      warnings,
      debug: ignore,
      info: ignore,
      error: ignore,
      warn: (message) => warnings.push(message),
    };
  }

  it("are the signed address (an IPv6 address's /56), or one shared `unverified` visitor", () => {
    let now = AT;
    const log = recording();
    const visitors = new VisitorAddresses(KEY, log, () => now);
    expect(visitors.of(signVisitorAddress(KEY, "203.0.113.9", AT))).toEqual({
      key: "203.0.113.9",
      verified: true,
    });
    // Two addresses of one /56 network (one household, one customer) are one visitor.
    const a = visitors.of(signVisitorAddress(KEY, "2001:db8:0:1::1", AT));
    const b = visitors.of(signVisitorAddress(KEY, "2001:db8:0:2::99", AT));
    expect(a.verified).toBe(true);
    expect(a.key).toBe(b.key);
    expect(visitors.of(undefined)).toEqual(UNVERIFIED_VISITOR);
    expect(
      visitors.of(signVisitorAddress(visitorKeyFrom("forged-token-0123456789"), "1.2.3.4", AT)),
    ).toEqual(UNVERIFIED_VISITOR);
    expect(visitors.of(undefined)).toEqual(UNVERIFIED_VISITOR);
    // One warning per reason, then quiet for a while, then again.
    expect(log.warnings).toHaveLength(2);
    expect(log.warnings[0]).toContain("TPI_TRUST_PROXY");
    expect(log.warnings[1]).toContain("INTERNAL_API_TOKEN");
    now += 11 * 60_000;
    visitors.of(undefined);
    expect(log.warnings).toHaveLength(3);
  });
});
