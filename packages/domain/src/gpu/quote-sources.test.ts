import { describe, expect, it } from "vitest";
import {
  GPU_LEDGER_CITATION,
  GPU_LEDGER_SOURCE,
  quoteSourceDescription,
  VAST_SOURCE,
  vastDescription,
} from "./quote-sources";

describe("GPU quote sources", () => {
  it("cites the ledger with the publisher's own line and says the values were changed (CC BY 4.0)", () => {
    expect(GPU_LEDGER_CITATION).toContain(
      "GPU rental price data by gpurentalprices.com (https://gpurentalprices.com), licensed under CC BY 4.0.",
    );
    expect(GPU_LEDGER_CITATION).toMatch(/derived .* by the Token Price Index/);
    expect(quoteSourceDescription(GPU_LEDGER_SOURCE)).toMatchObject({
      id: "gpurentalprices",
      kind: "quotes",
      cadence: "daily",
      licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      indexUseAllowed: true,
    });
  });

  it("shows the operator's Vast.ai data licence as the citation, and without one allows no index use", () => {
    const licensed = vastDescription("  Data licensed by Vast.ai under agreement 2026-11.  ");
    expect(licensed).toMatchObject({
      id: "vastai",
      cadence: "hourly",
      licence: { name: "Vast.ai Terms of Service", url: "https://vast.ai/terms" },
      citation: "Data licensed by Vast.ai under agreement 2026-11.",
      indexUseAllowed: true,
    });
    for (const missing of [undefined, null, "", "   "]) {
      const unlicensed = vastDescription(missing);
      expect(unlicensed.indexUseAllowed).toBe(false);
      expect(unlicensed.citation).toMatch(/Not licensed for index use/);
    }
    expect(quoteSourceDescription(VAST_SOURCE, { vastDataLicence: "L" })?.citation).toBe("L");
    expect(quoteSourceDescription("openrouter")).toBeUndefined();
  });
});
