import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatUsd } from "../src/lib/format";
import { api } from "./api-helpers";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

/** The home page: the latest settled day against /api/otpi, the tiers, and its HTML without JavaScript. */
describe.skipIf(!chromiumPresent)("home page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("home shows the latest settled day with the API's values, and the free-versus-keyed split", async () => {
    const latest = await api("/api/otpi");
    const page = await browser.newPage();
    const browserRequests: { url: string; authorization: string | undefined }[] = [];
    page.on("request", (request) =>
      browserRequests.push({ url: request.url(), authorization: request.headers().authorization }),
    );
    await open(page, "/");
    await expect(page.title()).resolves.toContain("Token Price Index");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await page.locator('table[data-table="latest"]').getAttribute("data-date")).toBe(
      latest.date,
    );
    expect(latest.count).toBe(4);
    for (const row of latest.data) {
      const cell = page.locator(
        `table[data-table="latest"] tr[data-lab="${row.lab}"] td[data-value]`,
      );
      expect(await cell.getAttribute("data-value")).toBe(String(row.indexPerMtok));
      expect((await cell.textContent())?.trim()).toBe(formatUsd(row.indexPerMtok));
    }
    expect(await page.locator('table[data-table="tiers"] tr[data-tier="free"]').count()).toBe(4);
    expect(await page.locator('table[data-table="tiers"] tr[data-tier="keyed"]').count()).toBe(7);
    expect(await page.locator("table caption").count()).toBeGreaterThanOrEqual(2);
    expect(
      await page.locator('figure[data-chart] svg[role="img"] title').textContent(),
    ).toBeTruthy();
    expect(await page.locator("footer").textContent()).toContain("CC BY 4.0");
    // The internal token never leaves the server, and the browser calls no api.
    expect(browserRequests.filter((request) => request.authorization !== undefined)).toEqual([]);
    expect(browserRequests.filter((request) => !request.url.startsWith(site.webUrl))).toEqual([]);
    expect(await page.content()).not.toContain(site.internalToken);
    await screenshot(page, "home");
    await page.close();
  });

  it("the numbers are in the HTML: they render with JavaScript disabled", async () => {
    const latest = await api("/api/otpi");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/");
    const text = (await page.textContent("main")) ?? "";
    for (const row of latest.data) expect(text).toContain(formatUsd(row.indexPerMtok));
    await open(page, "/labs/openai");
    const openaiLatest = latest.data.find((row) => row.lab === "openai");
    expect(openaiLatest).toBeDefined();
    expect(await page.textContent("main")).toContain(
      formatUsd(openaiLatest?.indexPerMtok ?? Number.NaN),
    );
    await screenshot(page, "home-no-javascript");
    await context.close();
  });
});
