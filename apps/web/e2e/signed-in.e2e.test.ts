import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX, addDays, subtractMonthsClamped } from "@tpi/domain";
import { internal, parseCsvLine, type OtpiBody } from "./api-helpers";
import { axeViolations } from "./axe";
import { chromiumPresent, historyTable, launchBrowser, open, screenshot } from "./browser";
import { expectReadableEverywhere } from "./reader-audit";
import { site } from "./site";

/**
 * A signed-in Full reader reads a keyed lab's year on the website: the page and its CSV carry
 * exactly the rows the api answers a Full key, the browser never holds a key, and a visitor still
 * sees the lab locked on the cached page.
 */
describe.skipIf(!chromiumPresent)("signed in: the plan's data on the website", () => {
  let browser: Browser;
  let reader: BrowserContext;
  let page: Page;
  let lab: string;
  const PASSWORD = "correct horse battery staple";
  const email = `signed-in-${Date.now()}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const keyed = await internal<{ lab: string; latestDate: string | null }[]>("keyedLatestDays");
    lab = keyed.find((entry) => entry.latestDate !== null)?.lab ?? "";
    expect(lab, "a keyed lab with settled days in the sample").not.toBe("");
    // Its own visitor address (the harness trusts one proxy hop): the api allows 5 sign-ups an
    // hour per address, and every browser test file signs up through the one api.
    reader = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "192.0.2.41" } });
    page = await reader.newPage();
    // Sign up, confirm the address through the mailed link, and have an admin set the Full plan.
    await open(page, "/account/sign-up");
    await page.fill('form[data-form="sign-up"] input[name="email"]', email);
    await page.fill('form[data-form="sign-up"] input[name="password"]', PASSWORD);
    await page.click('form[data-form="sign-up"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    await page.goto(await site.mailedLink(email, "/account/verify-email"));
    await page.click('form[data-form="verify-email"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    const accountId =
      site
        .cli(["accounts", "list"])
        .split("\n")
        .find((entry) => entry.includes(`<${email}>`))
        ?.split(" ")[0] ?? "";
    site.cli(["accounts", "set-plan", "--account", accountId, "--plan", "full"]);
    await page.fill('form[data-form="sign-in"] input[name="email"]', email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', PASSWORD);
    await page.click('form[data-form="sign-in"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account`);
  });
  afterAll(async () => {
    await reader?.close();
    await browser?.close();
  });

  /** What the api answers a Full key for the lab over a range: the rows the page must show. */
  async function fullKeyRows(startDate: string, endDate: string): Promise<OtpiBody["data"]> {
    const key = site.createKey("full");
    const response = await fetch(
      `${site.apiUrl}/api/otpi?lab=${lab}&startDate=${startDate}&endDate=${endDate}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as OtpiBody).data;
  }

  it("reads a keyed lab's year (1Y) and its CSV: the rows a Full key gets", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, `/labs/${lab}`);
    expect(await page.locator("[data-signed-in]").textContent()).toContain(
      `Signed in as ${email} (Full plan)`,
    );
    expect(await page.locator(".card [data-locked]").count()).toBe(0);
    // The ranges past the free window are links; 1Y is one click away.
    await page.click('[data-chart-controls] a[data-range="1Y"]');
    // Chart links land back at the chart (`#chart`).
    await page.waitForURL(`${site.webUrl}/labs/${lab}?range=1Y#chart`);
    expect(await page.getAttribute('a[data-range="1Y"]', "aria-current")).toBe("true");
    const shown = await historyTable(page);
    expect(shown.length).toBeGreaterThan(31);
    const last = shown[0]?.date ?? "";
    const first = addDays(subtractMonthsClamped(last, 12), 1);
    const rows = await fullKeyRows(first, last);
    expect(shown.map((row) => [row.date, Number(row.raw)])).toEqual(
      [...rows].reverse().map((row) => [row.date, row.indexPerMtok]),
    );
    await screenshot(page, `signed-in-lab-${lab}-1y`);

    // The CSV link of the range: the same rows, through the reader's cookie, no key.
    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe(`/labs/${lab}/history.csv?range=1Y`);
    const csv = await page.request.get(`${site.webUrl}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["cache-control"]).toContain("private");
    const lines = (await csv.text()).trim().split("\n").slice(1);
    expect(lines.map((line) => parseCsvLine(line).slice(0, 3))).toEqual(
      [...rows].reverse().map((row) => [row.date, lab, String(row.indexPerMtok)]),
    );
    // No key reached the browser: no page or script carries one.
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
    expect(await page.evaluate(() => document.cookie)).not.toContain("tpi_session");
  });

  it("has no axe violations or contrast failures at 390 and 1280 px, light and dark", async () => {
    await expectReadableEverywhere(page, `/labs/${lab}?range=1Y`, "signed-in");
  });

  it("gives the home page's keyed labs and a keyed GPU's page their values, with no axe violations", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/");
    const row = page.locator(`table[data-table="latest"] tr[data-lab="${lab}"]`);
    expect(await row.locator("td[data-value]").count()).toBe(1);
    expect(await page.locator('table[data-table="latest"] [data-locked]').count()).toBe(0);
    expect(await page.locator("[data-signed-in]").count()).toBe(1);
    expect(await axeViolations(page), "axe on the signed-in home page").toEqual([]);

    const keyedGpus = await internal<{ gpu_type: string; day: string | null }[]>("gpu.keyedLatest");
    const gpu = keyedGpus.find((entry) => entry.day !== null);
    if (gpu !== undefined) {
      await open(page, `/gpus/${encodeURIComponent(gpu.gpu_type)}`);
      expect(await page.locator(".card [data-locked]").count()).toBe(0);
      expect(await page.locator(`[data-change-strip="${gpu.gpu_type}"]`).count()).toBe(1);
      expect(await axeViolations(page), "axe on a signed-in keyed GPU page").toEqual([]);
      const csv = await page.request.get(
        `${site.webUrl}/gpus/${encodeURIComponent(gpu.gpu_type)}/daily.csv`,
      );
      expect(csv.status()).toBe(200);
      await screenshot(page, "signed-in-keyed-gpu");
    }
  });

  it("shows a visitor the same lab locked, from the cached page, and refuses its CSV", async () => {
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await open(anonymous, `/labs/${lab}`);
    expect(await anonymous.locator(".card [data-locked]").count()).toBe(1);
    expect(await anonymous.locator("[data-signed-in]").count()).toBe(0);
    expect(await anonymous.locator('table[data-table="history"]').count()).toBe(0);
    const csv = await anonymous.request.get(`${site.webUrl}/labs/${lab}/history.csv`);
    expect(csv.status()).toBe(404);
    await visitor.close();
  });

  it("ends with the session: signed out, the reader sees the visitor's page again", async () => {
    await reader.clearCookies();
    await open(page, `/labs/${lab}`);
    expect(await page.locator(".card [data-locked]").count()).toBe(1);
  });
});
