import { describe, expect, it } from "vitest";
import type { SourceDay } from "./api-types";
import { formatInputShare, formatShare, provenanceByDay } from "./provenance";

const day = (date: string, source: string, asOf: string | null, citation: string | null) =>
  ({
    date,
    source,
    sample: source === "sample",
    asOf,
    citation,
    priceBasis: "snapshot",
    listedShare: 0.9,
    trackedShare: 0.5,
    listedTokens: 900,
    otherTokens: 100,
  }) as SourceDay;

describe("provenanceByDay", () => {
  it("gives each day its source, as_of and citation", () => {
    const byDay = provenanceByDay([
      day("2026-03-28", "openrouter", "2026-03-29T00:10:00Z", "Source: A, as of 28."),
      day("2026-03-29", "openrouter", "2026-03-30T00:10:00Z", "Source: A, as of 29."),
    ]);
    expect(byDay.get("2026-03-29")).toEqual({
      source: "openrouter",
      asOf: "2026-03-30T00:10:00Z",
      citation: "Source: A, as of 29.",
      sample: false,
    });
    expect(byDay.get("2026-03-27")).toBeUndefined();
  });

  it("names every source of a day fed by several, with the latest as_of and each citation", () => {
    const byDay = provenanceByDay([
      day("2026-03-29", "openrouter", "2026-03-30T00:10:00Z", "Source: OpenRouter."),
      day("2026-03-29", "lab-feed", null, null),
    ]);
    expect(byDay.get("2026-03-29")).toEqual({
      source: "openrouter+lab-feed",
      asOf: "2026-03-30T00:10:00Z",
      citation: "Source: OpenRouter.",
      sample: false,
    });
  });

  it("marks a day as the sample when any of its sources is the sample", () => {
    const byDay = provenanceByDay([
      day("2026-03-29", "openrouter", "2026-03-30T00:10:00Z", "Source: OpenRouter."),
      day("2026-03-29", "sample", null, null),
    ]);
    expect(byDay.get("2026-03-29")?.sample).toBe(true);
  });
});

describe("shares", () => {
  it("shows coverage with one decimal and n/a when unknown", () => {
    expect(formatShare(0.8734)).toBe("87.3%");
    expect(formatShare(null)).toBe("n/a");
    expect(formatShare(Number.NaN)).toBe("n/a");
  });
  it("shows an input share exactly to the basis point", () => {
    expect(formatInputShare(0.75)).toBe("75%");
    expect(formatInputShare(0.6667)).toBe("66.67%");
  });
});
