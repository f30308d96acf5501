// @module-tag zone
import { DEFAULT_METHODOLOGY_RULES, type MethodologyRules } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { chatScopeWithoutData } from "../../testing/market-states";
import { TOKEN_CHAT } from "./chat";
import { TOKEN } from "./read-model/state";
import { PublishedIndex } from "./read-model/published-index";

const NOW = new Date("2026-11-23T12:00:00Z");
const methodologyUnder = (rules: MethodologyRules) =>
  TOKEN_CHAT.methodology(
    chatScopeWithoutData(NOW, {
      [TOKEN.name]: TOKEN.open(new PublishedIndex({} as Db), { rules }),
    }),
  );

const TOKEN_METHOD =
  "Token Price Index: a daily volume-weighted blend of list prices per lab, in USD per million tokens: indexPerMtok = sum over eligible models of (inputPricePerMtok * inputTokens + outputPricePerMtok * outputTokens) / sum over eligible models of (inputTokens + outputTokens). Where a source reports only a model's total tokens for the day (OpenRouter's rankings do), the split is estimated: 75% of the total counts as input tokens and the rest as output tokens (rounded half up to whole tokens). Each constituent records whether its split was reported or estimated and the share used. Free variants, open-weight releases of closed labs (openai/gpt-oss-*, google/gemma-*) and models without a price or volume are excluded; each UTC day settles 36 hours after it ends.";

describe("the token market's methodology answer", () => {
  it("states the method in plain sentences", () => {
    expect(methodologyUnder(DEFAULT_METHODOLOGY_RULES)).toBe(TOKEN_METHOD);
  });

  it("states the rules in force, not the defaults", () => {
    const answer = methodologyUnder({
      ...DEFAULT_METHODOLOGY_RULES,
      excludedModelPatterns: ["x/*"],
      settlementLagHours: 48,
    });
    expect(answer).toContain("closed labs (x/*)");
    expect(answer).toContain("settles 48 hours after it ends");
  });
});
