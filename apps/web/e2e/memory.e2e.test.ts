import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX } from "@tpi/domain";
import { directFetch, parseCsvLine } from "./api-helpers";
import { chromiumPresent, open } from "./browser";
import { expectReadableEverywhere } from "./reader-audit";
import { site } from "./site";
import { privateCsv, readSeriesChart, signedInReaders } from "./market-readers";

type MemoryTypeBody = { id: string; memory_type: string; category: string; unit: string };
type MemoryRow = {
  date: string;
  price: number;
  changePct: number | null;
  weeklyHigh: number | null;
  weeklyLow: number | null;
  sourceUpdatedAt: string | null;
  sources: string[];
  sample: boolean;
};
type DataSourcesBody = {
  sample: boolean;
  sources: { source: string; sample: boolean; citation: string | null }[];
};
type IndexBody = { data: (MemoryRow & { id: string })[]; dataSources: DataSourcesBody };
type HistoryBody = { data: MemoryRow[]; dataSources: DataSourcesBody };

/** The type the section's screenshots and chart checks use. */
const TYPE = "mem_ddr5_16gb";
/** Its own visitor address: the api allows 5 sign-ups an hour per address. */
const ADDRESS = "192.0.2.62";

/**
 * The Memory pages: a visitor reads the catalogue (names and ids), the method and the sources,
 * with the values locked (no number in the page) and the CSV refused; a signed-in Trial reader
 * (any plan reads the values) gets each type's latest settled price as a Trial key gets it, a
 * type's chart, table and CSV with exactly the rows a Trial key gets, also without JavaScript.
 */
describe.skipIf(!chromiumPresent)("Memory pages", () => {
  const readers = signedInReaders("memory", "trial", ADDRESS);
  let types: MemoryTypeBody[];

  beforeAll(async () => {
    const response = await directFetch(`${site.apiUrl}/api/memory-types`);
    expect(response.status).toBe(200);
    types = ((await response.json()) as { data: MemoryTypeBody[] }).data;
    expect(types.map((type) => type.id)).toContain(TYPE);
  });

  it("shows a visitor the catalogue by category, the method and the sources, with no number, and refuses the CSV", async () => {
    const { page, body } = await readers.lockedToVisitor("memory", {
      locked: "[data-memory-locked]",
      plans: "any plan (Trial, Premium, Full)",
      shown: ["[data-memory-methodology] li", "[data-memory-source-list] [data-citation]"],
      hidden: ["[data-value]"],
      docsSections: 4,
    });
    expect(body).not.toMatch(/\$\d/);
    const listed = await page.$$eval("table tr[data-memory-type]", (rows) =>
      rows.map((row) => row.getAttribute("data-memory-type")),
    );
    expect(listed).toEqual(types.map((type) => type.id));
    for (const type of types)
      expect(await page.locator(`tr[data-memory-type="${type.id}"] th`).textContent()).toBe(
        type.memory_type,
      );
    for (const category of ["dram", "flash", "module"])
      expect(await page.locator(`table[data-table="memory-${category}"]`).count()).toBe(1);

    await open(page, `/memory/${TYPE}`);
    expect(await page.locator("[data-memory-locked]").count()).toBe(1);
    expect(await page.locator("figure[data-chart]").count()).toBe(0);
    expect(await page.locator("[data-latest-value]").count()).toBe(0);
    // The CSV is the api's refusal, in its words and status.
    const csv = await page.request.get(`${site.webUrl}/memory/${TYPE}/history.csv`);
    expect(csv.status()).toBe(401);
    const api = await directFetch(`${site.apiUrl}/api/memory/${TYPE}/history`);
    expect(api.status).toBe(401);
    const apiBody = (await api.json()) as { error: string; message: string };
    expect(await csv.json()).toEqual({ error: apiBody.error, message: apiBody.message });
    await open(page, "/memory/mem_ddr9_1tb", 404);
    await page.close();
  });

  it("gives a Trial reader every type's latest price as a Trial key gets it, the sample marked", async () => {
    const page = await readers.openSignedIn("/memory", await readers.reader.newPage());
    expect(await page.locator("[data-memory-locked]").count()).toBe(0);
    const index = await readers.keyAnswer<IndexBody>("/api/memory-index");
    expect(index.data.length, "the api serves every type's latest day").toBe(types.length);
    const shown = await page.$$eval("tr[data-memory-type]", (rows) =>
      rows.map((row) => ({
        id: row.getAttribute("data-memory-type"),
        price: row.querySelector('[data-label="Price"]')?.getAttribute("data-value"),
        high: row.querySelector('[data-label="Weekly high"]')?.getAttribute("data-value"),
        low: row.querySelector('[data-label="Weekly low"]')?.getAttribute("data-value"),
      })),
    );
    for (const row of index.data) {
      const one = shown.find((entry) => entry.id === row.id);
      expect(Number(one?.price), row.id).toBe(row.price);
      expect(one?.high, row.id).toBe(String(row.weeklyHigh ?? ""));
      expect(one?.low, row.id).toBe(String(row.weeklyLow ?? ""));
    }
    // The sample is marked above the values whenever the api serves it.
    if (index.dataSources.sample)
      expect(await page.locator("[data-sample-notice]").first().textContent()).toBeTruthy();
    else expect(await page.locator("[data-sample-notice]").count()).toBe(0);
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
    await page.close();
  });

  it("gives a Trial reader a type's chart, table and a CSV equal to a Trial key's history", async () => {
    const page = await readers.openSignedIn(`/memory/${TYPE}`, await readers.reader.newPage());
    const body = await readers.keyAnswer<HistoryBody>(`/api/memory/${TYPE}/history`);
    expect(body.data.length, "the api serves the type's settled days").toBeGreaterThan(0);
    const chart = page.locator(`figure[data-chart="memory-${TYPE}"]`);
    expect(await chart.count()).toBe(1);
    expect(
      await chart.locator("[data-chart-value-kind]").getAttribute("data-chart-value-kind"),
    ).toBe("usd");
    expect(await chart.locator("[data-chart-unit]").textContent()).toContain(
      types.find((type) => type.id === TYPE)?.unit ?? "USD per chip",
    );
    const newest = body.data.at(-1);
    expect(Number(await page.getAttribute("[data-latest-value]", "data-latest-value"))).toBe(
      newest?.price,
    );
    const table = await page.$$eval('table[data-table="memory-history"] tbody tr', (rows) =>
      rows.map((row) => [
        row.getAttribute("data-date"),
        row.querySelector('[data-label="Price"]')?.getAttribute("data-value"),
      ]),
    );
    // The page and its CSV write the trading day of the api's `date` instant (00:00 UTC of the day).
    expect(table).toEqual(
      [...body.data].reverse().map((row) => [row.date.slice(0, 10), String(row.price)]),
    );
    for (const source of body.dataSources.sources)
      if (source.citation !== null)
        expect(await page.locator("[data-chart-sources]").textContent()).toContain(source.citation);
    // With JavaScript, hovering the plot shows the day's price in dollars.
    expect(await readSeriesChart(page, body.dataSources.sources)).toContain("$");

    // The CSV: the same rows, oldest first, through the reader's cookie, never cached.
    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe(`/memory/${TYPE}/history.csv`);
    const { header, lines } = await privateCsv(page, href ?? "");
    expect(header).toBe(
      "date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation",
    );
    const optional = (value: number | string | null) => (value === null ? "" : String(value));
    expect(lines.map((line) => parseCsvLine(line).slice(0, 8))).toEqual(
      body.data.map((row) => [
        row.date.slice(0, 10),
        String(row.price),
        optional(row.changePct),
        optional(row.weeklyHigh),
        optional(row.weeklyLow),
        optional(row.sourceUpdatedAt),
        String(row.sample),
        row.sources.join("+"),
      ]),
    );
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
    await page.close();
  });

  it("renders the chart and the values without JavaScript and follows its range links", async () => {
    const plain = await readers.withoutScript();
    const page = await plain.newPage();
    await open(page, `/memory/${TYPE}`);
    expect(await page.locator(`figure[data-chart="memory-${TYPE}"] svg.chart-svg`).count()).toBe(1);
    await page.click('a[data-range="1M"]');
    // The range links land on the chart (`#chart`).
    await page.waitForURL(`${site.webUrl}/memory/${TYPE}?range=1M#chart`);
    expect(await page.getAttribute('a[data-range="1M"]', "aria-current")).toBe("true");
    expect(await page.getAttribute("a[data-csv]", "href")).toBe(
      `/memory/${TYPE}/history.csv?range=1M`,
    );
    await open(page, "/memory");
    expect(await page.locator("td[data-label='Price'][data-value]").count()).toBe(types.length);
    await plain.close();
  });

  it("has no axe violations, no contrast failure and no overflow at 390 and 1280 px, light and dark, for a Trial reader", async () => {
    // The visitor's pages are the site audit's.
    const signedIn = await readers.reader.newPage();
    for (const path of ["/memory", `/memory/${TYPE}`])
      await expectReadableEverywhere(signedIn, path, "reader");
    await signedIn.close();
  }, 240_000);
});
