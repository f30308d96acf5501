// @module-tag zone
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { chatScopeWithoutData } from "../../testing/market-states";
import { methodologyAnswer } from "./answers";

const scope = chatScopeWithoutData(new Date("2026-11-23T12:00:00Z"));
const methodOf = (market: (typeof MARKETS)[number]) => market.chat.methodology(scope);

describe("methodologyAnswer", () => {
  it("explains the market whose words the question uses, in that market's words", () => {
    for (const market of MARKETS)
      expect(methodologyAnswer([], market.name, MARKETS, scope).answer, market.name).toBe(
        methodOf(market),
      );
  });

  it("explains every market, in market order, when the question is about none", () => {
    expect(methodologyAnswer([], undefined, MARKETS, scope)).toEqual({
      intent: "methodology",
      answer: MARKETS.map(methodOf).join("\n"),
      sources: [],
    });
  });

  it("explains both the market of a subject named and the one the words name, in market order", () => {
    const [first, second] = MARKETS;
    const subject = second.chat.subjects[0]?.subject;
    if (subject === undefined) throw new Error(`${second.name} has no chat subject`);
    expect(methodologyAnswer([subject], first.name, MARKETS, scope).answer).toBe(
      `${methodOf(first)}\n${methodOf(second)}`,
    );
  });

  it("never answers with an empty explanation", () => {
    for (const market of MARKETS) expect(methodOf(market).trim(), market.name).not.toBe("");
  });
});
