import { describe, expect, it } from "vitest";
import { filterInWords, latencyWords, responseWords, ruleInWords } from "./webhook-words";

describe("a webhook's filter in words", () => {
  it("says every where the filter does not narrow", () => {
    expect(filterInWords({ types: null, markets: null, series: null, thresholds: [] })).toBe(
      "Every event type, of every market, every series.",
    );
  });

  it("names the types, markets, series and threshold rules", () => {
    expect(
      filterInWords({
        types: ["threshold.crossed"],
        markets: ["memory", "gpu"],
        series: ["DDR5", "DDR4", "HBM3"],
        thresholds: [
          { kind: "level", level: 3.5 },
          { kind: "change", percent: 10 },
        ],
      }),
    ).toBe(
      "threshold.crossed, of memory and gpu, series DDR5, DDR4 and HBM3; thresholds: level 3.5, change over 10 %.",
    );
    expect(ruleInWords({ kind: "level", level: -1 })).toBe("level -1");
  });

  it("says a delivery's latency and the receiver's answer, or why there was none", () => {
    expect(latencyWords(null)).toBe("–");
    expect(latencyWords(42)).toBe("42 ms");
    expect(responseWords(204, null)).toBe("204");
    expect(responseWords(null, "no answer within 15000 ms")).toBe("no answer within 15000 ms");
    expect(responseWords(null, null)).toBe("–");
  });
});
