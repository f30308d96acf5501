import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAB_IDS, addDays } from "@tpi/domain";
import { axeViolations } from "./axe";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

/**
 * The charts of the home, lab and GPU pages: shared ranges, scales, zoom, public/chart.js. That
 * they fit a phone (no element of any ALL_PAGES state past the screen at 390 px, tick labels of
 * 11 px or more, every axis naming its unit, no scroll box axe finds unreachable) is checked by
 * the site audit (site-audit.e2e.test.ts) in the same visit as its other checks of each page.
 */
describe.skipIf(!chromiumPresent)("charts that fit, their scales and the chart script", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * `path` is answered from the full-route cache. A page the site has not served since the api's
   * start-up release answers STALE while it renders again in the background (seconds on a busy
   * machine, and these tests may be the first to ask): its answers are read until that render is
   * in, and a page outside the cache never answers HIT.
   */
  const expectServedFromCache = (path: string) =>
    expect
      .poll(async () => (await fetch(`${site.webUrl}${path}`)).headers.get("x-nextjs-cache"), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe("HIT");

  it("a shared chart URL renders the same chart without JavaScript, wider ranges locked, and the plain home page stays cached", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/?range=7D&labs=anthropic");
    const chart = page.locator('figure[data-chart="home-month"]');
    const description = (await chart.locator("desc").textContent()) ?? "";
    expect(description).toContain("Anthropic:");
    expect(description).not.toContain("OpenAI:");
    expect(await chart.locator('a[data-range="7D"]').getAttribute("aria-current")).toBe("true");
    for (const range of ["3M", "1Y", "All"])
      expect(await chart.locator(`[data-range="${range}"][data-locked="true"]`).count()).toBe(1);
    expect(await chart.locator("[data-locked-note]").textContent()).toContain("API key");
    expect(await chart.locator("[data-locked-note] a").getAttribute("href")).toBe(
      "/account/sign-up",
    );
    // Seven UTC days at most, and the latest table is complete whatever the chart shows.
    const days = await chart.locator(".chart-x").count();
    expect(days).toBeGreaterThan(0);
    // The first tick says its year, so a screenshot of the chart dates itself.
    expect(await chart.locator(".chart-x").first().locator("tspan").textContent()).toMatch(
      /^20\d\d$/,
    );
    // Free labs with their values, keyed labs locked: every lab has a row.
    expect(await page.locator('table[data-table="latest"] tbody tr').count()).toBe(LAB_IDS.length);
    // Chart links are page loads that land back at the chart.
    expect(await page.locator('a[data-series="openai"]').getAttribute("href")).toBe(
      "/?range=7D&labs=anthropic,openai#chart",
    );
    await open(page, "/gpus?range=7D");
    expect(
      await page
        .locator('figure[data-chart="gpu-3m"] a[data-range="7D"]')
        .getAttribute("aria-current"),
    ).toBe("true");
    await context.close();
    await expectServedFromCache("/");
  });

  it("with JavaScript, range links and lab toggles change the URL and the chart, and hovering shows day, value and change", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/");
    const chart = page.locator('figure[data-chart="home-month"]');
    await chart.locator('a[data-range="7D"]').click();
    await page.waitForURL(/range=7D/);
    await page.waitForFunction(() =>
      document.querySelector(
        'figure[data-chart="home-month"] a[data-range="7D"][aria-current="true"]',
      ),
    );
    await chart.locator('a[data-series="openai"]').click();
    await page.waitForURL(/labs=/);
    expect(new URL(page.url()).searchParams.get("labs")?.split(",")).not.toContain("openai");
    expect(await chart.locator("desc").textContent()).not.toContain("OpenAI:");
    // The chart is below the fold: hover() scrolls it into view first. public/chart.js loads
    // async: it has made the plot focusable once it listens.
    await page.waitForFunction(() =>
      document.querySelector('figure[data-chart="home-month"] .chart-area[tabindex="0"]'),
    );
    const area = chart.locator(".chart-area");
    const box = await area.boundingBox();
    expect(box).not.toBeNull();
    await area.hover({ position: { x: (box?.width ?? 4) - 2, y: (box?.height ?? 2) / 2 } });
    const tooltip = chart.locator("[data-chart-tooltip]");
    await tooltip.waitFor();
    const text = (await tooltip.textContent()) ?? "";
    expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(text).toMatch(/\$\d+\.\d{4}/);
    expect(text).toMatch(/since|no earlier value/);
    // A marker on each shown series' point of that day.
    expect(await chart.locator("[data-chart-marker]").count()).toBe(
      await chart.locator("[data-chart-tooltip] .chart-tooltip-row").count(),
    );
    await screenshot(page, "chart-home-tooltip-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await screenshot(page, "chart-home-tooltip-390");
    await open(page, "/gpus");
    await screenshot(page, "chart-gpus-1280");
    await page.close();
  });

  it("on a phone, tapping the chart shows the day, value and change inside the screen", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    for (const [path, chartName] of [
      ["/?range=7D", "home-month"],
      ["/gpus", "gpu-3m"],
    ] as const) {
      await open(page, path);
      const chart = page.locator(`figure[data-chart="${chartName}"]`);
      const area = chart.locator(".chart-area");
      await page.waitForFunction(
        (name) => document.querySelector(`figure[data-chart="${name}"] .chart-area[tabindex="0"]`),
        chartName,
      );
      await area.scrollIntoViewIfNeeded();
      const box = await area.boundingBox();
      expect(box, path).not.toBeNull();
      await area.tap({ position: { x: (box?.width ?? 4) / 2, y: (box?.height ?? 2) / 2 } });
      const tooltip = chart.locator("[data-chart-tooltip]");
      await tooltip.waitFor();
      const text = (await tooltip.textContent()) ?? "";
      expect(text, path).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(text, path).toMatch(/\$\d+\.\d+/);
      expect(text, path).toMatch(/since|no earlier value/);
      const tip = await tooltip.boundingBox();
      expect(tip?.x ?? -1, path).toBeGreaterThanOrEqual(0);
      expect((tip?.x ?? 0) + (tip?.width ?? 0), path).toBeLessThanOrEqual(390);
      await screenshot(page, `chart-${chartName}-tap-390`);
    }
    await context.close();
  });

  it("from the keyboard, the focused plot steps through the days and announces each one", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/?range=7D");
    const area = page.locator('figure[data-chart="home-month"] .chart-area');
    await page.waitForFunction(() =>
      document.querySelector('figure[data-chart="home-month"] .chart-area[tabindex="0"]'),
    );
    expect(await area.getAttribute("aria-label")).toContain("arrow keys");
    await area.focus();
    await page.keyboard.press("ArrowLeft");
    const tooltip = area.locator("[data-chart-tooltip]");
    const latest = await tooltip.getAttribute("data-chart-tooltip");
    expect(latest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press("ArrowLeft");
    const before = await tooltip.getAttribute("data-chart-tooltip");
    expect(before).toBe(addDays(latest ?? "", -1));
    await page.keyboard.press("Home");
    const first = (await tooltip.getAttribute("data-chart-tooltip")) ?? "";
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first < (before ?? "")).toBe(true);
    // The tooltip sits in a live region, so a screen reader reads the day it moved to.
    expect(await area.locator('[role="status"] [data-chart-tooltip]').count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(await tooltip.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("lab and GPU pages take a range too, and their CSV link follows it", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/labs/anthropic?range=7D");
    const chart = page.locator('figure[data-chart="lab-anthropic"]');
    expect(await chart.locator('a[data-range="7D"]').getAttribute("aria-current")).toBe("true");
    expect(await chart.locator('a[data-range="1M"]').getAttribute("href")).toBe(
      "/labs/anthropic#chart",
    );
    for (const range of ["3M", "1Y", "All"])
      expect(await chart.locator(`[data-range="${range}"][data-locked="true"]`).count()).toBe(1);
    const dates = await page
      .locator('table[data-table="history"] tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-date") ?? ""));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.length).toBeLessThanOrEqual(7);
    expect((dates.at(-1) ?? "") >= addDays(dates[0] ?? "", -6)).toBe(true);
    const labCsv = await page.locator("a[data-csv]").getAttribute("href");
    expect(labCsv).toBe("/labs/anthropic/history.csv?range=7D");
    const labLines = (await (await fetch(`${site.webUrl}${labCsv}`)).text())
      .trim()
      .split("\r\n")
      .slice(1);
    expect(labLines.map((line) => line.split(",")[0])).toEqual(dates);
    // A range the page does not hold gives the whole free window, as the page does.
    await open(page, "/labs/anthropic?range=All");
    expect(
      await page
        .locator('figure[data-chart="lab-anthropic"] a[data-range="1M"]')
        .getAttribute("aria-current"),
    ).toBe("true");

    await open(page, "/gpus/H100%20SXM?range=1M");
    const gpuChart = page.locator('figure[data-chart="gpu-daily"]');
    expect(await gpuChart.locator('a[data-range="1M"]').getAttribute("aria-current")).toBe("true");
    expect(await gpuChart.locator('[data-range="1Y"][data-locked="true"]').count()).toBe(1);
    const gpuCsv = await page.locator("a[data-csv]").getAttribute("href");
    expect(gpuCsv).toBe("/gpus/H100%20SXM/daily.csv?range=1M");
    const gpuDays = (await (await fetch(`${site.webUrl}${gpuCsv}`)).text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");
    const fullDays = (await (await fetch(`${site.webUrl}/gpus/H100%20SXM/daily.csv`)).text())
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");
    expect(gpuDays.length).toBeGreaterThan(20);
    expect(gpuDays.length).toBeLessThan(fullDays.length);
    expect(gpuDays).toEqual(fullDays.slice(fullDays.length - gpuDays.length));
    await context.close();
    // The plain lab page stays in the full-route cache.
    await expectServedFromCache("/labs/anthropic");
  });

  it("each page with a chart ships under 150 KB of gzipped JavaScript, chart script included", async () => {
    for (const path of ["/", "/?range=7D", "/gpus", "/labs/anthropic", "/gpus/H100%20SXM"]) {
      const html = await (await fetch(`${site.webUrl}${path}`)).text();
      const sources = [
        ...new Set(
          [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)]
            .filter((match) => !/\snomodule\b/i.test(match[0]))
            .map((match) => match[1] ?? ""),
        ),
      ].filter(Boolean);
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
        .map((match) => match[1] ?? "")
        .join("\n");
      const external = Buffer.concat(
        await Promise.all(
          sources.map(async (src) =>
            Buffer.from(await (await fetch(new URL(src, site.webUrl))).arrayBuffer()),
          ),
        ),
      );
      const kb =
        (gzipSync(external, { level: 9 }).length +
          gzipSync(Buffer.from(inline), { level: 9 }).length) /
        1024;
      expect(kb, `gzip KB of JavaScript on ${path}`).toBeLessThan(150);
    }
  });

  it("scale links draw the y axis fitted, from zero or logarithmic, without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const ticks = async () =>
      (await page.locator('figure[data-chart="home-month"] .chart-y').allTextContents()).map(
        (text) => Number(text.replace(/[$,]/g, "")),
      );
    await open(page, "/");
    const home = page.locator('figure[data-chart="home-month"]');
    expect(await home.getAttribute("data-chart-scale")).toBe("fit");
    expect(await home.locator('a[data-y-scale="fit"]').getAttribute("aria-current")).toBe("true");
    expect(await home.locator('a[data-y-scale="log"]').getAttribute("href")).toBe("/?y=log#chart");
    await open(page, "/?y=log");
    expect(await home.getAttribute("data-chart-scale")).toBe("log");
    expect(await home.locator("[data-chart-unit]").textContent()).toContain("logarithmic");
    const log = await ticks();
    // 1-2-5 ticks: each at least twice the one below.
    for (let index = 1; index < log.length; index += 1)
      expect(log[index] ?? 0).toBeGreaterThanOrEqual((log[index - 1] ?? 0) * 2);
    await open(page, "/labs/anthropic?y=zero");
    expect(
      (await page.locator('figure[data-chart="lab-anthropic"] .chart-y').allTextContents())[0],
    ).toBe("$0.00");
    await open(page, "/labs/anthropic");
    const fitted = (
      await page.locator('figure[data-chart="lab-anthropic"] .chart-y').allTextContents()
    ).map((text) => Number(text.replace(/[$,]/g, "")));
    // Fitted: the lowest tick is near the data, not at zero.
    expect(Math.min(...fitted)).toBeGreaterThan(1);
    await screenshot(page, "chart-lab-fitted-1280");
    await context.close();
  });

  it("dragging across the plot zooms to the days selected, keeps them in the URL, and Reset zoom returns", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/labs/anthropic");
    await page.waitForFunction(() =>
      document.querySelector('figure[data-chart="lab-anthropic"] .chart-area[tabindex="0"]'),
    );
    const area = page.locator('figure[data-chart="lab-anthropic"] .chart-area');
    await area.scrollIntoViewIfNeeded();
    const box = await area.boundingBox();
    if (box === null) throw new Error("no plot");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}#chart$/);
    const url = new URL(page.url());
    const from = url.searchParams.get("from") ?? "";
    const to = url.searchParams.get("to") ?? "";
    expect(from < to).toBe(true);
    const chart = page.locator('figure[data-chart="lab-anthropic"]');
    const days = await chart.locator(".chart-x").evaluateAll((labels) => labels.length);
    expect(days).toBeGreaterThan(0);
    expect(await chart.locator("[data-chart-zoom]").textContent()).toContain("Zoomed to");
    // The caption names the zoomed days only.
    expect(await chart.locator("figcaption").textContent()).toContain(`${Number(to.slice(8))} `);
    await screenshot(page, "chart-lab-zoomed-1280");
    await chart.locator("a[data-zoom-reset]").click();
    await page.waitForURL((next) => !next.search.includes("from="));
    expect(await chart.locator("[data-chart-zoom]").count()).toBe(0);
    // The keyboard's zoom: "+" on the focused plot.
    await page.waitForFunction(() =>
      document.querySelector('figure[data-chart="lab-anthropic"] .chart-area[tabindex="0"]'),
    );
    await area.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("+");
    await page.waitForURL(/from=/);
    expect(await chart.locator("[data-chart-zoom]").count()).toBe(1);
    await page.close();
  });

  it("spreading two fingers on the plot zooms in on a phone", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await open(page, "/gpus/H100%20SXM");
    await page.waitForFunction(() =>
      document.querySelector('figure[data-chart="gpu-daily"] .chart-area[tabindex="0"]'),
    );
    const area = page.locator('figure[data-chart="gpu-daily"] .chart-area');
    await area.scrollIntoViewIfNeeded();
    const box = await area.boundingBox();
    if (box === null) throw new Error("no plot");
    const y = box.y + box.height / 2;
    const at = (share: number) => box.x + box.width * share;
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: number[]) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: points.map((x, id) => ({ x, y, id })),
      });
    await touch("touchStart", [at(0.4), at(0.6)]);
    for (const spread of [0.15, 0.2, 0.25, 0.3])
      await touch("touchMove", [at(0.5 - spread), at(0.5 + spread)]);
    await touch("touchEnd", []);
    await page.waitForURL(/from=.*&to=/);
    expect(await page.locator('figure[data-chart="gpu-daily"] [data-chart-zoom]').count()).toBe(1);
    await screenshot(page, "chart-gpu-pinched-390");
    await context.close();
  });

  it("in dark mode the plot is drawn on the dark paper in the theme's series colours", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.emulateMedia({ colorScheme: "dark" });
    await open(page, "/");
    const colours = await page.evaluate(() => {
      const area = document.querySelector('figure[data-chart="home-month"] .chart-area');
      const path = document.querySelector('figure[data-chart="home-month"] path.chart-s1');
      return {
        plot: area === null ? "" : getComputedStyle(area).backgroundColor,
        line: path === null ? "" : getComputedStyle(path).stroke,
      };
    });
    // No white block: the plot is transparent over the dark paper; the first series is light blue.
    expect(colours.plot).toBe("rgba(0, 0, 0, 0)");
    expect(colours.line).toBe("rgb(140, 194, 255)");
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('figure[data-chart="home-month"]').scrollIntoViewIfNeeded();
    await screenshot(page, "chart-home-dark-390");
    await page.close();
  });
});
