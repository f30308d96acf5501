import { describe, expect, it } from "vitest";
import { methodologyVersionOn, type MethodologyVersion } from "./methodology-version";

const HISTORY: MethodologyVersion[] = [
  { version: "1.0", effectiveFrom: "2026-11-23", summary: "first" },
  { version: "2.0", effectiveFrom: "2026-11-25", summary: "second" },
];

describe("methodologyVersionOn", () => {
  it("is the last version effective by the day, the first before any", () => {
    expect(methodologyVersionOn(HISTORY, "2026-11-22")).toBe("1.0");
    expect(methodologyVersionOn(HISTORY, "2026-11-24")).toBe("1.0");
    expect(methodologyVersionOn(HISTORY, "2026-11-25")).toBe("2.0");
    expect(methodologyVersionOn(HISTORY, "2027-01-01")).toBe("2.0");
  });
});
