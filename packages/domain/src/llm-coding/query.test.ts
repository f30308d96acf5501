import { describe, expect, it } from "vitest";
import {
  DEFAULT_LLM_CODING_HISTORY_LIMIT,
  parseLlmCodingHistoryQuery,
  parseLlmCodingIndexQuery,
  parseLlmCodingRevisionsQuery,
  invalidProductMessage,
} from "./query";
import { expectRefusals } from "../testing/tables";

describe("parseLlmCodingIndexQuery", () => {
  it("accepts a single-series product", () => {
    expect(parseLlmCodingIndexQuery({ product: "codex-merge" })).toEqual({
      ok: true,
      value: { product: "codex-merge" },
    });
  });

  it("refuses a missing, unknown or comparison product", () => {
    expectRefusals(parseLlmCodingIndexQuery, [
      [{}, "Query parameter 'product' is required."],
      [
        { product: "jules-prs" },
        expect.stringContaining(
          "Invalid product 'jules-prs'. Allowed values (case-sensitive): cc-prs, codex-prs",
        ),
      ],
      [
        { product: "cc-vs-codex" },
        "Product 'cc-vs-codex' compares two series and has no single current value; use GET /api/llm-coding/history?product=cc-vs-codex.",
      ],
      [{ product: "cc-prs", date: "x" }, expect.stringContaining("Unknown query parameter 'date'")],
    ]);
  });
});

describe("parseLlmCodingHistoryQuery", () => {
  it("defaults the limit and keeps optional days", () => {
    expect(parseLlmCodingHistoryQuery({ product: "cc-vs-codex" })).toEqual({
      ok: true,
      value: { product: "cc-vs-codex", limit: DEFAULT_LLM_CODING_HISTORY_LIMIT },
    });
    expect(DEFAULT_LLM_CODING_HISTORY_LIMIT).toBe(2000);
    expect(
      parseLlmCodingHistoryQuery({
        product: "cc-prs",
        startDate: "2026-11-01",
        endDate: "2026-11-01",
        limit: "30",
      }),
    ).toEqual({
      ok: true,
      value: { product: "cc-prs", startDate: "2026-11-01", endDate: "2026-11-01", limit: 30 },
    });
  });

  it("refuses bad days, reversed ranges and bad limits", () => {
    const badLimit = expect.stringContaining(
      "Query parameter 'limit' must be a whole number from 1 to 5000",
    );
    expectRefusals(parseLlmCodingHistoryQuery, [
      [
        { product: "cc-prs", startDate: "2026-13-01" },
        expect.stringContaining("'startDate' must be a real calendar date"),
      ],
      [
        { product: "cc-prs", startDate: "2026-11-02", endDate: "2026-11-01" },
        "'startDate' (2026-11-02) is after 'endDate' (2026-11-01).",
      ],
      ...["0", "-1", "1.5", "abc", "5001", ""].map(
        (limit) => [{ product: "cc-prs", limit }, badLimit] as const,
      ),
      [{ product: "nope" }, expect.stringContaining("Invalid product 'nope'")],
    ]);
  });
});

describe("parseLlmCodingRevisionsQuery", () => {
  it("takes a product and an ordered range, and refuses limit by name", () => {
    expect(
      parseLlmCodingRevisionsQuery({ product: "cc-vs-codex", startDate: "2026-11-01" }),
    ).toEqual({ ok: true, value: { product: "cc-vs-codex", startDate: "2026-11-01" } });
    expectRefusals(parseLlmCodingRevisionsQuery, [
      [
        { product: "cc-prs", limit: "5" },
        expect.stringContaining("Unknown query parameter 'limit'"),
      ],
      [{ product: "cc-prz" }, invalidProductMessage("cc-prz")],
    ]);
  });
});
