import { describe, expect, it } from "vitest";
import { checkObservationHeader, validateObservationFields } from "./record";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const valid = {
  date: "2026-03-01",
  model_id: "anthropic/claude-sonnet-4",
  lab: "anthropic",
  input_price_per_mtok: "3",
  output_price_per_mtok: "15",
  input_tokens: "800000",
  output_tokens: "200000",
  source: "openrouter",
};

const reasonOf = (fields: Record<string, unknown>): string => {
  const result = validateObservationFields(fields, NOW);
  if (result.ok) throw new Error("expected the row to be rejected");
  return result.error;
};

describe("validateObservationFields", () => {
  it("accepts a CSV row and a JSON row with the same meaning", () => {
    const csv = validateObservationFields(
      { ...valid, cache_read_price_per_mtok: "0.3", cache_read_tokens: "" },
      NOW,
    );
    const json = validateObservationFields(
      {
        ...valid,
        input_price_per_mtok: 3,
        output_price_per_mtok: 15,
        input_tokens: 800000,
        output_tokens: 200000,
        cache_read_price_per_mtok: 0.3,
      },
      NOW,
    );
    expect(csv).toEqual(json);
    expect(csv).toEqual({
      ok: true,
      value: {
        date: "2026-03-01",
        modelId: "anthropic/claude-sonnet-4",
        lab: "anthropic",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
        inputTokens: 800000n,
        outputTokens: 200000n,
        totalTokens: 1000000n,
        cacheReadPricePerMtok: 0.3,
        cacheReadTokens: null,
        source: "openrouter",
        priceBasis: "reported",
        priceSnapshotId: null,
      },
    });
  });

  it("takes the dearest plausible price and today's date", () => {
    expect(
      validateObservationFields(
        { ...valid, date: "2026-03-10", output_price_per_mtok: "10000" },
        NOW,
      ).ok,
    ).toBe(true);
  });

  it("treats an empty price as no price that day (the model is then excluded, not the row)", () => {
    const result = validateObservationFields({ ...valid, input_price_per_mtok: "" }, NOW);
    expect(result.ok && result.value.inputPricePerMtok).toBeNull();
  });

  it.each([
    [{ input_price_per_mtok: "abc" }, "input_price_per_mtok is not a number"],
    [{ input_tokens: "12.5" }, "input_tokens is not a whole number"],
    [{ output_tokens: true }, "output_tokens is not a whole number"],
    [{ input_tokens: "" }, "input_tokens is missing"],
    [{ lab: "Anthropic" }, "unknown lab 'Anthropic'"],
    [{ lab: "acme", model_id: "acme/x" }, "unknown lab 'acme'"],
    [{ output_price_per_mtok: "-1" }, "output_price_per_mtok is negative"],
    [{ output_tokens: -5 }, "output_tokens is negative"],
    [{ date: "2026-02-30" }, "date is not a real calendar date"],
    [{ date: "2026-3-1" }, "date is not a real calendar date"],
    [{ date: 20260301 }, "date must be text"],
    [
      { model_id: "openai/gpt-5" },
      "model_id 'openai/gpt-5' belongs to lab 'openai', not 'anthropic'",
    ],
    [{ model_id: "claude" }, "has no lab prefix"],
    [{ model_id: "anthropic/claude x" }, "model_id must be"],
    [{ source: "" }, "source is missing"],
    [{ input_tokens: "9223372036854775808" }, "input_tokens is too large"],
    [{ input_tokens: 2 ** 53 + 2 }, "write it as a string"],
    [{ extra: "1" }, "unknown field 'extra'"],
    [{ input_price_per_mtok: "1e20" }, "input_price_per_mtok is above 10,000 USD per million"],
    [
      { output_price_per_mtok: JSON.parse("1e999") as number },
      "output_price_per_mtok is not a number: a number too large",
    ],
    [
      { date: "0001-01-01" },
      "date must be from 2020-01-01 to today (2026-03-10, UTC): '0001-01-01'",
    ],
    [{ date: "2026-03-11" }, "date must be from 2020-01-01 to today"],
    [{ date: "9999-12-31" }, "date must be from 2020-01-01 to today"],
    [{ source: "x".repeat(5_000) }, "(5,000 characters)"],
  ])("rejects %j with a reason", (patch, reason) => {
    expect(reasonOf({ ...valid, ...patch })).toContain(reason);
  });
});

describe("token volumes", () => {
  const { input_tokens: _input, output_tokens: _output, ...withoutVolumes } = valid;
  const volumesOf = (fields: Record<string, unknown>) => {
    const result = validateObservationFields(fields, NOW);
    if (!result.ok) throw new Error(result.error);
    const { inputTokens, outputTokens, totalTokens } = result.value;
    return { inputTokens, outputTokens, totalTokens };
  };

  it("accepts the total alone and leaves the split to the methodology", () => {
    expect(volumesOf({ ...withoutVolumes, total_tokens: "1000" })).toEqual({
      inputTokens: null,
      outputTokens: null,
      totalTokens: 1000n,
    });
  });

  it("derives the total from a reported split", () => {
    expect(volumesOf(valid)).toEqual({
      inputTokens: 800000n,
      outputTokens: 200000n,
      totalTokens: 1000000n,
    });
  });

  it("accepts all three when the total is the sum, and refuses them when it is not", () => {
    expect(volumesOf({ ...valid, total_tokens: "1000000" }).totalTokens).toBe(1000000n);
    expect(reasonOf({ ...valid, total_tokens: "999999" })).toBe(
      "total_tokens 999999 is not input_tokens + output_tokens (1000000)",
    );
  });

  it("refuses half a split and a row without any volume", () => {
    expect(reasonOf({ ...withoutVolumes, input_tokens: "5", total_tokens: "9" })).toBe(
      "output_tokens is missing (input_tokens is given)",
    );
    expect(reasonOf({ ...withoutVolumes, output_tokens: "5" })).toBe(
      "input_tokens is missing (output_tokens is given)",
    );
    expect(reasonOf(withoutVolumes)).toContain("or give total_tokens");
  });

  it("reads text above 2^53 exactly, and refuses a JSON number above 2^53 (digits already lost)", () => {
    expect(volumesOf({ ...withoutVolumes, total_tokens: "9007199254740993" }).totalTokens).toBe(
      9007199254740993n,
    );
    expect(
      volumesOf({ ...valid, input_tokens: "9007199254740993", output_tokens: "1" }).totalTokens,
    ).toBe(9007199254740994n);
    expect(reasonOf({ ...withoutVolumes, total_tokens: 2 ** 53 + 2 })).toContain(
      "total_tokens is above 2^53 as a JSON number",
    );
    expect(volumesOf({ ...withoutVolumes, total_tokens: 2 ** 53 - 1 }).totalTokens).toBe(
      9007199254740991n,
    );
  });
});

describe("checkObservationHeader", () => {
  it("accepts the columns in any order", () => {
    expect(checkObservationHeader(Object.keys(valid).reverse()).ok).toBe(true);
  });
  it("names missing, unknown and repeated columns", () => {
    expect(checkObservationHeader(["date", "lab"])).toMatchObject({
      ok: false,
      error: expect.stringContaining("missing required column(s): model_id"),
    });
    expect(checkObservationHeader([...Object.keys(valid), "price"])).toMatchObject({
      ok: false,
      error: expect.stringContaining("unknown column 'price'"),
    });
    expect(checkObservationHeader([...Object.keys(valid), "date"])).toMatchObject({
      ok: false,
      error: "column 'date' appears twice",
    });
  });
  it("asks for a split or a total, and for both sides of a split", () => {
    const base = [
      "date",
      "model_id",
      "lab",
      "input_price_per_mtok",
      "output_price_per_mtok",
      "source",
    ];
    expect(checkObservationHeader([...base, "total_tokens"]).ok).toBe(true);
    expect(
      checkObservationHeader([...base, "input_tokens", "output_tokens", "total_tokens"]).ok,
    ).toBe(true);
    expect(checkObservationHeader([...base, "input_tokens", "total_tokens"])).toEqual({
      ok: false,
      error: "input_tokens and output_tokens come together (or use total_tokens alone)",
    });
    expect(checkObservationHeader(base)).toEqual({
      ok: false,
      error: "missing volume column(s): input_tokens and output_tokens, or total_tokens",
    });
  });
});
