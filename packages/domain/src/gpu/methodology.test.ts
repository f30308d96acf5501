import { describe, expect, it } from "vitest";
import {
  DEFAULT_WINSOR_BOUNDS,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  describeGpuMethodology,
  gpuMethodologySections,
} from "./methodology";

describe("gpuMethodologySections", () => {
  it("states the bounds in force, not the defaults", () => {
    const text = gpuMethodologySections({ lower: 0.1, upper: 0.9 })
      .map((section) => section.text)
      .join(" ");
    expect(text).toContain("winsorized at the 10th and 90th percentiles");
    expect(text).not.toContain("5th");
  });

  it("gives the settlement's UTC stamps from the settlement rule (20:00 under DST, 21:00 outside)", () => {
    const daily = gpuMethodologySections(DEFAULT_WINSOR_BOUNDS).find(
      (section) => section.id === "daily-settlement",
    );
    expect(daily?.text).toContain("4 PM America/New_York every day of the week");
    expect(daily?.text).toContain("(20:00 in summer, 21:00 in winter)");
  });

  it("names each section once, so each has its own anchor", () => {
    const ids = gpuMethodologySections(DEFAULT_WINSOR_BOUNDS).map((section) => section.id);
    expect(ids).toEqual([
      "trade-basis",
      "hourly-prints",
      "winsorizing",
      "carried-forward",
      "daily-settlement",
    ]);
  });

  it("is the chat's paragraph, section by section", () => {
    const sections = gpuMethodologySections(DEFAULT_WINSOR_BOUNDS);
    expect(describeGpuMethodology(DEFAULT_WINSOR_BOUNDS)).toBe(
      sections.map((section) => section.text).join(" "),
    );
  });
});

describe("GPU_METHODOLOGY_HISTORY", () => {
  it("is oldest first and its last version is the one in force", () => {
    const days = GPU_METHODOLOGY_HISTORY.map((version) => version.effectiveFrom);
    expect([...days].sort()).toEqual(days);
    expect(GPU_METHODOLOGY_VERSION).toBe(GPU_METHODOLOGY_HISTORY.at(-1)?.version);
  });
});
