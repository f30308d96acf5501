import { describe, expect, it } from "vitest";
import {
  CHAT_RATE_LIMIT,
  MCP_KEY_RATE_LIMIT,
  PUBLIC_RATE_LIMIT,
  describeAllowance,
  describeWindow,
  perOAuthAccount,
  rateLimitedMessage,
} from "./rate-limits";

describe("rate limit texts", () => {
  it("states the contract's allowances", () => {
    expect(describeAllowance(PUBLIC_RATE_LIMIT)).toBe("60 requests per minute per IP address");
    expect(describeAllowance(CHAT_RATE_LIMIT)).toBe("20 messages per minute per API key");
    // Not in the contract: the peer service's MCP allowance for keyed tools.
    expect(describeAllowance(MCP_KEY_RATE_LIMIT)).toBe("600 requests per minute per API key");
    expect(describeAllowance(perOAuthAccount(MCP_KEY_RATE_LIMIT))).toBe(
      "600 requests per minute per account (all its OAuth connections together)",
    );
  });

  it("names windows in words", () => {
    expect(describeWindow(60_000)).toBe("minute");
    expect(describeWindow(2_000)).toBe("2 seconds");
    expect(describeWindow(7_200_000)).toBe("2 hours");
    expect(describeWindow(1_500)).toBe("1500 milliseconds");
  });

  it("says when to retry", () => {
    expect(rateLimitedMessage(PUBLIC_RATE_LIMIT, 1)).toBe(
      "Rate limit exceeded: the allowance is 60 requests per minute per IP address. Retry after 1 second.",
    );
    expect(rateLimitedMessage(CHAT_RATE_LIMIT, 42)).toContain(
      "20 messages per minute per API key. Retry after 42 seconds.",
    );
  });
});
