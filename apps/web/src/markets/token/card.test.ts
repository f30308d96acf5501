import { describe, expect, it } from "vitest";
import { cardText } from "../../lib/social-card";
import { homeCard, labCard } from "./card";

describe("card contents", () => {
  it("shows a free lab's latest value with its day, and marks the sample", () => {
    const card = labCard("anthropic", { date: "2026-11-20", indexPerMtok: 6.25 }, true);
    expect(card.value).toBe("$6.2500");
    expect(cardText(card)).toBe(
      "Anthropic token price index (sample data): $6.2500, USD per million tokens on 20 Nov 2026 (UTC). Sample data, not market prices.",
    );
    // Market data: no mark in the title.
    expect(labCard("anthropic", { date: "2026-11-20", indexPerMtok: 6.25 }, false).title).toBe(
      "Anthropic token price index",
    );
  });

  it("never shows a keyed lab's value, even when handed one", () => {
    const lab = labCard("minimax", { date: "2026-11-20", indexPerMtok: 1.5 }, false);
    expect(cardText(lab)).not.toContain("$");
    expect(lab.value).toBe("With an API key");
  });

  it("lists the free labs on the home card in catalog order", () => {
    const card = homeCard(
      {
        date: "2026-11-20",
        rows: [
          { lab: "openai", date: "2026-11-20", indexPerMtok: 3, computedAt: "" },
          { lab: "anthropic", date: "2026-11-20", indexPerMtok: 6, computedAt: "" },
        ] as never,
      },
      false,
    );
    expect(card.rows).toEqual([
      { label: "Anthropic", value: "$6.0000" },
      { label: "OpenAI", value: "$3.0000" },
    ]);
    expect(homeCard(undefined, false).value).toBe("No settled day yet");
  });
});
