import { describe, expect, it } from "vitest";
import { DATA_LICENCE, citationText } from "./citation";

describe("citationText", () => {
  it("names the source, the series and its unit, the value's date, the URL and the licence", () => {
    expect(
      citationText({
        series: "Anthropic token price index",
        unit: "USD per million tokens",
        valueDate: "2026-11-21",
        url: "https://tpi.example.org/labs/anthropic",
      }),
    ).toBe(
      `Token Price Index, “Anthropic token price index” (USD per million tokens), value of 2026-11-21 (UTC), retrieved from https://tpi.example.org/labs/anthropic. Licensed under ${DATA_LICENCE.name}.`,
    );
    expect(DATA_LICENCE.name).toBe("CC BY 4.0");
  });
});
