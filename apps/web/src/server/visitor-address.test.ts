import { VISITOR_ADDRESS_HEADER } from "@tpi/domain";
import { afterEach, describe, expect, it } from "vitest";
import { visitorAddress, visitorHeaders } from "./visitor-address";

const request = (forwarded?: string) =>
  new Request("http://localhost/account/do/sign-in", {
    method: "POST",
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  });

afterEach(() => {
  delete process.env.TPI_TRUST_PROXY;
});

describe("the visitor's address", () => {
  it("is none without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(visitorAddress(request("203.0.113.9"))).toBeUndefined();
    expect(visitorAddress(request())).toBeUndefined();
  });

  it("is the entry the trusted proxy appended, never one the client wrote before it", () => {
    process.env.TPI_TRUST_PROXY = "true";
    expect(visitorAddress(request("198.51.100.1, 203.0.113.9"))).toBe("203.0.113.9");
    expect(visitorAddress(request("203.0.113.9"))).toBe("203.0.113.9");
    expect(visitorAddress(request("2001:db8::1"))).toBe("2001:db8::1");
    expect(visitorAddress(request())).toBeUndefined();
    // Not an address: nothing (the api then counts the visitor as unverified).
    expect(visitorAddress(request("198.51.100.1, unknown"))).toBeUndefined();
    expect(visitorAddress(request("198.51.100.1, 203.0.113.9:4711"))).toBeUndefined();
  });

  it("behind two proxies is the entry the outer one appended", () => {
    process.env.TPI_TRUST_PROXY = "2";
    // client-written, the load balancer's view of the client, nginx's view of the balancer
    expect(visitorAddress(request("6.6.6.6, 203.0.113.9, 10.0.0.2"))).toBe("203.0.113.9");
    expect(visitorAddress(request("10.0.0.2"))).toBeUndefined();
  });
});

describe("the signed visitor header", () => {
  it("is the api's: the same vector as the api's test", () => {
    const token = "shared-test-vector-token-0123456789";
    expect(visitorHeaders("203.0.113.9", token, 1_763_640_000_000)).toEqual({
      [VISITOR_ADDRESS_HEADER]:
        "203.0.113.9;t=1763640000000;sig=Toe64XdMni0552y1Ozi7CX8ebuw-q9BGFdYAEWqZwKQ",
    });
    expect(visitorHeaders("2001:db8::1", token, 1_763_640_000_000)).toEqual({
      [VISITOR_ADDRESS_HEADER]:
        "2001:db8::1;t=1763640000000;sig=lrFbGdefpp8QdYqm8VSUv5RUnsNLCvyFEoQ-_FKDA2U",
    });
  });

  it("is not sent without an address or without the internal token", () => {
    expect(visitorHeaders(undefined, "shared-test-vector-token-0123456789")).toEqual({});
    expect(visitorHeaders("203.0.113.9", undefined)).toEqual({});
  });
});
