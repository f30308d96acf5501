import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_NOTICE } from "@tpi/domain";
import { formatUsd } from "../src/lib/format";
import { api, directFetch } from "./api-helpers";
import {
  ALL_PAGES,
  browserRequired,
  chromiumPresent,
  launchBrowser,
  open,
  screenshot,
  expectNoHorizontalOverflow,
} from "./browser";
import { ARTIFACTS_DIR, CHROMIUM_PATH } from "./harness";
import { site } from "./site";

/** The footer's sample notice while the token and GPU indices rest on the sample (the browser tests' api). */
const BOTH_SAMPLE_STATEMENT = SAMPLE_NOTICE.replace(
  "Sample data: ",
  "Sample data: the token and GPU indices on this site use data ",
);

// Once for the whole run (this file, not every file): CI must not pass with every test skipped.
describe.runIf(!chromiumPresent && browserRequired)("browser requirement", () => {
  it("has Chromium, because TPI_REQUIRE_BROWSER_TESTS=1", () => {
    expect.fail(`no Chromium at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`);
  });
});

/** What every page shares: 404s, accessibility, security headers, the sample notice, reach. */
describe.skipIf(!chromiumPresent)("site-wide", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe("not-found pages", () => {
    it("an unknown lab, an unknown path and the CSV of a keyed lab are real 404s", async () => {
      const page = await browser.newPage();
      await open(page, "/labs/not-a-lab", 404);
      expect(await page.locator("h1").textContent()).toBe("Page not found");
      await screenshot(page, "not-found");
      await open(page, "/no/such/page", 404);
      // A keyed lab's download is refused in JSON, as the api refuses, for the scripts that fetch it.
      const keyedCsv = await fetch(`${site.webUrl}/labs/mistralai/history.csv`);
      expect(keyedCsv.status).toBe(404);
      expect(await keyedCsv.json()).toEqual({
        error: "Not found",
        message: "CSV downloads exist for the free-tier labs only.",
      });
      await page.close();
    });

    it("unknown labs, GPUs and paths are 404s whose server HTML is the complete not-found page", async () => {
      for (const path of ["/labs/unknown", "/gpus/H300", "/no/such/page", "/labs/not-a-lab"]) {
        const response = await fetch(`${site.webUrl}${path}`);
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html, path).toContain("<h1>Page not found</h1>");
        expect(html, path).toContain('href="/"');
        expect(html, path).toContain("data-sample-banner");
        expect(html, path).not.toContain("__next_error__");
      }
      // A client cannot mark a real page as missing.
      const spoofed = await fetch(`${site.webUrl}/docs`, { headers: { "x-tpi-not-found": "1" } });
      expect(spoofed.status).toBe(200);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await open(page, "/gpus/H300", 404);
      expect(await page.locator("h1").textContent()).toBe("Page not found");
      await screenshot(page, "not-found-no-javascript");
      await context.close();
    });
  });

  describe("accessibility and fit on every page", () => {
    it("fits a phone's width without horizontal scrolling", async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
      });
      const page = await context.newPage();
      for (const path of [
        "/",
        "/labs",
        "/labs/anthropic",
        "/labs/minimax",
        "/methodology",
        "/docs",
        "/gpus",
        "/gpus/H100%20SXM",
        "/methodology/gpu",
      ]) {
        await open(page, path);
        await expectNoHorizontalOverflow(page, `on ${path}`);
      }
      await open(page, "/");
      await screenshot(page, "home-phone");
      await open(page, "/labs/anthropic");
      await screenshot(page, "lab-anthropic-phone");
      await context.close();
    });

    // Contrast, axe-core, dark mode and fit of every page at both widths in both schemes: the
    // site audit (site-audit.e2e.test.ts). The screenshots of the dark pages are taken here.
    it("shoots a lab page and the home page in dark mode, at 1280 and 390 px", async () => {
      const context = await browser.newContext({ colorScheme: "dark" });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, "/labs/anthropic");
      await screenshot(page, "dark-lab-anthropic-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, "/");
      await screenshot(page, "dark-home-390");
      await context.close();
    });
  });

  describe("security headers and caching", () => {
    it("every page satisfies its Content-Security-Policy (no violation, no error) and sends the security headers", async () => {
      const page = await browser.newPage();
      // Recorded by the browser itself; init scripts run outside the page's CSP.
      await page.addInitScript(() => {
        const violations: string[] = [];
        Object.assign(window, { cspViolations: violations });
        document.addEventListener("securitypolicyviolation", (event) =>
          violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /Content.Security.Policy/i.test(message.text()))
          problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      const violationsOf = () =>
        page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      for (const path of ALL_PAGES) {
        const response = await page.goto(`${site.webUrl}${path}`, { waitUntil: "load" });
        const headers = response?.headers() ?? {};
        expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
        expect(headers["x-content-type-options"], path).toBe("nosniff");
        expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
        expect(headers["x-frame-options"], path).toBe("DENY");
        expect(headers["permissions-policy"], path).toContain("camera=()");
        // Hydration has run (React attaches its root) and nothing was refused.
        await page.waitForFunction(() => document.readyState === "complete");
        expect(await violationsOf(), path).toEqual([]);
      }
      // Only 404 console errors for the unknown lab's document are expected.
      expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      // The recorder works: an image from another origin (another loopback address: tests never
      // reach beyond loopback) is refused and reported.
      await page.evaluate(() => {
        const image = document.createElement("img");
        image.src = "http://127.0.0.2/tracker.png";
        document.body.append(image);
      });
      await expect
        .poll(violationsOf)
        .toEqual([expect.stringContaining("img-src http://127.0.0.2/tracker.png")]);
      await page.close();
    });

    // The home page is regenerated 300 s after it was cached (its `revalidate`); by the time these
    // tests run, the earlier ones may have left it older than that, so a request answers STALE and
    // regenerates it in the background, which under load outlasts the next request. Wait for the
    // regeneration (the event), then the cache answers HIT for the next 300 s.
    const homeCachedFresh = () =>
      expect
        .poll(async () => (await fetch(`${site.webUrl}/`)).headers.get("x-nextjs-cache"), {
          timeout: 30_000,
        })
        .toBe("HIT");

    it("cached pages carry the headers too; HSTS only when the proxy says the request came over HTTPS", async () => {
      await homeCachedFresh();
      const cached = await fetch(`${site.webUrl}/`);
      expect(cached.headers.get("x-nextjs-cache")).toBe("HIT");
      expect(cached.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(cached.headers.get("strict-transport-security")).toBeNull();
      const overHttps = await fetch(`${site.webUrl}/`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(overHttps.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
    });

    it("POST /revalidate, with the internal token only, makes the next request regenerate the cached home page", async () => {
      const cacheState = async () => (await fetch(`${site.webUrl}/`)).headers.get("x-nextjs-cache");
      await homeCachedFresh();
      expect(await cacheState()).toBe("HIT");
      expect((await fetch(`${site.webUrl}/revalidate`, { method: "POST" })).status).toBe(401);
      expect(await cacheState()).toBe("HIT");
      const accepted = await fetch(`${site.webUrl}/revalidate`, {
        method: "POST",
        headers: { authorization: `Bearer ${site.internalToken}` },
      });
      expect(accepted.status).toBe(200);
      expect(await cacheState()).toBe("MISS");
    });
  });

  describe("the sample-data notice", () => {
    it("every page says 'Sample data' in a banner and the footer while the api serves the sample", async () => {
      const provenance = (await (
        await directFetch(`${site.apiUrl}/api/otpi/methodology`)
      ).json()) as {
        dataSources: { sample: boolean; notice: string | null };
      };
      // The browser tests run the api on the generated sample (no OpenRouter key).
      expect(provenance.dataSources.sample).toBe(true);
      expect(provenance.dataSources.notice).toBe(SAMPLE_NOTICE);
      const page = await browser.newPage();
      for (const path of ALL_PAGES) {
        await page.goto(`${site.webUrl}${path}`);
        const banner = page.locator("[data-sample-banner]");
        expect(await banner.count(), `banner on ${path}`).toBe(1);
        expect(await banner.isVisible(), `banner visible on ${path}`).toBe(true);
        expect(await banner.textContent(), `banner text on ${path}`).toContain("Sample data");
        // Visitor's words only; the operator's instructions are on /status, linked from the banner.
        expect(await banner.textContent()).not.toContain("OPENROUTER_API_KEY");
        expect(await banner.locator('a[href="/status#data-sources"]').count()).toBe(1);
        expect(await page.locator("footer [data-sample-notice]").textContent()).toBe(
          BOTH_SAMPLE_STATEMENT,
        );
      }
      // The banner's link leads to the operator's instructions on /status.
      await open(page, "/status#data-sources");
      const section = page.locator('[data-section="data-sources"]');
      expect(await section.locator("h2#data-sources").count()).toBe(1);
      expect(await section.textContent()).toContain("OPENROUTER_API_KEY");
      expect(await section.textContent()).toContain("pnpm tpi gpu-import FILE --source NAME");
      expect(await section.textContent()).toContain("SEED_SAMPLE_ON_EMPTY=false");
      await page.close();
    });

    it("the banner and the citations are in the server's HTML (no JavaScript needed)", async () => {
      for (const path of [
        "/",
        "/labs",
        "/labs/anthropic",
        "/methodology",
        "/gpus",
        "/gpus/H100%20SXM",
        "/volume",
      ]) {
        const html = await (await fetch(`${site.webUrl}${path}`)).text();
        expect(html, `banner in ${path}`).toContain("data-sample-banner");
        expect(html, `footer notice in ${path}`).toContain(
          `data-sample-notice="true">${BOTH_SAMPLE_STATEMENT}`,
        );
      }
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await open(page, "/labs/anthropic");
      expect(await page.locator("[data-sample-banner]").isVisible()).toBe(true);
      expect(await page.locator("[data-days-citation]").textContent()).toBe(SAMPLE_NOTICE);
      await screenshot(page, "lab-anthropic-no-javascript");
      await context.close();
    });
  });

  describe("robots, sitemap and social cards", () => {
    const H100 = "H100%20SXM";

    it("robots.txt names the sitemap, and the sitemap lists every public page, each answering 200", async () => {
      const robots = await (await fetch(`${site.webUrl}/robots.txt`)).text();
      expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
      expect(robots).toContain("Disallow: /revalidate");
      const sitemap = await (await fetch(`${site.webUrl}/sitemap.xml`)).text();
      const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
      const paths = urls.map((url) => new URL(url).pathname);
      for (const lab of ["anthropic", "openai", "mistralai"])
        expect(paths).toContain(`/labs/${lab}`);
      for (const path of [
        "/",
        "/gpus",
        "/gpus/H100%20SXM",
        "/volume",
        "/methodology",
        "/docs",
        "/status",
      ])
        expect(paths).toContain(path);
      for (const path of paths)
        expect((await fetch(`${site.webUrl}${path}`)).status, path).toBe(200);
    });

    it("home, lab and GPU pages carry OpenGraph and Twitter cards with the latest value, and lab and GPU pages a Cite-this line", async () => {
      const latest = await api("/api/otpi");
      const page = await browser.newPage();
      const meta = (name: string) =>
        page.locator(`meta[property="${name}"], meta[name="${name}"]`).getAttribute("content");
      await open(page, "/");
      const homeCard = (await meta("og:description")) ?? "";
      for (const row of latest.data) expect(homeCard).toContain(formatUsd(row.indexPerMtok));
      expect(await meta("twitter:description")).toBe(homeCard);
      expect(await meta("twitter:card")).toBe("summary_large_image");

      const anthropic = latest.data.find((row) => row.lab === "anthropic");
      await open(page, "/labs/anthropic");
      expect(await meta("og:title")).toContain(formatUsd(anthropic?.indexPerMtok ?? Number.NaN));
      expect(await meta("og:url")).toMatch(/\/labs\/anthropic$/);
      // The browser tests' api serves the sample: a shared link's title says so.
      expect(await meta("og:title")).toMatch(/\(sample data\)$/);
      expect(await meta("twitter:title")).toBe(await meta("og:title"));
      const labCitation = (await page.locator("[data-citation-text]").textContent()) ?? "";
      expect(labCitation).toContain(`value of ${latest.date}`);
      expect(labCitation).toContain("CC BY 4.0");
      expect(labCitation).toMatch(/retrieved from https?:\/\/\S+\/labs\/anthropic\./);

      await open(page, "/gpus/H100%20SXM");
      const printValue = Number(
        await page.locator('[data-card="latest-print"] [data-value]').getAttribute("data-value"),
      );
      expect(await meta("og:title")).toContain(formatUsd(printValue));
      const gpuCitation = (await page.locator("[data-citation-text]").textContent()) ?? "";
      expect(gpuCitation).toContain("USD per GPU-hour");
      expect(gpuCitation).toContain("CC BY 4.0");
      await screenshot(page, "gpu-cite-this");
      await page.close();
    });

    it("pages carry a large card image with the latest value, served as a 1200x630 PNG", async () => {
      const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      for (const [path, card] of [
        ["/", "/og/home"],
        ["/labs/anthropic", "/og/labs/anthropic"],
        ["/labs/minimax", "/og/labs/minimax"],
        [`/gpus/${H100}`, `/og/gpus/${H100}`],
      ] as const) {
        const html = await (await fetch(`${site.webUrl}${path}`)).text();
        const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
        expect(image, `og:image of ${path}`).toBeDefined();
        expect(new URL(image ?? "").pathname).toBe(card);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
        expect(html).toMatch(/<meta property="og:image:alt" content="[^"]+"/);
        const response = await fetch(`${site.webUrl}${card}`);
        expect(response.status, card).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual([1200, 630]);
      }
      expect((await fetch(`${site.webUrl}/og/labs/nobody`)).status).toBe(404);
      expect((await fetch(`${site.webUrl}/og/gpus/H100`)).status).toBe(404);
      const card = await fetch(`${site.webUrl}/og/labs/anthropic`);
      writeFileSync(
        join(ARTIFACTS_DIR, "card-anthropic.png"),
        Buffer.from(await card.arrayBuffer()),
      );
    });
  });
});
