import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directFetch, internal } from "./api-helpers";
import { chromiumPresent, launchBrowser, open, screenshot, DESKTOP_VIEWPORT } from "./browser";
import { site } from "./site";

/** /methodology and /methodology/gpu, each rendered from the api's methodology document. */
describe.skipIf(!chromiumPresent)("methodology pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("methodology is rendered from the api's methodology data", async () => {
    const api = (await (await directFetch(`${site.apiUrl}/api/otpi/methodology`)).json()) as {
      version: string;
      formula: string;
      settlement: { lagHours: number };
      restatements: { materialityThresholdPercent: number };
    };
    const page = await browser.newPage();
    await open(page, "/methodology");
    expect(
      await page.locator("[data-methodology-version]").getAttribute("data-methodology-version"),
    ).toBe(api.version);
    expect(
      await page.locator("[data-settlement-lag-hours]").getAttribute("data-settlement-lag-hours"),
    ).toBe(String(api.settlement.lagHours));
    expect(
      await page.locator("[data-materiality-percent]").getAttribute("data-materiality-percent"),
    ).toBe(String(api.restatements.materialityThresholdPercent));
    expect(await page.textContent("main")).toContain(api.formula);
    await screenshot(page, "methodology");
    await page.close();
  });

  it("the methodology page states 1.1, its effective date, the configured input share, the price rule and the sources", async () => {
    const doc = (await (await directFetch(`${site.apiUrl}/api/otpi/methodology`)).json()) as {
      version: string;
      estimatedSplit: { inputShare: number; rule: string; effectiveFrom: string };
      pricing: { snapshotWindowHours: number; priceBases: Record<string, string> };
      dataSources: { sources: { source: string; days: number }[] };
      history: { version: string }[];
    };
    expect(doc.version).toBe("1.1");
    const page = await browser.newPage();
    await open(page, "/methodology");
    expect(
      await page.locator("[data-methodology-version]").getAttribute("data-methodology-version"),
    ).toBe("1.1");
    expect(await page.locator("[data-methodology-effective-from]").getAttribute("datetime")).toBe(
      doc.estimatedSplit.effectiveFrom,
    );
    expect(
      await page.locator("[data-estimated-input-share]").getAttribute("data-estimated-input-share"),
    ).toBe(String(doc.estimatedSplit.inputShare));
    expect(await page.locator("[data-estimated-input-share]").textContent()).toBe(
      `${doc.estimatedSplit.inputShare * 100}%`,
    );
    expect(await page.locator("[data-estimated-split-rule]").textContent()).toBe(
      doc.estimatedSplit.rule,
    );
    expect(
      await page.locator("[data-snapshot-window-hours]").getAttribute("data-snapshot-window-hours"),
    ).toBe(String(doc.pricing.snapshotWindowHours));
    const main = (await page.textContent("main")) ?? "";
    for (const meaning of Object.values(doc.pricing.priceBases)) expect(main).toContain(meaning);
    for (const source of doc.dataSources.sources)
      expect(await page.locator(`tr[data-source="${source.source}"]`).count()).toBe(1);
    const versions = await page.$$eval('#versions ~ .table-wrap tbody th[scope="row"]', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(versions).toEqual(doc.history.map((entry) => entry.version));
    expect(versions).toEqual(expect.arrayContaining(["1.0", "1.1"]));
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await screenshot(page, "methodology-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "methodology-390");
    await page.close();
  });

  it("/methodology/gpu renders the api's GPU methodology, linked from the GPU pages", async () => {
    const doc = await internal<{ sections: { id: string; heading: string; text: string }[] }>(
      "gpu.methodology",
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/gpus");
    await page.locator('main a[href="/methodology/gpu"]').first().click();
    await page.waitForURL(`${site.webUrl}/methodology/gpu`);
    for (const section of doc.sections) {
      expect(await page.locator(`h2#${section.id}`).textContent()).toBe(section.heading);
      expect(
        await page.locator(`[data-gpu-methodology-section="${section.id}"]`).textContent(),
      ).toBe(section.text);
    }
    await screenshot(page, "methodology-gpu-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "methodology-gpu-390");
    await context.close();
  });
});
