import { describe, expect, it } from "vitest";
import { cardText } from "../../lib/social-card";
import { MEMORY_CARD } from "./card";

describe("the card", () => {
  it("names the Memory section, its unit and that a key reads it, never a value", () => {
    expect(cardText(MEMORY_CARD.content(true))).toBe(
      "Memory spot prices: DRAM, NAND flash and modules (sample data): With an API key, USD per chip or module, settled at 4 PM New York on trading days. Sample data, not market prices.",
    );
    expect(cardText(MEMORY_CARD.content(false))).not.toMatch(/\d\.\d|\$/);
  });
});
