import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, freeWindow } from "@tpi/domain";
import { formatUsd } from "../src/lib/format";
import { api, internal, parseCsvLine, sourceDaysOf } from "./api-helpers";
import {
  chromiumPresent,
  historyTable,
  launchBrowser,
  open,
  screenshot,
  expectFitsAPhone,
  DESKTOP_VIEWPORT,
} from "./browser";
import { site } from "./site";

/** /labs and the lab pages: free labs' values, chart, table, CSV and sources; keyed labs locked. */
describe.skipIf(!chromiumPresent)("lab pages and keyed labs", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The api's keyed latest days, read as the website reads them (internal tRPC). */
  const keyedLatestDays = () =>
    internal<{ lab: string; latestDate: string | null }[]>("keyedLatestDays");

  it("a free lab page shows the free window as chart and table, and its CSV holds exactly the table's rows", async () => {
    const window = freeWindow(new Date());
    const range = await api(
      `/api/otpi?lab=anthropic&startDate=${window.startDate}&endDate=${window.endDate}`,
    );
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await open(page, "/labs/anthropic");
    const table = await historyTable(page);
    const expected = [...range.data].sort((a, b) => (a.date < b.date ? 1 : -1));
    expect(table.map((row) => row.date)).toEqual(expected.map((row) => row.date));
    expect(table.map((row) => row.raw)).toEqual(expected.map((row) => String(row.indexPerMtok)));
    expect(table.map((row) => row.shown.trim())).toEqual(
      expected.map((row) => formatUsd(row.indexPerMtok)),
    );
    expect(
      await page.locator('figure[data-chart="lab-anthropic"] svg path').count(),
    ).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download these/ }).click(),
    ]);
    // Named after the last settled day it holds (the newest row), not today.
    expect(download.suggestedFilename()).toBe(
      `tpi-anthropic-${window.startDate}-to-${expected[0]?.date}.csv`,
    );
    const path = await download.path();
    const lines = readFileSync(path, "utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,lab,indexPerMtok,computedAt,source,as_of,citation,sample");
    const csvRows = lines.slice(1).map(parseCsvLine);
    expect(csvRows.map(([date, , value]) => ({ date, raw: value }))).toEqual(
      table.map(({ date, raw }) => ({ date, raw })),
    );
    expect(csvRows.map(([, lab, , computedAt]) => ({ lab, computedAt }))).toEqual(
      expected.map(({ lab, computedAt }) => ({ lab, computedAt })),
    );
    // Every row says where its day's data comes from, as the api's source days say.
    const sourceDays = await sourceDaysOf(window.startDate, window.endDate);
    for (const [date, , , , source, asOf, citation, sample] of csvRows) {
      const day = sourceDays.find((entry) => entry.date === date);
      expect(day, `source day of ${date}`).toBeDefined();
      expect({ source, asOf, citation, sample }).toEqual({
        source: day?.source,
        asOf: day?.asOf ?? "",
        citation: day?.citation,
        // The browser tests' api serves the generated sample: every row says so.
        sample: "true",
      });
    }
    await screenshot(page, "lab-anthropic");
    await context.close();
  });

  it("a keyed lab page explains the data and how to get access, without values", async () => {
    const page = await browser.newPage();
    await open(page, "/labs/mistralai");
    expect(await page.locator("h1").textContent()).toContain("Mistral AI");
    expect(await page.textContent("main")).toContain("API key");
    expect(await page.locator("td[data-value]").count()).toBe(0);
    await screenshot(page, "lab-mistralai-keyed");
    await page.close();
  });

  it("a free lab page cites its latest day, gives that day's coverage and its constituents as the api does", async () => {
    const tokenWindow = freeWindow(new Date());
    const range = await api(
      `/api/otpi?lab=anthropic&startDate=${tokenWindow.startDate}&endDate=${tokenWindow.endDate}`,
    );
    const latestDate =
      [...range.data]
        .map((row) => row.date)
        .sort()
        .at(-1) ?? "";
    const sourceDays = await sourceDaysOf(tokenWindow.startDate, tokenWindow.endDate);
    const latestDay = sourceDays.find((day) => day.date === latestDate);
    expect(latestDay, "source day of the latest day").toBeDefined();
    const constituentsResponse = await fetch(
      `${site.apiUrl}/api/otpi/constituents?date=${latestDate}&lab=anthropic`,
    );
    expect(constituentsResponse.status).toBe(200);
    const constituents = (await constituentsResponse.json()) as {
      data: { modelId: string; split: string; totalTokens: number; priceBasis: string }[];
    };
    expect(constituents.data.length).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/labs/anthropic");
    expect(await page.locator("[data-days-citation]").getAttribute("data-days-citation")).toBe(
      latestDate,
    );
    expect(await page.locator("[data-days-citation]").textContent()).toContain(
      latestDay?.citation ?? "no citation",
    );
    const coverage = page.locator("[data-coverage]");
    expect(await coverage.getAttribute("data-coverage")).toBe(latestDate);
    expect(await coverage.getAttribute("data-listed-share")).toBe(String(latestDay?.listedShare));
    expect(await coverage.getAttribute("data-tracked-share")).toBe(String(latestDay?.trackedShare));
    expect(await coverage.textContent()).toMatch(/carried \d+\.\d% of the day.s tokens/);
    expect(await page.locator("[data-constituents]").getAttribute("data-constituents")).toBe(
      latestDate,
    );
    const shown = await page.$$eval('table[data-table="constituents"] tbody tr', (rows) =>
      rows.map((row) => ({
        modelId: row.getAttribute("data-model") ?? "",
        split: row.getAttribute("data-split") ?? "",
        totalTokens: Number(
          row.querySelector("td[data-total-tokens]")?.getAttribute("data-total-tokens"),
        ),
        priceBasis: row.querySelector("abbr")?.textContent ?? "",
      })),
    );
    expect(shown).toEqual(
      constituents.data.map(({ modelId, split, totalTokens, priceBasis }) => ({
        modelId,
        split,
        totalTokens,
        priceBasis,
      })),
    );
    await screenshot(page, "lab-anthropic-1280");
    await expectFitsAPhone(page, "lab-anthropic-390");
    await page.goto(`${site.webUrl}/`);
    await screenshot(page, "home-390");
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await screenshot(page, "home-1280");
    await page.close();
  });

  it("/labs lists every lab: the free labs' latest values from /api/otpi, the keyed labs' latest day locked", async () => {
    const free = freeWindow(new Date());
    const range = await api(`/api/otpi?startDate=${free.startDate}&endDate=${free.endDate}`);
    const keyed = await keyedLatestDays();
    const page = await browser.newPage();
    expect((await fetch(`${site.webUrl}/labs`)).status).toBe(200);
    await page.goto(`${site.webUrl}/labs`);
    for (const lab of ["anthropic", "openai", "google", "deepseek"]) {
      const latest = range.data
        .filter((row) => row.lab === lab)
        .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
      const row = page.locator(`table[data-table="labs"] tr[data-lab="${lab}"]`);
      expect(await row.getAttribute("data-date")).toBe(latest?.date);
      expect(await row.locator("td[data-value]").getAttribute("data-value")).toBe(
        String(latest?.indexPerMtok),
      );
    }
    expect(keyed).toHaveLength(7);
    for (const entry of keyed) {
      const row = page.locator(`table[data-table="labs"] tr[data-lab="${entry.lab}"]`);
      expect(await row.getAttribute("data-tier")).toBe("keyed");
      expect(await row.getAttribute("data-date")).toBe(entry.latestDate ?? "");
      expect(await row.locator("[data-value]").count()).toBe(0);
      expect(await row.locator("[data-locked]").count()).toBe(1);
    }
    expect(await page.locator('nav[aria-label="Main"] a[href="/labs"]').count()).toBe(1);
    await screenshot(page, "labs-1280");
    await expectFitsAPhone(page, "labs-390");
    await page.close();
  });

  it("another case or an alias of a lab is a 308 to its page, which does not redirect; unknown names are 404", async () => {
    const get = (path: string) => fetch(`${site.webUrl}${path}`, { redirect: "manual" });
    const mixed = await get("/labs/Anthropic");
    expect(mixed.status).toBe(308);
    expect(new URL(mixed.headers.get("location") ?? "", site.webUrl).pathname).toBe(
      "/labs/anthropic",
    );
    const alias = await get("/labs/mistral");
    expect(alias.status).toBe(308);
    expect(new URL(alias.headers.get("location") ?? "", site.webUrl).pathname).toBe(
      "/labs/mistralai",
    );
    expect((await get("/labs/anthropic")).status).toBe(200);
    expect((await get("/labs/Not-A-Lab")).status).toBe(404);
  });

  it("a free lab page's change strip and end date come from the rows its table shows", async () => {
    const window = freeWindow(new Date());
    const range = await api(
      `/api/otpi?lab=openai&startDate=${window.startDate}&endDate=${window.endDate}`,
    );
    const values = range.data.map((row) => row.indexPerMtok);
    const lastSettled = [...range.data].sort((a, b) => (a.date < b.date ? 1 : -1))[0]?.date;
    const page = await browser.newPage();
    await page.goto(`${site.webUrl}/labs/openai`);
    expect(await page.locator("[data-change-strip]").getAttribute("data-change-strip")).toBe(
      lastSettled,
    );
    expect(await page.locator(`.lead time[datetime="${lastSettled}"]`).count()).toBe(1);
    expect(await page.locator('[data-stat="min"]').getAttribute("data-value")).toBe(
      String(Math.min(...values)),
    );
    expect(await page.locator('[data-stat="max"]').getAttribute("data-value")).toBe(
      String(Math.max(...values)),
    );
    const mean = Number(await page.locator('[data-stat="mean"]').getAttribute("data-value"));
    expect(mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
    // Only the horizons whose day lies within the rows shown (the free window holds 1 and 7 days).
    const oldest = [...range.data].sort((a, b) => (a.date < b.date ? -1 : 1))[0]?.date ?? "";
    const reachable = [1, 7, 30, 90].filter((days) => addDays(lastSettled ?? "", -days) >= oldest);
    expect(
      await page.$$eval("[data-horizon]", (items) =>
        items.map((item) => Number(item.getAttribute("data-horizon"))),
      ),
    ).toEqual(reachable);
    expect(await page.locator('[data-other-labs] a[href="/labs/minimax"]').count()).toBe(1);
    await page.close();
  });

  it("a keyed lab page and the home table show the keyed latest day from the api and no value", async () => {
    const keyed = await keyedLatestDays();
    const minimax = keyed.find((entry) => entry.lab === "minimax");
    const page = await browser.newPage();
    await page.goto(`${site.webUrl}/labs/minimax`);
    expect(await page.locator("[data-keyed-latest]").getAttribute("data-keyed-latest")).toBe(
      minimax?.latestDate ?? "",
    );
    expect(await page.locator("[data-value]").count()).toBe(0);
    expect(await page.locator('[data-key-teaser] a[href="/account/sign-up"]').count()).toBe(1);
    expect(await page.locator('[data-key-teaser] a[href="/docs#authentication"]').count()).toBe(1);
    await screenshot(page, "lab-minimax-keyed-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "lab-minimax-keyed-390");
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.goto(`${site.webUrl}/`);
    const keyedRows = page.locator('table[data-table="latest"] tr[data-tier="keyed"]');
    expect(await keyedRows.count()).toBe(7);
    expect(await keyedRows.locator("[data-value]").count()).toBe(0);
    expect(await keyedRows.locator("[data-locked]").count()).toBe(7);
    expect(
      await page
        .locator('table[data-table="latest"] tr[data-lab="minimax"]')
        .getAttribute("data-latest-date"),
    ).toBe(minimax?.latestDate ?? "");
    await screenshot(page, "home-keyed-1280");
    await page.close();
  });
});
