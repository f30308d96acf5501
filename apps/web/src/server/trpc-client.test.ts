import { describe, expect, it } from "vitest";
import { apiRequestHeaders, DATA_DAY_HEADER } from "./trpc-client";

describe("apiRequestHeaders", () => {
  it("puts the UTC day in every api call, so cached answers roll over at UTC midnight", () => {
    const beforeMidnight = apiRequestHeaders(new Date("2026-11-23T23:59:59.999Z"), undefined);
    const afterMidnight = apiRequestHeaders(new Date("2026-11-24T00:00:00.000Z"), undefined);
    expect(beforeMidnight).toEqual({ [DATA_DAY_HEADER]: "2026-11-23" });
    expect(afterMidnight).toEqual({ [DATA_DAY_HEADER]: "2026-11-24" });
  });

  it("uses the UTC day, not the server's local one", () => {
    const zone = process.env.TZ;
    // A server in New York: 23:30 there on the 23rd is already the 24th in UTC.
    process.env.TZ = "America/New_York";
    try {
      const instant = new Date("2026-11-23T23:30:00-05:00");
      // The process's zone really is New York now (where it is still the 23rd).
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/New_York");
      expect(apiRequestHeaders(instant, undefined)).toEqual({ [DATA_DAY_HEADER]: "2026-11-24" });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("carries the internal token as a bearer token when one is configured", () => {
    expect(apiRequestHeaders(new Date("2026-11-24T12:00:00Z"), "0123456789abcdef")).toEqual({
      [DATA_DAY_HEADER]: "2026-11-24",
      authorization: "Bearer 0123456789abcdef",
    });
  });
});
