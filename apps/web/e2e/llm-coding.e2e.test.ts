import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX } from "@tpi/domain";
import { directFetch, parseCsvLine } from "./api-helpers";
import { chromiumPresent, open, screenshot } from "./browser";
import { expectReadableEverywhere, expectReadableIn } from "./reader-audit";
import { site } from "./site";
import { privateCsv, readSeriesChart, signedInReaders } from "./market-readers";

type Product = {
  id: string;
  label: string;
  category: string;
  kind: string;
  compare: boolean;
  seriesLabels: string[] | null;
};
type HistoryRow = { date: string; value: number | null; value2?: number | null; status: string };
type HistoryBody = {
  product: string;
  compare: boolean;
  seriesLabels?: string[];
  data: HistoryRow[];
  dataSources: {
    sample: boolean;
    sources: { source: string; citation: string | null }[];
  };
};

/** A comparison product: its page charts two series. */
const COMPARE = "cc-vs-codex";

/**
 * The LLM Coding pages: a visitor reads the catalog, the methodology and the sources, with the
 * values locked (none in the page); a signed-in Full reader gets the chart, table and CSV of a
 * product with exactly the rows the api answers a Full key, provisional days marked.
 */
describe.skipIf(!chromiumPresent)("LLM Coding pages", () => {
  // Its own visitor address: the api allows 5 sign-ups an hour per address.
  const readers = signedInReaders("llm-coding", "full", "192.0.2.41");
  let products: Product[];

  beforeAll(async () => {
    const response = await directFetch(`${site.apiUrl}/api/llm-coding/products`);
    expect(response.status).toBe(200);
    products = ((await response.json()) as { data: Product[] }).data;
    expect(products.map((product) => product.id)).toContain(COMPARE);
  });

  /** What the api answers a Full key for a product's history (no dates: all it serves). */
  const fullKeyHistory = (product: string) =>
    readers.keyAnswer<HistoryBody>(`/api/llm-coding/history?product=${product}`);

  it("shows a visitor the catalog, the methodology and the sources, with the values locked", async () => {
    const { page } = await readers.lockedToVisitor("llm-coding", {
      locked: "[data-coding-locked]",
      plans: "any plan (Trial, Premium, Full)",
      shown: ["[data-coding-methodology] li", "[data-coding-sources] [data-citation-text]"],
      hidden: ["td[data-value]"],
      docsSections: 3,
    });
    const listed = await page.$$eval("table tr[data-product]", (rows) =>
      rows.map((row) => row.getAttribute("data-product")),
    );
    expect([...listed].sort()).toEqual(products.map((product) => product.id).sort());
    for (const category of ["prs", "commits", "merge", "compare"])
      expect(await page.locator(`table[data-table="coding-${category}"]`).count()).toBe(1);

    await open(page, `/llm-coding/${COMPARE}`);
    expect(await page.locator("[data-coding-locked]").count()).toBe(1);
    expect(await page.locator("figure.chart").count()).toBe(0);
    expect(await page.locator("[data-latest-value]").count()).toBe(0);
    await screenshot(page, "llm-coding-product-visitor");
    // The CSV is refused in the api's words, not served empty.
    const csv = await page.request.get(`${site.webUrl}/llm-coding/${COMPARE}/history.csv`);
    expect([401, 403]).toContain(csv.status());
    await open(page, "/llm-coding/not-a-product", 404);
    await page.close();
  });

  it("gives a Full reader the chart, the table and the CSV of the rows a Full key gets", async () => {
    const page = await readers.openSignedIn(
      `/llm-coding/${COMPARE}`,
      await readers.reader.newPage(),
    );
    expect(await page.locator("[data-coding-locked]").count()).toBe(0);
    const body = await fullKeyHistory(COMPARE);
    expect(body.data.length, "the sample publishes the product's days").toBeGreaterThan(0);
    // Two series, labelled as the api labels them.
    const legend = await page.$$eval("figure.chart .legend li", (items) =>
      items.map((item) => item.textContent),
    );
    expect(legend).toEqual(body.seriesLabels);
    // Provisional days are marked on the chart and named in the table.
    const provisional = body.data.filter((row) => row.status === "provisional");
    expect(await page.locator("[data-chart-marked]").count()).toBe(provisional.length > 0 ? 1 : 0);
    if (provisional.length > 0)
      expect(await page.getAttribute("[data-chart-marked]", "data-chart-marked")).toBe(
        provisional[0]?.date,
      );
    const table = await page.$$eval('table[data-table="coding-history"] tbody tr', (rows) =>
      rows.map((row) => [
        row.getAttribute("data-date"),
        ...[...row.querySelectorAll("td[data-value]")].map((cell) =>
          cell.getAttribute("data-value"),
        ),
        row.getAttribute("data-status"),
      ]),
    );
    expect(table).toEqual(
      [...body.data]
        .reverse()
        .map((row) => [row.date, String(row.value ?? ""), String(row.value2 ?? ""), row.status]),
    );
    // The citation under the chart.
    // With JavaScript, hovering the plot shows both series' counts that day (no dollars).
    const tip = await readSeriesChart(page, body.dataSources.sources);
    for (const label of body.seriesLabels ?? []) expect(tip).toContain(label);
    expect(tip).toMatch(/\d{1,3}(,\d{3})*/);
    expect(tip).not.toContain("$");
    await screenshot(page, `llm-coding-${COMPARE}-full`);

    // The CSV: the same rows, oldest first, with status, sample flag, source and citation.
    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe(`/llm-coding/${COMPARE}/history.csv`);
    const { header, lines } = await privateCsv(page, href ?? "");
    expect(header).toBe("date,value,value2,status,sample,source,citation");
    const source = body.dataSources.sources.map((entry) => entry.source).join("+");
    const citation = body.dataSources.sources
      .flatMap((entry) => (entry.citation === null ? [] : [entry.citation]))
      .join(" ");
    expect(lines.map(parseCsvLine)).toEqual(
      body.data.map((row) => [
        row.date,
        String(row.value ?? ""),
        String(row.value2 ?? ""),
        row.status,
        String(body.dataSources.sample),
        source,
        citation,
      ]),
    );

    // A range link narrows the chart and its CSV, and lands back at the chart.
    await page.click('[data-chart-controls] a[data-range="1M"]');
    await page.waitForURL(`${site.webUrl}/llm-coding/${COMPARE}?range=1M#chart`);
    expect(await page.getAttribute("a[data-csv]", "href")).toBe(
      `/llm-coding/${COMPARE}/history.csv?range=1M`,
    );
    // No key reached the browser.
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
    await page.close();
  });

  it("lists a Full reader's latest value of every product in the catalog", async () => {
    const page = await readers.reader.newPage();
    await open(page, "/llm-coding");
    expect(await page.locator("[data-coding-locked]").count()).toBe(0);
    expect(await page.locator("table [data-locked]").count()).toBe(0);
    const body = await fullKeyHistory(COMPARE);
    const newest = body.data[body.data.length - 1];
    expect(
      await page.getAttribute(`tr[data-product="${COMPARE}"] td[data-value]`, "data-value"),
    ).toBe(`${newest?.value ?? ""},${newest?.value2 ?? ""}`);
    await page.close();
  });

  it("has no axe violations, contrast failures or overflow at 390 and 1280 px, light and dark, for a Full reader (a one-series product's range at 390 px, light)", async () => {
    // The visitor's pages are the site audit's. A product's page is one template: the comparison
    // is audited in all four combinations, a one-series product over a range in one, as the site
    // audit does the catalogue's other products and its ranges.
    const page: Page = await readers.reader.newPage();
    for (const path of ["/llm-coding", `/llm-coding/${COMPARE}`])
      await expectReadableEverywhere(page, path, "full");
    await expectReadableIn(page, "/llm-coding/cc-merge?range=3M", "full", "light", 390);
    await page.close();
  });
});
