import { describe, expect, it } from "vitest";
import {
  OPENROUTER_LICENCE,
  OPENROUTER_SOURCE,
  PRICE_BASIS_IDS,
  SAMPLE_NOTICE,
  SAMPLE_SOURCE,
  isPriceBasis,
  openRouterCitation,
  provenanceOf,
} from "./provenance";

describe("provenanceOf", () => {
  it("cites OpenRouter with the data's as-of time and its licence", () => {
    expect(provenanceOf(OPENROUTER_SOURCE, "2026-11-22T06:00:00Z")).toEqual({
      source: "openrouter",
      sample: false,
      asOf: "2026-11-22T06:00:00Z",
      citation: "Source: OpenRouter (openrouter.ai/rankings), as of 2026-11-22T06:00:00Z.",
      licence: OPENROUTER_LICENCE,
    });
    expect(openRouterCitation("x")).toBe("Source: OpenRouter (openrouter.ai/rankings), as of x.");
  });

  it("marks the generated sample as a sample, never as market data", () => {
    expect(provenanceOf(SAMPLE_SOURCE, null)).toEqual({
      source: "sample",
      sample: true,
      asOf: null,
      citation: SAMPLE_NOTICE,
      licence: null,
    });
  });

  it("names another file source without inventing a citation", () => {
    expect(provenanceOf("vendor-feed", null)).toEqual({
      source: "vendor-feed",
      sample: false,
      asOf: null,
      citation: null,
      licence: null,
    });
  });
});

describe("price bases", () => {
  it("knows exactly reported, snapshot and back-filled prices", () => {
    expect(PRICE_BASIS_IDS).toEqual(["reported", "snapshot", "backfilled"]);
    expect(isPriceBasis("snapshot")).toBe(true);
    expect(isPriceBasis("guessed")).toBe(false);
    expect(isPriceBasis("toString")).toBe(false);
  });
});
