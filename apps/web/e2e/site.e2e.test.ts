import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_NOTICE, addDays, freeWindow } from "@tpi/domain";
import { formatUsd, formatUtcDay } from "../src/lib/format";
import { axeViolations } from "./axe";
import { contrastFailures } from "./contrast";
import { ARTIFACTS_DIR, CHROMIUM_PATH, startSite, type RunningSite } from "./harness";

/**
 * The website in a real Chromium against a real api (embedded PostgreSQL, sample data): every
 * page answers 200, shows the values `/api/otpi` returns for the same day, renders them without
 * JavaScript, and a screenshot of each page is saved under test-artifacts/.
 */
const chromiumPresent = existsSync(CHROMIUM_PATH);
/** CI sets this so that a missing browser fails the run instead of skipping the tests. */
const browserRequired = process.env.TPI_REQUIRE_BROWSER_TESTS === "1";
if (!chromiumPresent) {
  console.warn(
    `[web e2e] SKIPPED: no Chromium at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium)`,
  );
}

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type OtpiRow = { date: string; lab: string; indexPerMtok: number; computedAt: string };
type OtpiBody = { success: boolean; access: string; date?: string; count: number; data: OtpiRow[] };

let site: RunningSite;
let browser: Browser;

async function api(path: string): Promise<OtpiBody> {
  const response = await fetch(`${site.apiUrl}${path}`);
  expect(response.status, `${path} status`).toBe(200);
  return (await response.json()) as OtpiBody;
}

type SourceDayBody = {
  date: string;
  source: string;
  sample: boolean;
  asOf: string | null;
  citation: string | null;
  listedShare: number | null;
  trackedShare: number | null;
};

/** The api's synced source days through its internal router, as the website reads them. */
async function sourceDaysOf(startDate: string, endDate: string): Promise<SourceDayBody[]> {
  const input = encodeURIComponent(JSON.stringify({ startDate, endDate }));
  const response = await fetch(`${site.apiUrl}/trpc/sourceDays?input=${input}`, {
    headers: { authorization: `Bearer ${site.internalToken}` },
  });
  expect(response.status, "sourceDays status").toBe(200);
  return ((await response.json()) as { result: { data: SourceDayBody[] } }).result.data;
}

/** One RFC 4180 line: fields split on commas outside double quotes, `""` inside quotes is `"`. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Every page of the site, each with the chrome (banner, footer) of every other. */
const ALL_PAGES = [
  "/",
  "/labs",
  "/labs/anthropic",
  "/labs/mistralai",
  "/gpus",
  "/gpus/H100%20SXM",
  "/gpus/RTX%20PRO%206000%20WS",
  "/volume",
  "/methodology",
  "/methodology/gpu",
  "/docs",
  "/status",
  "/labs/not-a-lab",
  "/no/such/page",
] as const;

async function open(page: Page, path: string, expectedStatus = 200): Promise<void> {
  const response = await page.goto(`${site.webUrl}${path}`, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(expectedStatus);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** [date, value attribute, displayed value] of each row of the lab history table. */
async function historyTable(page: Page): Promise<{ date: string; raw: string; shown: string }[]> {
  return page.$$eval('table[data-table="history"] tbody tr', (rows) =>
    rows.map((row) => {
      const cell = row.querySelector("td[data-value]");
      return {
        date: row.getAttribute("data-date") ?? "",
        raw: cell?.getAttribute("data-value") ?? "",
        shown: cell?.textContent ?? "",
      };
    }),
  );
}

describe.runIf(!chromiumPresent && browserRequired)("browser requirement", () => {
  it("has Chromium, because TPI_REQUIRE_BROWSER_TESTS=1", () => {
    expect.fail(`no Chromium at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`);
  });
});

describe.skipIf(!chromiumPresent)("website in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    site = await startSite();
    // playwright-core gives each launch a fresh temporary profile (the notes' fresh --user-data-dir).
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
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
    expect(lines[0]).toBe("date,lab,indexPerMtok,computedAt,source,as_of,citation");
    const csvRows = lines.slice(1).map(parseCsvLine);
    expect(csvRows.map(([date, , value]) => ({ date, raw: value }))).toEqual(
      table.map(({ date, raw }) => ({ date, raw })),
    );
    expect(csvRows.map(([, lab, , computedAt]) => ({ lab, computedAt }))).toEqual(
      expected.map(({ lab, computedAt }) => ({ lab, computedAt })),
    );
    // Every row says where its day's data comes from, as the api's source days say.
    const sourceDays = await sourceDaysOf(window.startDate, window.endDate);
    for (const [date, , , , source, asOf, citation] of csvRows) {
      const day = sourceDays.find((entry) => entry.date === date);
      expect(day, `source day of ${date}`).toBeDefined();
      expect({ source, asOf, citation }).toEqual({
        source: day?.source,
        asOf: day?.asOf ?? "",
        citation: day?.citation,
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

  it("an unknown lab, an unknown path and the CSV of a keyed lab are real 404s", async () => {
    const page = await browser.newPage();
    await open(page, "/labs/not-a-lab", 404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    await screenshot(page, "not-found");
    await open(page, "/no/such/page", 404);
    expect((await fetch(`${site.webUrl}/labs/mistralai/history.csv`)).status).toBe(404);
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
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await open(page, "/");
    await screenshot(page, "home-phone");
    await open(page, "/labs/anthropic");
    await screenshot(page, "lab-anthropic-phone");
    await context.close();
  });

  it("every page passes WCAG AA contrast and axe-core's WCAG A/AA rules", async () => {
    const page = await browser.newPage();
    for (const path of ALL_PAGES) {
      await page.goto(`${site.webUrl}${path}`);
      expect(await contrastFailures(page), `contrast on ${path}`).toEqual([]);
      expect(await axeViolations(page), `axe-core on ${path}`).toEqual([]);
    }
    await page.close();
  });

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
    // The recorder works: an image from another origin is refused and reported.
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "https://example.invalid/tracker.png";
      document.body.append(image);
    });
    await expect
      .poll(violationsOf)
      .toEqual([expect.stringContaining("img-src https://example.invalid/tracker.png")]);
    await page.close();
  });

  it("cached pages carry the headers too; HSTS only when the proxy says the request came over HTTPS", async () => {
    await fetch(`${site.webUrl}/`);
    const cached = await fetch(`${site.webUrl}/`);
    expect(cached.headers.get("x-nextjs-cache")).toBe("HIT");
    expect(cached.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(cached.headers.get("strict-transport-security")).toBeNull();
    const overHttps = await fetch(`${site.webUrl}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
  });

  it("methodology is rendered from the api's methodology data", async () => {
    const api = (await (await fetch(`${site.apiUrl}/api/otpi/methodology`)).json()) as {
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

  it("docs cover authentication, tiers, limits, every route with curl, and the OpenAPI link", async () => {
    const page = await browser.newPage();
    await open(page, "/docs");
    for (const id of ["authentication", "tiers", "limits"])
      expect(await page.locator(`#${id}`).count()).toBe(1);
    // Every route the api documents in its OpenAPI document has a section with a curl example.
    const openapi = (await (await fetch(`${site.apiUrl}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    const documented = Object.keys(openapi.paths);
    expect(documented.length).toBeGreaterThan(10);
    for (const route of documented) {
      expect(await page.locator(`section[data-route="${route}"]`).count(), route).toBe(1);
    }
    for (const route of ["/api/otpi", "/api/token-types", "/api/token-types-free", "/health"]) {
      const section = page.locator(`section[data-route="${route}"]`);
      expect(await section.count(), route).toBe(1);
      expect(await section.locator("pre").first().textContent()).toContain(
        `curl -s "${site.apiUrl}${route}`,
      );
    }
    expect(await page.locator(`a[href="${site.apiUrl}/openapi.json"]`).count()).toBe(1);
    await screenshot(page, "docs");
    await page.close();
  });

  it("the GPU page shows the free GPUs' latest daily values, equal to GET /api/daily-index/all", async () => {
    const api = (await (await fetch(`${site.apiUrl}/api/daily-index/all`)).json()) as {
      data: { gpu_type: string; index_value: number }[];
    };
    expect(api.data.length).toBe(5);
    const page = await browser.newPage();
    await open(page, "/gpus");
    expect(await page.locator('[data-gpu-state="no-data"]').count()).toBe(0);
    const shown = await page.$$eval(
      'table[data-table="gpu-latest"] tbody tr:has(td[data-value])',
      (rows) =>
        rows.map((row) => ({
          gpu: row.getAttribute("data-gpu") ?? "",
          value: Number(row.querySelector("td[data-value]")?.getAttribute("data-value")),
        })),
    );
    expect(shown).toEqual(api.data.map((row) => ({ gpu: row.gpu_type, value: row.index_value })));
    expect(await page.locator('figure[data-chart="gpu-3m"]').count()).toBe(1);
    await screenshot(page, "gpus");
    await page.close();
  });

  it("a free GPU's page, linked from /gpus, shows gpu.detail's print, average, 24 prints with carried marks and charts, without JavaScript and at 390 px", async () => {
    type Detail = {
      rollingAverage: { data: { average_usd_per_hour: number; carried_count: number } } | null;
      hourly: { data: { timestamp: string; index_value: number; is_carried: boolean }[] } | null;
      daily: { data: unknown[] } | null;
      volatility: { data: { rolling_volatility: number | null }[] } | null;
    };
    const input = encodeURIComponent(JSON.stringify({ gpu: "H100 SXM" }));
    const response = await fetch(`${site.apiUrl}/trpc/gpu.detail?input=${input}`, {
      headers: { authorization: `Bearer ${site.internalToken}` },
    });
    expect(response.status).toBe(200);
    const detail = ((await response.json()) as { result: { data: Detail } }).result.data;
    expect(detail.hourly?.data.length).toBe(24);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/gpus");
    await page.locator('table[data-table="gpu-latest"] a', { hasText: "H100 SXM" }).click();
    await page.waitForURL(`${site.webUrl}/gpus/H100%20SXM`);
    expect(await page.locator("h1").textContent()).toBe("H100 SXM GPU compute price index");
    const shown = await page.$$eval('table[data-table="gpu-hourly"] tbody tr', (rows) =>
      rows.map((row) => ({
        timestamp: row.getAttribute("data-hour") ?? "",
        index_value: Number(row.querySelector("td[data-value]")?.getAttribute("data-value")),
        is_carried: row.getAttribute("data-carried") === "true",
      })),
    );
    expect(shown).toEqual([...(detail.hourly?.data ?? [])].reverse());
    expect(
      Number(
        await page.locator('[data-card="rolling-average"] [data-value]').getAttribute("data-value"),
      ),
    ).toBe(detail.rollingAverage?.data.average_usd_per_hour);
    expect(await page.locator('figure[data-chart="gpu-daily"]').count()).toBe(1);
    expect(
      await page.locator("[data-latest-volatility]").getAttribute("data-latest-volatility"),
    ).toBe(String(detail.volatility?.data[0]?.rolling_volatility ?? ""));
    expect(await page.locator('table[data-table="gpu-routes"] tbody tr').count()).toBe(4);
    await screenshot(page, "gpu-h100-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
    await screenshot(page, "gpu-h100-390");
    await page.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await open(noScript, "/gpus/H100%20SXM");
    expect(await noScript.locator('table[data-table="gpu-hourly"] tbody tr').count()).toBe(24);
    await open(noScript, "/gpus/RTX%20PRO%206000%20WS");
    expect(await noScript.locator('[data-gpu-state="keyed"]').count()).toBe(1);
    expect(await noScript.locator("[data-value]").count()).toBe(0);
    await screenshot(noScript, "gpu-keyed");
    await context.close();

    // An unknown GPU is a 404 with the site's not-found page (server-rendered: see proxy.ts).
    const notFoundPage = await browser.newPage();
    await open(notFoundPage, "/gpus/H300", 404);
    expect(await notFoundPage.locator("h1").textContent()).toBe("Page not found");
    await notFoundPage.close();
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

  it("every page says 'Sample data' in a banner and the footer while the api serves the sample", async () => {
    const provenance = (await (await fetch(`${site.apiUrl}/api/otpi/methodology`)).json()) as {
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
      expect(await banner.textContent()).toContain("OPENROUTER_API_KEY");
      expect(await page.locator("footer [data-sample-notice]").textContent()).toBe(SAMPLE_NOTICE);
    }
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
        `data-sample-notice="true">${SAMPLE_NOTICE}`,
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

  it("the methodology page states 1.1, its effective date, the configured input share, the price rule and the sources", async () => {
    const doc = (await (await fetch(`${site.apiUrl}/api/otpi/methodology`)).json()) as {
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
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "methodology-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "methodology-390");
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
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
    await screenshot(page, "lab-anthropic-390");
    await page.goto(`${site.webUrl}/`);
    await screenshot(page, "home-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "home-1280");
    await page.close();
  });

  it("POST /revalidate, with the internal token only, makes the next request regenerate the cached home page", async () => {
    const cacheState = async () => (await fetch(`${site.webUrl}/`)).headers.get("x-nextjs-cache");
    await cacheState();
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

  describe("GPU pages: every GPU, changes, CSV and methodology", () => {
    type DailyBody = { data: { timestamp: string; index_value: number }[] };
    const H100 = "H100%20SXM";

    async function trpc<T>(path: string, input?: unknown): Promise<T> {
      const query =
        input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await fetch(`${site.apiUrl}/trpc/${path}${query}`, {
        headers: { authorization: `Bearer ${site.internalToken}` },
      });
      expect(response.status, path).toBe(200);
      return ((await response.json()) as { result: { data: T } }).result.data;
    }

    /** The free window's daily values of a GPU as the keyless REST route serves them, by UTC day. */
    async function dailyByDay(gpu: string): Promise<Map<string, number>> {
      const { gpu: window } = await trpc<{ gpu: { startDate: string; endDate: string } }>(
        "windows",
      );
      const response = await fetch(
        `${site.apiUrl}/api/gpu/${gpu}/index-history?startDate=${window.startDate}&endDate=${window.endDate}`,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as DailyBody;
      return new Map(body.data.map((row) => [row.timestamp.slice(0, 10), row.index_value]));
    }

    it("/gpus lists all six GPUs; the free ones' changes equal the api's daily values, the keyed one shows only its settled day", async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await open(page, "/gpus");
      const rows = await page.$$eval('table[data-table="gpu-latest"] tbody tr', (trs) =>
        trs.map((tr) => tr.getAttribute("data-gpu")),
      );
      expect(rows).toEqual([
        "H100 SXM",
        "H200",
        "A100 SXM4",
        "RTX 5090",
        "B200",
        "RTX PRO 6000 WS",
      ]);
      const h100 = await dailyByDay(H100);
      const cells = await page.$$eval('tr[data-gpu="H100 SXM"] td[data-change-days]', (tds) =>
        tds.map((td) => ({
          from: td.getAttribute("data-change-from") ?? "",
          change: td.getAttribute("data-change") ?? "",
        })),
      );
      const latestDay = [...h100.keys()].sort().at(-1) ?? "";
      const latest = h100.get(latestDay) ?? Number.NaN;
      expect(cells).toHaveLength(3);
      for (const cell of cells) {
        const earlier = h100.get(cell.from);
        if (earlier === undefined) expect(cell.change).toBe("");
        else expect(Number(cell.change)).toBeCloseTo(latest - earlier, 10);
      }
      const keyed = await trpc<{ gpu_type: string; date: string | null }[]>("gpu.keyedLatest");
      const keyedRow = page.locator('tr[data-gpu="RTX PRO 6000 WS"]');
      expect(await keyedRow.locator("time").getAttribute("datetime")).toBe(keyed[0]?.date);
      expect(await keyedRow.locator("[data-value]").count()).toBe(0);
      expect(await keyedRow.textContent()).not.toContain("$");
      expect(await page.locator('figure[data-chart="gpu-3m"] figcaption').textContent()).toContain(
        `to ${formatUtcDay(latestDay)}`,
      );
      await screenshot(page, "gpus-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "gpus-390");
      await page.close();
    });

    it("a GPU page's change strip and CSV hold the api's daily series", async () => {
      const h100 = await dailyByDay(H100);
      const days = [...h100.keys()].sort();
      const values = days.map((day) => h100.get(day) ?? Number.NaN);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await open(page, `/gpus/${H100}`);
      const stat = async (name: string) =>
        Number(await page.locator(`[data-stat="${name}"]`).getAttribute("data-value"));
      expect(await stat("min")).toBe(Math.min(...values));
      expect(await stat("max")).toBe(Math.max(...values));
      expect(await stat("mean")).toBeCloseTo(
        values.reduce((sum, value) => sum + value, 0) / values.length,
        10,
      );
      const href = await page.locator("a[data-csv]").getAttribute("href");
      expect(href).toBe(`/gpus/${H100}/daily.csv`);
      await context.close();

      const csv = await fetch(`${site.webUrl}${href}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-disposition")).toBe(
        `attachment; filename="tpi-gpu-H100-SXM-daily-to-${days.at(-1)}.csv"`,
      );
      const lines = (await csv.text()).trim().split("\r\n").slice(1);
      expect(lines.map((line) => line.split(",")[0])).toEqual(days);
      expect(lines.map((line) => Number(line.split(",")[3]))).toEqual(values);
      expect((await fetch(`${site.webUrl}/gpus/RTX%20PRO%206000%20WS/daily.csv`)).status).toBe(404);

      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await open(phone, `/gpus/${H100}`);
      await screenshot(phone, "gpu-h100-strip-390");
      await phone.close();
    });

    it("/methodology/gpu renders the api's GPU methodology, linked from the GPU pages", async () => {
      const doc = await trpc<{ sections: { id: string; heading: string; text: string }[] }>(
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

  describe("reach and correctness: 404s, robots and sitemap, cards, citations, dark mode, docs examples, status", () => {
    /** The internal router's answer, as the website's server reads it. */
    async function internal<T>(procedure: string, input?: unknown): Promise<T> {
      const query =
        input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await fetch(`${site.apiUrl}/trpc/${procedure}${query}`, {
        headers: { authorization: `Bearer ${site.internalToken}` },
      });
      expect(response.status, `${procedure} status`).toBe(200);
      return ((await response.json()) as { result: { data: T } }).result.data;
    }

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
      expect(await meta("twitter:card")).toBe("summary");

      const anthropic = latest.data.find((row) => row.lab === "anthropic");
      await open(page, "/labs/anthropic");
      expect(await meta("og:title")).toContain(formatUsd(anthropic?.indexPerMtok ?? Number.NaN));
      expect(await meta("og:url")).toMatch(/\/labs\/anthropic$/);
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

    it("in dark mode every page is dark, passes WCAG AA contrast and axe-core's rules", async () => {
      const context = await browser.newContext({ colorScheme: "dark" });
      const page = await context.newPage();
      for (const path of ALL_PAGES) {
        await page.goto(`${site.webUrl}${path}`);
        const background = await page.evaluate(
          () => getComputedStyle(document.documentElement).backgroundColor,
        );
        expect(background, `dark background on ${path}`).toBe("rgb(18, 22, 28)");
        expect(await contrastFailures(page), `dark contrast on ${path}`).toEqual([]);
        expect(await axeViolations(page), `dark axe-core on ${path}`).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${site.webUrl}/labs/anthropic`);
      await screenshot(page, "dark-lab-anthropic-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${site.webUrl}/`);
      await screenshot(page, "dark-home-390");
      await context.close();
    });

    it("every keyless /docs example answers 2xx, and parameter tables say where each goes and whether it is required", async () => {
      type Reference = {
        routes: {
          path: string;
          parameters: { name: string; in: string; required: boolean }[];
          examples: { method: string; pathAndQuery: string; withKey: boolean; body?: string }[];
        }[];
      };
      const reference = await internal<Reference>("apiReference");
      const keyless = reference.routes.flatMap((route) =>
        route.examples.filter((example) => !example.withKey),
      );
      expect(
        keyless.some((example) => example.pathAndQuery.startsWith("/api/otpi/constituents")),
      ).toBe(true);
      for (const example of keyless) {
        const response = await fetch(`${site.apiUrl}${example.pathAndQuery}`, {
          method: example.method,
          ...(example.body === undefined
            ? {}
            : { body: example.body, headers: { "content-type": "application/json" } }),
        });
        expect(response.status, `${example.method} ${example.pathAndQuery}`).toBeLessThan(300);
      }
      const page = await browser.newPage();
      await open(page, "/docs");
      for (const route of reference.routes)
        for (const parameter of route.parameters) {
          const row = page
            .locator(`section[data-route="${route.path}"] tr[data-parameter="${parameter.name}"]`)
            .first();
          expect(await row.getAttribute("data-in"), `${route.path} ${parameter.name}`).toBe(
            parameter.in,
          );
          expect(await row.textContent()).toContain(parameter.required ? "Required" : "Optional");
        }
      await page.close();
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
  });
});

describe.skipIf(!chromiumPresent)("lab pages and keyed labs", () => {
  let labSite: RunningSite;
  let labBrowser: Browser;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    labSite = await startSite();
    labBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  });
  afterAll(async () => {
    await labBrowser?.close();
    await labSite?.stop();
  });

  const restOf = async (path: string): Promise<OtpiBody> =>
    (await (await fetch(`${labSite.apiUrl}${path}`)).json()) as OtpiBody;

  /** The api's keyed latest days, read as the website reads them (internal tRPC). */
  async function keyedLatestDays(): Promise<{ lab: string; latestDate: string | null }[]> {
    const response = await fetch(`${labSite.apiUrl}/trpc/keyedLatestDays`, {
      headers: { authorization: `Bearer ${labSite.internalToken}` },
    });
    return (
      (await response.json()) as { result: { data: { lab: string; latestDate: string | null }[] } }
    ).result.data;
  }

  it("/labs lists every lab: the free labs' latest values from /api/otpi, the keyed labs' latest day locked", async () => {
    const free = freeWindow(new Date());
    const range = await restOf(`/api/otpi?startDate=${free.startDate}&endDate=${free.endDate}`);
    const keyed = await keyedLatestDays();
    const page = await labBrowser.newPage();
    expect((await fetch(`${labSite.webUrl}/labs`)).status).toBe(200);
    await page.goto(`${labSite.webUrl}/labs`);
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
    await page.screenshot({ path: join(ARTIFACTS_DIR, "labs-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "horizontal overflow of /labs at 390 px").toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "labs-390.png"), fullPage: true });
    await page.close();
  });

  it("another case or an alias of a lab is a 308 to its page, which does not redirect; unknown names are 404", async () => {
    const get = (path: string) => fetch(`${labSite.webUrl}${path}`, { redirect: "manual" });
    const mixed = await get("/labs/Anthropic");
    expect(mixed.status).toBe(308);
    expect(new URL(mixed.headers.get("location") ?? "", labSite.webUrl).pathname).toBe(
      "/labs/anthropic",
    );
    const alias = await get("/labs/mistral");
    expect(alias.status).toBe(308);
    expect(new URL(alias.headers.get("location") ?? "", labSite.webUrl).pathname).toBe(
      "/labs/mistralai",
    );
    expect((await get("/labs/anthropic")).status).toBe(200);
    expect((await get("/labs/Not-A-Lab")).status).toBe(404);
  });

  it("a free lab page's change strip and end date come from the rows its table shows", async () => {
    const window = freeWindow(new Date());
    const range = await restOf(
      `/api/otpi?lab=openai&startDate=${window.startDate}&endDate=${window.endDate}`,
    );
    const values = range.data.map((row) => row.indexPerMtok);
    const lastSettled = [...range.data].sort((a, b) => (a.date < b.date ? 1 : -1))[0]?.date;
    const page = await labBrowser.newPage();
    await page.goto(`${labSite.webUrl}/labs/openai`);
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
    const page = await labBrowser.newPage();
    await page.goto(`${labSite.webUrl}/labs/minimax`);
    expect(await page.locator("[data-keyed-latest]").getAttribute("data-keyed-latest")).toBe(
      minimax?.latestDate ?? "",
    );
    expect(await page.locator("[data-value]").count()).toBe(0);
    expect(await page.locator('[data-key-teaser] a[href="/docs#authentication"]').count()).toBe(1);
    await page.screenshot({
      path: join(ARTIFACTS_DIR, "lab-minimax-keyed-1280.png"),
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: join(ARTIFACTS_DIR, "lab-minimax-keyed-390.png"),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${labSite.webUrl}/`);
    const keyedRows = page.locator('table[data-table="latest"] tr[data-tier="keyed"]');
    expect(await keyedRows.count()).toBe(7);
    expect(await keyedRows.locator("[data-value]").count()).toBe(0);
    expect(await keyedRows.locator("[data-locked]").count()).toBe(7);
    expect(
      await page
        .locator('table[data-table="latest"] tr[data-lab="minimax"]')
        .getAttribute("data-latest-date"),
    ).toBe(minimax?.latestDate ?? "");
    await page.screenshot({ path: join(ARTIFACTS_DIR, "home-keyed-1280.png"), fullPage: true });
    await page.close();
  });
});
