import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy } from "../../api/src/testing/tcp-proxy";
import { api } from "./api-helpers";
import { axeViolations } from "./axe";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { startWebsite } from "./harness";
import { site } from "./site";

/** /status, and the whole site while the api is unreachable (a second website behind a cut cable). */
describe.skipIf(!chromiumPresent)("service status and api outage", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("/status shows the api's health and the latest published values, rendered on the server and linked from the footer", async () => {
    const latest = await api("/api/otpi");
    const html = await (await fetch(`${site.webUrl}/status`)).text();
    expect(html).toContain("<h1>Service status</h1>");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/status");
    expect(await page.locator('tr[data-status="database"] td').textContent()).toBe("connected");
    expect(await page.locator('tr[data-status="token-day"]').getAttribute("data-value")).toBe(
      latest.date,
    );
    expect(await page.locator('tr[data-status="gpu-print"]').count()).toBeGreaterThan(0);
    await page.goto(`${site.webUrl}/`);
    expect(await page.locator('footer a[href="/status"]').count()).toBe(1);
    await context.close();
  });

  it("while the api is cut off, pages are a complete 503 page with Retry-After, downloads a JSON 503, /status says so; it recovers alone", async () => {
    const cable = await startTcpProxy("127.0.0.1", Number(new URL(site.apiUrl).port));
    const website = await startWebsite(`http://127.0.0.1:${cable.port}`, site.internalToken);
    try {
      expect((await fetch(`${website.url}/labs/anthropic`)).status).toBe(200);
      cable.cut();
      // The website's probe of the api is reused for two seconds: the outage shows within them.
      await expect
        .poll(async () => (await fetch(`${website.url}/`)).status, { timeout: 10_000 })
        .toBe(503);
      for (const path of ["/", "/labs/anthropic", "/gpus/H100%20SXM", "/account/sign-in"]) {
        const page = await fetch(`${website.url}${path}`);
        expect(page.status, path).toBe(503);
        expect(page.headers.get("retry-after"), path).toBe("10");
        expect(page.headers.get("cache-control"), path).toContain("no-store");
        const html = await page.text();
        expect(html, path).toContain("<h1>Temporarily unavailable</h1>");
        // The chrome still says where the numbers come from (the answer cached before the cut).
        expect(html, path).toContain("data-sample-banner");
      }
      const csv = await fetch(`${website.url}/labs/anthropic/history.csv`);
      expect(csv.status).toBe(503);
      expect(csv.headers.get("retry-after")).toBe("10");
      expect(await csv.json()).toMatchObject({ error: "Service unavailable" });
      // The status page reports the outage itself, and the api-free files still answer.
      const status = await fetch(`${website.url}/status`);
      expect(status.status).toBe(200);
      expect(await status.text()).toMatch(/<tr data-status="api">.*Unreachable/s);
      expect((await fetch(`${website.url}/robots.txt`)).status).toBe(200);
      // An unknown address stays a 404, whatever the api's state.
      expect((await fetch(`${website.url}/no/such/page`)).status).toBe(404);

      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await open(page, "/", 503, website.url);
      await screenshot(page, "api-unavailable-390");
      expect(await axeViolations(page), "axe-core on the 503 page").toEqual([]);
      await page.close();

      await cable.restore();
      await expect
        .poll(async () => (await fetch(`${website.url}/labs/anthropic`)).status, {
          timeout: 10_000,
        })
        .toBe(200);
    } finally {
      await website.stop();
      await cable.close();
    }
  }, 180_000);
});
