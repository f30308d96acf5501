import { describe, expect, it } from "vitest";
import { cardText } from "../../lib/social-card";
import { workloadCard } from "./card";

describe("the card", () => {
  it("names the Workload Cost index's latest week and that a key reads it, never a value", () => {
    const card = workloadCard("2026-11-15", true);
    expect(cardText(card)).toBe(
      "What a coding-agent session costs (sample data): With an API key, US cents per coding-agent session, per lab and model family, latest week ending 15 Nov 2026 (UTC). Sample data, not market prices.",
    );
    expect(workloadCard(null, false).detail).toBe(
      "US cents per coding-agent session, per lab and model family",
    );
  });
});
