import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";
import { directFetch } from "./api-helpers";

/**
 * The tallest /volume may be on a phone (CSS px). With every lab-day open it was 22,037 px; the
 * chart, the latest table and a closed day-by-day table come to about 3,000, wherever the
 * sample banner and the footer end up.
 */
const PHONE_HEIGHT_LIMIT = 4_500;

type VolumeView = {
  startDate: string;
  endDate: string;
  days: number;
  latest: { lab: string; share: number; growthIndex: number }[];
  rows: {
    date: string;
    lab: string;
    totalTokens: number;
    growthIndex: number | null;
    share: number | null;
  }[];
};

async function recentTokenVolume(): Promise<VolumeView> {
  const response = await directFetch(`${site.apiUrl}/trpc/recentTokenVolume`, {
    headers: { authorization: `Bearer ${site.internalToken}` },
  });
  return ((await response.json()) as { result: { data: VolumeView } }).result.data;
}

/** /volume: the free labs' token volume shares and growth, from the api's published rows. */
describe.skipIf(!chromiumPresent)("volume page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the volume page shows the free labs' latest share and growth from the api's published rows, without JavaScript", async () => {
    const response = await directFetch(`${site.apiUrl}/trpc/recentTokenVolume`, {
      headers: { authorization: `Bearer ${site.internalToken}` },
    });
    const view = (
      (await response.json()) as {
        result: {
          data: {
            days: number;
            latest: { lab: string; share: number; growthIndex: number }[];
            rows: unknown[];
          };
        };
      }
    ).result.data;
    expect(view.days).toBe(30);
    expect(view.latest.map((row) => row.lab)).toEqual([
      "anthropic",
      "openai",
      "google",
      "deepseek",
    ]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/volume");
    const shown = await page.$$eval('table[data-table="volume-latest"] tbody tr', (rows) =>
      rows.map((row) => ({
        lab: row.getAttribute("data-lab") ?? "",
        share: Number(row.querySelector("td[data-share]")?.getAttribute("data-share")),
        growthIndex: Number(row.querySelector("td[data-growth]")?.getAttribute("data-growth")),
      })),
    );
    expect(shown).toEqual(
      view.latest.map(({ lab, share, growthIndex }) => ({ lab, share, growthIndex })),
    );
    expect(await page.locator('table[data-table="volume-days"] tbody tr').count()).toBe(
      view.rows.length,
    );
    // The day-by-day table is folded away; its summary opens it without JavaScript.
    const days = page.locator('table[data-table="volume-days"]');
    expect(await days.isVisible()).toBe(false);
    await page.locator("details[data-volume-days] > summary").click();
    expect(await days.isVisible()).toBe(true);
    expect(await page.locator("[data-sample-banner]").isVisible()).toBe(true);
    expect(await page.locator('nav a[href="/volume"]').count()).toBe(1);
    await screenshot(page, "volume-no-javascript");
    await context.close();
  });

  it("at 390 and 1280 px, light and dark: the chart and CSV link show, the page fits the width, a phone's page stays short, axe finds nothing", async () => {
    const heights: Record<string, number> = {};
    for (const colorScheme of ["light", "dark"] as const)
      for (const width of [390, 1280]) {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width, height: width > 500 ? 900 : 844 },
          isMobile: width < 500,
        });
        const page = await context.newPage();
        const label = `${colorScheme} ${width}`;
        await open(page, "/volume");
        const chart = page.locator('figure[data-chart="volume-share"]');
        expect(await chart.locator("svg.chart-svg").isVisible(), label).toBe(true);
        expect(await page.locator('a[data-csv][href="/volume/history.csv"]').isVisible()).toBe(
          true,
        );
        expect(await page.locator("details[data-volume-days]").getAttribute("open")).toBeNull();
        const { overflow, height } = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          height: document.documentElement.scrollHeight,
        }));
        heights[label] = height;
        expect(overflow, `horizontal overflow, ${label}`).toBeLessThanOrEqual(0);
        await screenshot(page, `volume-${colorScheme}-${width}`);
        await context.close();
      }
    console.log(`/volume page heights (CSS px): ${JSON.stringify(heights)}`);
    expect(heights["light 390"]).toBeLessThan(PHONE_HEIGHT_LIMIT);
    expect(heights["dark 390"]).toBeLessThan(PHONE_HEIGHT_LIMIT);
  }, 120_000);

  it("the CSV holds every lab-day of the page with the api's values, each saying it is the sample", async () => {
    const view = await recentTokenVolume();
    const response = await fetch(`${site.webUrl}/volume/history.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="tpi-token-volume-${view.startDate}-to-${view.endDate}.csv"`,
    );
    const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
    expect(header).toBe("date,lab,totalTokens,growthIndex,share,source,as_of,sample,citation");
    expect(lines).toHaveLength(view.rows.length);
    const fromCsv = lines.map((line) => {
      const [date, lab, totalTokens, growthIndex, share, source, , sample] = line.split(",");
      return { date, lab, totalTokens, growthIndex, share, source, sample };
    });
    // The api's rows, newest day first as the page tables them, with the exact values.
    const expected = [...view.rows]
      .sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1))
      .map((row) => ({
        date: row.date,
        lab: row.lab,
        totalTokens: String(row.totalTokens),
        growthIndex: row.growthIndex === null ? "" : String(row.growthIndex),
        share: row.share === null ? "" : String(row.share),
        source: "sample",
        sample: "true",
      }));
    expect(fromCsv).toEqual(expected);
  });
});
