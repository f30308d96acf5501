import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PREFIX, addDays, subtractMonthsClamped } from "@tpi/domain";
import { internal, parseCsvLine, type OtpiBody } from "./api-helpers";
import { axeViolations } from "./axe";
import { chromiumPresent, historyTable, open, screenshot } from "./browser";
import { signedInReaders } from "./market-readers";
import { expectReadableEverywhere } from "./reader-audit";
import { site } from "./site";

/**
 * A signed-in Full reader reads a keyed lab's year on the website: the page and its CSV carry
 * exactly the rows the api answers a Full key, the browser never holds a key, and a visitor still
 * sees the lab locked on the cached page.
 */
describe.skipIf(!chromiumPresent)("signed in: the plan's data on the website", () => {
  // Signed up, confirmed through the mailed link and set on the Full plan by an admin, from its
  // own visitor address (the harness trusts one proxy hop).
  const readers = signedInReaders("signed-in", "full", "192.0.2.41");
  let lab: string;

  beforeAll(async () => {
    const keyed = await internal<{ lab: string; latestDate: string | null }[]>("keyedLatestDays");
    lab = keyed.find((entry) => entry.latestDate !== null)?.lab ?? "";
    expect(lab, "a keyed lab with settled days in the sample").not.toBe("");
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
    const page = await readers.openSignedIn(`/labs/${lab}`);
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
    const { page } = readers;
    await expectReadableEverywhere(page, `/labs/${lab}?range=1Y`, "signed-in");
  });

  it("gives the home page's keyed labs and a keyed GPU's page their values, with no axe violations", async () => {
    const page = await readers.openSignedIn("/");
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
    const visitor = await readers.browser.newContext();
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
    const { page } = readers;
    await readers.reader.clearCookies();
    await open(page, `/labs/${lab}`);
    expect(await page.locator(".card [data-locked]").count()).toBe(1);
  });
});
