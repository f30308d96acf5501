import { describe, expect, it, vi } from "vitest";
import { LlmCodingPage } from "./overview-page";
import { LlmCodingProductPage } from "./product-page";
import { GET as codingCsv } from "./history-csv";
import { coding } from "./test-routers";
import { marketPageTests, textOf } from "../../testing/market-page-tests";

// The pages are rendered per request and read the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The LLM Coding pages and CSV against a router in the api's shapes: a visitor gets the catalog
 * and the locked state (no plan procedure asked, no value in the page), a Full reader the values,
 * a reader whose plan the api refuses the api's words.
 */
const site = marketPageTests(coding);

const catalogPage = () => site.renderPage(LlmCodingPage());

const productPage = (product: string, query: Record<string, string> = {}) =>
  site.renderPage(
    LlmCodingProductPage({
      params: Promise.resolve({ product }),
      searchParams: Promise.resolve(query),
    }),
  );

const csv = (product: string, session?: string, query = "") =>
  codingCsv(site.downloadRequest(`/llm-coding/${product}/history.csv${query}`, session), {
    params: Promise.resolve({ product }),
  });

describe("/llm-coding", () => {
  it("shows a visitor every product by group, the methodology and the sources, with values locked", async () => {
    const html = await catalogPage();
    for (const group of ["prs", "commits", "merge", "compare"])
      expect(html).toContain(`data-table="coding-${group}"`);
    expect(html.match(/<tr data-product=/g)).toHaveLength(13);
    expect(html).toContain('href="/llm-coding/cc-vs-codex"');
    expect(html).toContain("data-coding-locked");
    expect(html).not.toContain("data-value=");
    expect(textOf(html)).toContain("any plan (Trial, Premium, Full)");
    expect(textOf(html)).toContain("Merge rate = 100 * merged / opened.");
    expect(textOf(html)).toContain(coding.citation);
    expect(coding.inputs).toEqual([]);
  });

  it("gives a Full reader each product's latest value: the index, or a comparison's newest row", async () => {
    site.signIn(coding.sessions.full);
    const html = await catalogPage();
    expect(html).not.toContain("data-coding-locked");
    expect(html).toMatch(
      new RegExp(`<tr data-product="cc-prs" data-date="${coding.lastDay}">.*?data-value="184"`),
    );
    expect(html).toMatch(/<tr data-product="cc-vs-codex"[^>]*>.*?data-value="184,164"/);
    expect(textOf(html)).toContain("Claude PRs 184, Codex PRs 164");
    expect(textOf(html)).toContain("(provisional)");
  });

  site.itShowsTheRefusal({
    page: catalogPage,
    session: coding.sessions.ended,
  });
});

describe("/llm-coding/<product>", () => {
  it("charts a comparison's two series for a Full reader, provisional days shaded, with table and CSV link", async () => {
    site.signIn(coding.sessions.full);
    const html = await productPage("cc-vs-codex");
    expect(coding.inputs).toEqual([
      { planHistory: { sessionToken: coding.sessions.full, product: "cc-vs-codex" } },
    ]);
    expect(html).toContain('data-chart="coding-cc-vs-codex"');
    expect(html).toContain('data-chart-value-kind="count"');
    expect(textOf(html)).toContain("Claude PRs");
    expect(textOf(html)).toContain("Codex PRs");
    expect(html).toContain(`data-chart-marked="${coding.firstProvisionalDay}"`);
    expect(html).toContain("data-chart-mark");
    expect(html).toContain('href="/llm-coding/cc-vs-codex/history.csv"');
    expect(html).toMatch(/<a [^>]*data-range="All"[^>]*aria-current="true"/);
    expect(html.match(/data-status="provisional"/g)).toHaveLength(7);
    expect(textOf(html)).toContain(coding.citation);
  });

  it("cuts the chart, table and CSV link to a range", async () => {
    site.signIn(coding.sessions.full);
    const html = await productPage("cc-merge", { range: "7D" });
    expect(html).toContain('data-chart-value-kind="percent"');
    expect(html.match(/<tr data-date=/g)).toHaveLength(7);
    expect(html).toContain('href="/llm-coding/cc-merge/history.csv?range=7D"');
  });

  site.itStaysLockedForAVisitor({
    page: () => productPage("cc-prs"),
    request: "GET /api/llm-coding/history?product=cc-prs",
  });
});

describe("/llm-coding/<product>/history.csv", () => {
  it("gives a Full reader the rows oldest first with status, sample, source and citation, privately", async () => {
    const lines = await site.privateCsvLines(
      await csv("cc-vs-codex", coding.sessions.full),
      `tpi-llm-coding-cc-vs-codex-2026-09-01-to-${coding.lastDay}.csv`,
    );
    expect(lines[0]).toBe("date,value,value2,status,sample,source,citation");
    expect(lines[1]).toBe(`2026-09-01,100,80,settled,false,github-search,"${coding.citation}"`);
    expect(lines.at(-1)).toContain(`${coding.lastDay},184,164,provisional,false`);
    const week = await csv("cc-prs", coding.sessions.full, "?range=7D");
    expect((await week.text()).trim().split("\r\n")).toHaveLength(8);
  });

  site.itRefusesTheCsv({
    csv,
    id: "cc-prs",
    unknownId: "not-a-product",
    endedSession: coding.sessions.ended,
  });
});
