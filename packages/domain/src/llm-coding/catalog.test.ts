import { describe, expect, it } from "vitest";
import {
  LLM_CODING_PRODUCTS,
  LLM_CODING_PRODUCT_IDS,
  countsNeeded,
  isCompareProduct,
  isLlmCodingProductId,
  llmCodingProduct,
  productCatalogEntry,
} from "./catalog";

describe("LLM coding catalogue", () => {
  it("lists the 13 products of the contract, in its order", () => {
    expect(LLM_CODING_PRODUCT_IDS).toEqual([
      "cc-prs",
      "codex-prs",
      "copilot-prs",
      "cursor-prs",
      "devin-prs",
      "cc-commits",
      "cc-merge",
      "codex-merge",
      "copilot-merge",
      "cursor-merge",
      "devin-merge",
      "cc-vs-codex",
      "cc-vs-codex-merge",
    ]);
    expect(new Set(LLM_CODING_PRODUCTS.map((p) => p.label)).size).toBe(13);
  });

  it("serves the catalogue entry in the contract's shape", () => {
    expect(productCatalogEntry(llmCodingProduct("cc-prs"))).toEqual({
      id: "cc-prs",
      label: "Claude PRs",
      category: "prs",
      kind: "count",
      compare: false,
      seriesLabels: null,
    });
    expect(productCatalogEntry(llmCodingProduct("copilot-merge"))).toMatchObject({
      kind: "pct",
      category: "merge",
      compare: false,
    });
    expect(productCatalogEntry(llmCodingProduct("cc-vs-codex"))).toEqual({
      id: "cc-vs-codex",
      label: "Claude vs Codex PRs",
      category: "compare",
      kind: "count",
      compare: true,
      seriesLabels: ["Claude PRs", "Codex PRs"],
    });
    expect(productCatalogEntry(llmCodingProduct("cc-vs-codex-merge")).seriesLabels).toEqual([
      "Claude merge rate",
      "Codex merge rate",
    ]);
  });

  it("marks merge rates and their comparison as percentages, everything else as counts", () => {
    const pct = LLM_CODING_PRODUCTS.filter((p) => p.kind === "pct").map((p) => p.id);
    expect(pct).toEqual([
      "cc-merge",
      "codex-merge",
      "copilot-merge",
      "cursor-merge",
      "devin-merge",
      "cc-vs-codex-merge",
    ]);
    expect(LLM_CODING_PRODUCTS.filter((p) => isCompareProduct(p)).map((p) => p.id)).toEqual([
      "cc-vs-codex",
      "cc-vs-codex-merge",
    ]);
  });

  it("knows product ids exactly and case-sensitively", () => {
    expect(isLlmCodingProductId("cc-prs")).toBe(true);
    expect(isLlmCodingProductId("CC-PRS")).toBe(false);
    expect(isLlmCodingProductId("jules-prs")).toBe(false);
    expect(() => llmCodingProduct("nope" as never)).toThrow(RangeError);
  });

  it("names the counts each product needs", () => {
    expect(countsNeeded(llmCodingProduct("devin-prs"))).toEqual([
      { agent: "devin", metric: "opened" },
    ]);
    expect(countsNeeded(llmCodingProduct("cc-commits"))).toEqual([
      { agent: "claude", metric: "commits" },
    ]);
    expect(countsNeeded(llmCodingProduct("cc-vs-codex-merge"))).toEqual([
      { agent: "claude", metric: "opened" },
      { agent: "claude", metric: "merged" },
      { agent: "codex", metric: "opened" },
      { agent: "codex", metric: "merged" },
    ]);
  });
});
