import { describe, expect, it } from "vitest";
import { cardText } from "../../lib/social-card";
import { gpuCard } from "./card";

describe("card contents", () => {
  it("never shows a keyed GPU's value, even when handed one", () => {
    const gpu = gpuCard(
      "RTX PRO 6000 WS",
      { timestamp: "2026-11-20T21:00:00.000Z", value: 2 },
      false,
    );
    expect(cardText(gpu)).not.toContain("$");
  });
});
