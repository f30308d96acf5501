import { describe, expect, it } from "vitest";
import { cardText } from "../../lib/social-card";
import { NEOCLOUD_CARD } from "./card";

describe("the card", () => {
  it("says what the Neo-Cloud Sites dataset holds and who reads it, never a site or a number", () => {
    expect(cardText(NEOCLOUD_CARD.content(true))).toBe(
      "Where the neo-clouds' AI data centres are (sample data): With the Full plan, Sites, GPUs, power capacity (MW) and dates, from Epoch AI's data. Sample data, not market prices.",
    );
    expect(NEOCLOUD_CARD.content(false).title).toBe("Where the neo-clouds' AI data centres are");
  });
});
