import { describe, expect, it } from "vitest";
import { gpuFreeWindowStart } from "./free-window";

describe("gpuFreeWindowStart", () => {
  it("is today minus 3 months, the day of month clamped to the target month", () => {
    expect(gpuFreeWindowStart(new Date("2026-03-10T12:00:00.000Z"))).toBe("2025-12-10");
    expect(gpuFreeWindowStart(new Date("2026-05-31T23:59:59.000Z"))).toBe("2026-02-28");
  });
});
