import { describe, expect, it } from "vitest";
import {
  DEFAULT_WINSOR_BOUNDS,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  describeGpuMethodology,
  gpuMethodologySections,
  isBackfilled,
  type GpuMethodRules,
} from "./methodology";

const RULES: GpuMethodRules = {
  winsor: DEFAULT_WINSOR_BOUNDS,
  quotes: { minProviders: 3, maxSnapshotAgeHours: { gpurentalprices: 36, vastai: 2 } },
};

describe("gpuMethodologySections", () => {
  it("states the bounds in force, not the defaults", () => {
    const text = gpuMethodologySections({ ...RULES, winsor: { lower: 0.1, upper: 0.9 } })
      .map((section) => section.text)
      .join(" ");
    expect(text).toContain("winsorized at the 10th and 90th percentiles");
    expect(text).not.toContain("5th");
  });

  it("gives the settlement's UTC stamps from the settlement rule (20:00 under DST, 21:00 outside)", () => {
    const daily = gpuMethodologySections(RULES).find(
      (section) => section.id === "daily-settlement",
    );
    expect(daily?.text).toContain("4 PM America/New_York every day of the week");
    expect(daily?.text).toContain("(20:00 in summer, 21:00 in winter)");
  });

  it("names each section once, so each has its own anchor", () => {
    const ids = gpuMethodologySections(RULES).map((section) => section.id);
    expect(ids).toEqual([
      "evidence",
      "hourly-prints",
      "winsorizing",
      "quote-prints",
      "carried-forward",
      "daily-settlement",
      "back-filled",
    ]);
  });

  it("states the quote rules in force: the minimum of providers and each source's age limit", () => {
    const quotes = gpuMethodologySections(RULES).find((section) => section.id === "quote-prints");
    expect(quotes?.text).toContain("at least 3 providers count");
    expect(quotes?.text).toContain("gpurentalprices 36 hours, vastai 2 hours");
    const carried = gpuMethodologySections({
      ...RULES,
      quotes: { ...RULES.quotes, minProviders: 5 },
    }).find((section) => section.id === "carried-forward");
    expect(carried?.text).toContain("fewer than 5 providers");
  });

  it("is the chat's paragraph, section by section", () => {
    const sections = gpuMethodologySections(RULES);
    expect(describeGpuMethodology(RULES)).toBe(sections.map((section) => section.text).join(" "));
  });
});

describe("back-filled values", () => {
  it("are those computed more than an hour after their hour or settlement instant", () => {
    const hour = new Date("2026-08-22T10:00:00Z");
    expect(isBackfilled(hour, new Date("2026-08-22T11:00:00Z"))).toBe(false);
    expect(isBackfilled(hour, new Date("2026-08-22T11:00:00.001Z"))).toBe(true);
  });
});

describe("GPU_METHODOLOGY_HISTORY", () => {
  it("is oldest first and its last version is the one in force", () => {
    const days = GPU_METHODOLOGY_HISTORY.map((version) => version.effectiveFrom);
    expect([...days].sort()).toEqual(days);
    expect(GPU_METHODOLOGY_VERSION).toBe(GPU_METHODOLOGY_HISTORY.at(-1)?.version);
  });
});
