import { describe, expect, it } from "vitest";
import {
  DEFAULT_LLM_CODING_HISTORY_LIMIT,
  parseLlmCodingHistoryQuery,
  parseLlmCodingIndexQuery,
  parseLlmCodingRevisionsQuery,
  invalidProductMessage,
} from "./query";

const message = (result: { ok: boolean; error?: { message: string } }) =>
  result.ok ? undefined : result.error?.message;

describe("parseLlmCodingIndexQuery", () => {
  it("accepts a single-series product", () => {
    expect(parseLlmCodingIndexQuery({ product: "codex-merge" })).toEqual({
      ok: true,
      value: { product: "codex-merge" },
    });
  });

  it("refuses a missing, unknown or comparison product", () => {
    expect(message(parseLlmCodingIndexQuery({}))).toBe("Query parameter 'product' is required.");
    expect(message(parseLlmCodingIndexQuery({ product: "jules-prs" }))).toContain(
      "Invalid product 'jules-prs'. Allowed values (case-sensitive): cc-prs, codex-prs",
    );
    expect(message(parseLlmCodingIndexQuery({ product: "cc-vs-codex" }))).toBe(
      "Product 'cc-vs-codex' compares two series and has no single current value; use GET /api/llm-coding/history?product=cc-vs-codex.",
    );
    expect(message(parseLlmCodingIndexQuery({ product: "cc-prs", date: "x" }))).toContain(
      "Unknown query parameter 'date'",
    );
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
    expect(
      message(parseLlmCodingHistoryQuery({ product: "cc-prs", startDate: "2026-13-01" })),
    ).toContain("'startDate' must be a real calendar date");
    expect(
      message(
        parseLlmCodingHistoryQuery({
          product: "cc-prs",
          startDate: "2026-11-02",
          endDate: "2026-11-01",
        }),
      ),
    ).toBe("'startDate' (2026-11-02) is after 'endDate' (2026-11-01).");
    for (const limit of ["0", "-1", "1.5", "abc", "5001", ""]) {
      expect(message(parseLlmCodingHistoryQuery({ product: "cc-prs", limit }))).toContain(
        "Query parameter 'limit' must be a whole number from 1 to 5000",
      );
    }
    expect(message(parseLlmCodingHistoryQuery({ product: "nope" }))).toContain(
      "Invalid product 'nope'",
    );
  });
});

describe("parseLlmCodingRevisionsQuery", () => {
  it("takes a product and an ordered range, and refuses limit by name", () => {
    expect(
      parseLlmCodingRevisionsQuery({ product: "cc-vs-codex", startDate: "2026-11-01" }),
    ).toEqual({ ok: true, value: { product: "cc-vs-codex", startDate: "2026-11-01" } });
    const limit = parseLlmCodingRevisionsQuery({ product: "cc-prs", limit: "5" });
    expect(limit.ok).toBe(false);
    if (!limit.ok) expect(limit.error.message).toContain("Unknown query parameter 'limit'");
    const unknown = parseLlmCodingRevisionsQuery({ product: "cc-prz" });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toBe(invalidProductMessage("cc-prz"));
  });
});
