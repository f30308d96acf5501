import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

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
    const response = await fetch(`${site.apiUrl}/trpc/recentTokenVolume`, {
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
    expect(await page.locator("[data-sample-banner]").isVisible()).toBe(true);
    expect(await page.locator('nav a[href="/volume"]').count()).toBe(1);
    await screenshot(page, "volume-no-javascript");
    await context.close();
  });
});
