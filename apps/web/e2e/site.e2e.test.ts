import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAB_IDS, SAMPLE_NOTICE, addDays, displayPrefixOf, freeWindow } from "@tpi/domain";
import { startTcpProxy } from "../../api/src/testing/tcp-proxy";
import { formatUsd, formatUtcDay } from "../src/lib/format";
import { axeViolations } from "./axe";
import { contrastFailures } from "./contrast";
import { ARTIFACTS_DIR, CHROMIUM_PATH, startSite, startWebsite, type RunningSite } from "./harness";

/** The footer's sample notice while both indices rest on the sample (the browser tests' api). */
const BOTH_SAMPLE_STATEMENT = SAMPLE_NOTICE.replace(
  "Sample data: ",
  "Sample data: both indices on this site use data ",
);

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
  "/?range=7D&labs=anthropic,openai",
  "/gpus?range=1M",
  "/labs/anthropic?range=7D",
  "/gpus/H100%20SXM?range=1M",
  "/no/such/page",
] as const;

async function open(
  page: Page,
  path: string,
  expectedStatus = 200,
  baseUrl = site.webUrl,
): Promise<void> {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
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
    // A keyed lab's download is refused in JSON, as the api refuses, for the scripts that fetch it.
    const keyedCsv = await fetch(`${site.webUrl}/labs/mistralai/history.csv`);
    expect(keyedCsv.status).toBe(404);
    expect(await keyedCsv.json()).toEqual({
      error: "Not found",
      message: "CSV downloads exist for the free-tier labs only.",
    });
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

  it("every page passes WCAG AA contrast and axe-core's WCAG A/AA rules, on a desktop and a phone", async () => {
    const page = await browser.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      for (const path of ALL_PAGES) {
        await page.goto(`${site.webUrl}${path}`);
        expect(await contrastFailures(page), `contrast on ${path} at ${width}`).toEqual([]);
        expect(await axeViolations(page), `axe-core on ${path} at ${width}`).toEqual([]);
      }
    }
    await page.close();
    // Every page at two widths, each checked twice: minutes on a loaded two-core machine.
  }, 300_000);

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
      expect(await banner.textContent()).toContain("gpu-import");
      expect(await page.locator("footer [data-sample-notice]").textContent()).toBe(
        BOTH_SAMPLE_STATEMENT,
      );
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

      cable.restore();
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

  // Charts that fit and the chart island share the site and browser started above.
  describe("charts that fit and the interactive chart island", () => {
    /** Visible elements that reach past the viewport's right edge, outside any scroll or clip box. */
    const overflowingElements = (page: Page) =>
      page.evaluate(() => {
        const clipped = (element: Element): boolean => {
          for (let up = element.parentElement; up !== null; up = up.parentElement)
            if (getComputedStyle(up).overflowX !== "visible") return true;
          return false;
        };
        return [...document.querySelectorAll("body *")]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(element);
          })
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      });

    it("at 390 px no element of any page overflows the viewport, chart labels are at least 11 px, axes name their unit, and axe finds no scroll box", async () => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const page = await context.newPage();
      for (const path of ALL_PAGES) {
        await page.goto(`${site.webUrl}${path}`, { waitUntil: "load" });
        expect(await overflowingElements(page), `overflow on ${path}`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `page width on ${path}`,
        ).toBeLessThanOrEqual(0);
        const labelSizes = await page.$$eval(".chart-x, .chart-y", (labels) =>
          labels.map((label) => Number.parseFloat(getComputedStyle(label).fontSize)),
        );
        for (const size of labelSizes)
          expect(size, `tick label size on ${path}`).toBeGreaterThanOrEqual(11);
        const charts = await page.locator("figure[data-chart]").count();
        expect(await page.locator("figure[data-chart] [data-chart-unit]").count(), path).toBe(
          charts,
        );
        expect(
          (await axeViolations(page)).filter(
            (violation) => violation.id === "scrollable-region-focusable",
          ),
          `scroll boxes on ${path}`,
        ).toEqual([]);
      }
      for (const [path, name] of [
        ["/", "chart-home-390"],
        ["/gpus", "chart-gpus-390"],
        ["/gpus/H100%20SXM", "chart-gpu-h100-390"],
      ] as const) {
        await page.goto(`${site.webUrl}${path}`);
        await screenshot(page, name);
      }
      await context.close();
    });

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
      expect(await page.locator('table[data-table="latest"] tbody tr').count()).toBe(
        LAB_IDS.length,
      );
      expect(await page.locator('a[data-series="openai"]').getAttribute("href")).toBe(
        "/?range=7D&labs=anthropic,openai",
      );
      await open(page, "/gpus?range=7D");
      expect(
        await page
          .locator('figure[data-chart="gpu-3m"] a[data-range="7D"]')
          .getAttribute("aria-current"),
      ).toBe("true");
      await context.close();
      await fetch(`${site.webUrl}/`);
      expect((await fetch(`${site.webUrl}/`)).headers.get("x-nextjs-cache")).toBe("HIT");
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
      // The chart is below the fold: hover() scrolls it into view first.
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
          (name) =>
            document.querySelector(`figure[data-chart="${name}"] .chart-area[tabindex="0"]`),
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
        "/labs/anthropic",
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
      expect(await gpuChart.locator('a[data-range="1M"]').getAttribute("aria-current")).toBe(
        "true",
      );
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
      await fetch(`${site.webUrl}/labs/anthropic`);
      expect((await fetch(`${site.webUrl}/labs/anthropic`)).headers.get("x-nextjs-cache")).toBe(
        "HIT",
      );
    });

    it("each page with a chart ships under 150 KB of gzipped JavaScript, island included", async () => {
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

    it("a keyed GPU's page shows its latest settled day from the api, locked, and the way to a key", async () => {
      const keyed = await trpc<{ gpu_type: string; day: string | null }[]>("gpu.keyedLatest");
      const rtx = keyed.find((entry) => entry.gpu_type === "RTX PRO 6000 WS");
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await open(page, "/gpus/RTX%20PRO%206000%20WS");
      expect(await page.locator("[data-keyed-latest]").getAttribute("data-keyed-latest")).toBe(
        rtx?.day ?? "",
      );
      expect(await page.locator("[data-keyed-latest] [data-locked]").count()).toBe(1);
      expect(await page.locator("main").textContent()).not.toMatch(/\$\d/);
      await context.close();
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
      const keyedCsv = await fetch(`${site.webUrl}/gpus/RTX%20PRO%206000%20WS/daily.csv`);
      expect(keyedCsv.status).toBe(404);
      expect(await keyedCsv.json()).toMatchObject({ error: "Not found" });

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
      expect(await meta("twitter:card")).toBe("summary_large_image");

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
    }, 180_000);

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

    it("every keyed /docs example answers 2xx with a Full plan key created by the operator CLI", async () => {
      type Reference = {
        routes: {
          examples: { method: string; pathAndQuery: string; withKey: boolean; body?: string }[];
        }[];
      };
      const reference = await internal<Reference>("apiReference");
      const keyed = reference.routes.flatMap((route) =>
        route.examples.filter((example) => example.withKey),
      );
      expect(keyed.length).toBeGreaterThan(0);
      const key = site.createKey("full");
      for (const example of keyed) {
        const send = (headers: Record<string, string>) =>
          fetch(`${site.apiUrl}${example.pathAndQuery}`, {
            method: example.method,
            headers: {
              ...headers,
              ...(example.body === undefined ? {} : { "content-type": "application/json" }),
            },
            ...(example.body === undefined ? {} : { body: example.body }),
          });
        const label = `${example.method} ${example.pathAndQuery}`;
        expect((await send({ authorization: `Bearer ${key}` })).status, label).toBeLessThan(300);
      }
      // The docs page shows each keyed example with the header a reader must add.
      const html = await (await fetch(`${site.webUrl}/docs`)).text();
      expect(html).toContain("Authorization: Bearer");
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
  describe("website accounts: sign-up to key, usage and revocation", () => {
    const PASSWORD = "correct horse battery staple";
    const ACCOUNT_PAGES = [
      "/account/sign-in",
      "/account/sign-up",
      "/account/reset-password",
      "/account/reset-password?token=not-a-real-token",
      "/account/verify-email?token=not-a-real-token",
      "/account",
      "/account/new-key",
      "/account/admin",
    ];

    async function signUpAndConfirm(page: Page, email: string): Promise<void> {
      await open(page, "/account/sign-up");
      await page.fill('form[data-form="sign-up"] input[name="email"]', email);
      await page.fill('form[data-form="sign-up"] input[name="password"]', PASSWORD);
      await page.click('form[data-form="sign-up"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/sign-in`);
      expect(await page.locator('[data-flash="notice"]').textContent()).toBeTruthy();
      const link = await site.mailedLink(email, "/account/verify-email");
      expect(link.startsWith(`${site.webUrl}/account/verify-email?token=`)).toBe(true);
      await page.goto(link);
      await page.click('form[data-form="verify-email"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/sign-in`);
      expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
    }

    /** Signs in; returns the Set-Cookie header of the sign-in answer. */
    async function signIn(page: Page, email: string, password = PASSWORD): Promise<string> {
      await open(page, "/account/sign-in");
      await page.fill('form[data-form="sign-in"] input[name="email"]', email);
      await page.fill('form[data-form="sign-in"] input[name="password"]', password);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith("/account/do/sign-in")),
        page.click('form[data-form="sign-in"] button[type="submit"]'),
      ]);
      await page.waitForLoadState("load");
      return (await answer.headerValue("set-cookie")) ?? "";
    }

    async function sessionCookie(page: Page): Promise<string | undefined> {
      const cookies = await page.context().cookies(site.webUrl);
      return cookies.find((cookie) => cookie.name === "tpi_session")?.value;
    }

    async function keyRows(page: Page): Promise<number> {
      await open(page, "/account");
      return page.locator('table[data-table="keys"] tbody tr').count();
    }

    it("signs up, confirms, signs in, is refused keys on trial, and after an upgrade creates, copies, uses, counts and revokes a key", async () => {
      const context = await browser.newContext();
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: site.webUrl,
      });
      const page = await context.newPage();
      // Signed out, the account page leads to the sign-in page.
      await open(page, "/account");
      expect(page.url()).toBe(`${site.webUrl}/account/sign-in`);

      const email = `e2e-${Date.now()}@example.com`;
      await signUpAndConfirm(page, email);

      const setCookie = await signIn(page, email);
      expect(page.url()).toBe(`${site.webUrl}/account`);
      expect(setCookie).toMatch(/^tpi_session=[^;]+;/);
      expect(setCookie).toContain("HttpOnly");
      expect(setCookie).toContain("SameSite=Lax");
      expect(setCookie).toContain("Path=/");
      const cookie = (await context.cookies(site.webUrl)).find((c) => c.name === "tpi_session");
      expect(cookie?.httpOnly).toBe(true);
      expect(await page.evaluate(() => document.cookie)).not.toContain("tpi_session");
      expect(await page.locator('[data-account="email"]').textContent()).toBe(email);
      expect(await page.locator('[data-account="plan"]').textContent()).toBe("trial");
      expect(await page.locator("[data-key-refusal]").textContent()).toContain(
        "not available on trial accounts",
      );
      expect(await page.locator("[data-key-refusal]").textContent()).toContain(
        "tpi accounts set-plan",
      );
      expect(await page.locator('form[data-form="create-key"]').count()).toBe(0);
      const account = await page.request.get(`${site.webUrl}/account`);
      expect(account.headers()["cache-control"]).toContain("no-store");

      // Session fixation: signing in again ends the held session and sets a new one.
      const first = await sessionCookie(page);
      await signIn(page, email);
      const second = await sessionCookie(page);
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      const stale = await browser.newContext();
      await stale.addCookies([{ name: "tpi_session", value: first ?? "", url: site.webUrl }]);
      const stalePage = await stale.newPage();
      await stalePage.goto(`${site.webUrl}/account`);
      expect(new URL(stalePage.url()).pathname).toBe("/account/sign-in");
      await stale.close();

      // An operator upgrades the account with the CLI.
      const line = site
        .cli(["accounts", "list"])
        .split("\n")
        .find((entry) => entry.includes(`<${email}>`));
      const accountId = line?.split(" ")[0] ?? "";
      expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
      site.cli(["accounts", "set-plan", "--account", accountId, "--plan", "premium"]);
      await open(page, "/account");
      expect(await page.locator('[data-account="plan"]').textContent()).toBe("premium");
      expect(await page.locator("[data-key-refusal]").count()).toBe(0);

      // CSRF: a state change without the session's token, or with a wrong one, changes nothing.
      for (const form of [
        { name: "forged" } as Record<string, string>,
        { name: "forged", csrfToken: "wrong" },
      ]) {
        const answer = await page.request.post(`${site.webUrl}/account/do/create-key`, {
          form,
          maxRedirects: 0,
        });
        expect(answer.status()).toBe(303);
        expect(answer.headers().location).toBe("/account");
      }
      expect(await keyRows(page)).toBe(0);
      // Only account pages as redirect targets, as relative paths.
      const unknown = await page.request.post(`${site.webUrl}/account/do/no-such-action`, {
        maxRedirects: 0,
      });
      expect(unknown.status()).toBe(404);

      // The key, shown once, copied with the button.
      await open(page, "/account");
      await page.fill('form[data-form="create-key"] input[name="name"]', "e2e-web");
      await page.click('form[data-form="create-key"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/new-key`);
      const key = await page.locator("[data-new-key]").inputValue();
      expect(key.length).toBeGreaterThan(20);
      await screenshot(page, "account-new-key-1280");
      await page.click("[data-copy-button]");
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 })
        .toBe(key);
      await open(page, "/account/new-key");
      expect(await page.locator("[data-new-key]").count()).toBe(0);
      expect(await page.locator("[data-new-key-gone]").count()).toBe(1);
      expect(await page.content()).not.toContain(key);

      // The key works against the api, and its use is counted on the account page.
      for (let call = 0; call < 3; call += 1) {
        const answer = await fetch(`${site.apiUrl}/api/otpi`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(answer.status).toBe(200);
      }
      await open(page, "/account");
      const keyId = await page
        .locator('table[data-table="keys"] tbody tr[data-key-state="active"]')
        .getAttribute("data-key-id");
      const today = new Date().toISOString().slice(0, 10);
      await expect
        .poll(
          async () => {
            await open(page, "/account");
            const cell = page.locator(
              `table[data-table="usage"] tr[data-day="${today}"] td[data-key-id="${keyId}"]`,
            );
            return Number((await cell.textContent()) ?? "0");
          },
          { timeout: 40_000, interval: 2_000 },
        )
        .toBeGreaterThanOrEqual(3);
      await screenshot(page, "account-1280");

      // Revoked on the website: the api refuses the key.
      await page.click(`tr[data-key-id="${keyId}"] button[type="submit"]`);
      await page.waitForURL(`${site.webUrl}/account`);
      expect(await page.locator(`tr[data-key-id="${keyId}"]`).getAttribute("data-key-state")).toBe(
        "revoked",
      );
      await expect
        .poll(
          async () =>
            (
              await fetch(`${site.apiUrl}/api/otpi`, {
                headers: { authorization: `Bearer ${key}` },
              })
            ).status,
          { timeout: 10_000, interval: 500 },
        )
        .toBe(401);

      // Every account page: screenshots, contrast and axe at 1280 and 390 px (signed in).
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        for (const path of ACCOUNT_PAGES) {
          // Signed in without the admin role: the admin page refuses with 403 and its own text.
          await open(page, path, path === "/account/admin" ? 403 : 200);
          const name = path.replace(/[/?=]+/g, "-").replace(/^-/, "");
          await screenshot(page, `${name}-${width}`);
          expect(await contrastFailures(page), `contrast on ${path} at ${width}`).toEqual([]);
          expect(await axeViolations(page), `axe-core on ${path} at ${width}`).toEqual([]);
        }
      }
      expect(await page.locator("[data-admin-refused]").count()).toBe(1);
      // The refusal is in the server's HTML, not drawn by the browser.
      const cookieHeader = (await page.context().cookies(site.webUrl))
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join("; ");
      const refused = await fetch(`${site.webUrl}/account/admin`, {
        headers: { cookie: cookieHeader },
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("This page is for administrators only.");

      // Sign-out ends the session and clears the cookie.
      await open(page, "/account");
      await page.click('form[data-form="sign-out"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/sign-in`);
      expect(await sessionCookie(page)).toBeUndefined();
      await context.close();
    }, 240_000);

    it("admin page: an admin sets a plan, and the action is logged", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const email = `e2e-admin-${Date.now()}@example.com`;
      await signUpAndConfirm(page, email);
      site.cli(["accounts", "grant-admin", email]);
      // A key of another account (made on the command line), which the admin revokes below.
      const otherKey = site.createKey("full");
      await signIn(page, email);
      await open(page, "/account/admin");
      const row = page.locator(`table[data-table="admin-accounts"] tr`, { hasText: email });
      await row.locator('select[name="plan"]').selectOption("full");
      await row.locator('button[type="submit"]').click();
      await page.waitForURL(`${site.webUrl}/account/admin`);
      expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
      expect(await page.locator('table[data-table="admin-actions"]').textContent()).toContain(
        "set",
      );

      // Every active key is listed with its account; the admin revokes one with its button.
      const keyRow = page.locator(
        `table[data-table="admin-keys"] tr[data-key-prefix="${displayPrefixOf(otherKey)}"]`,
      );
      expect(await keyRow.count()).toBe(1);
      expect(await keyRow.textContent()).toContain("e2e-full");
      const otherKeyId = await keyRow.getAttribute("data-key-id");
      const withOtherKey = () =>
        fetch(`${site.apiUrl}/api/otpi`, { headers: { authorization: `Bearer ${otherKey}` } });
      expect((await withOtherKey()).status).toBe(200);
      await screenshot(page, "account-admin-keys-1280");
      expect(await axeViolations(page), "axe-core on the admin key list").toEqual([]);
      expect(await contrastFailures(page), "contrast on the admin key list").toEqual([]);
      await keyRow.locator('button[type="submit"]').click();
      await page.waitForURL(`${site.webUrl}/account/admin`);
      expect(await page.locator('[data-flash="notice"]').textContent()).toContain("revoked");
      expect(await keyRow.count()).toBe(0);
      expect(await page.locator('table[data-table="admin-actions"]').textContent()).toContain(
        `key:${otherKeyId}`,
      );
      // The api that revoked it refuses it at once.
      expect((await withOtherKey()).status).toBe(401);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await open(page, "/account/admin");
        await screenshot(page, `account-admin-signed-in-admin-${width}`);
        expect(await axeViolations(page), `axe-core on /account/admin at ${width}`).toEqual([]);
        expect(await contrastFailures(page), `contrast on /account/admin at ${width}`).toEqual([]);
      }
      await context.close();
    }, 120_000);

    it("lists the account's sessions and signs out the other browsers", async () => {
      const email = `e2e-sessions-${Date.now()}@example.com`;
      const laptop = await browser.newContext();
      const phone = await browser.newContext({ javaScriptEnabled: false });
      const laptopPage = await laptop.newPage();
      const phonePage = await phone.newPage();
      await signUpAndConfirm(laptopPage, email);
      await signIn(laptopPage, email);
      await signIn(phonePage, email);

      await open(laptopPage, "/account");
      const rows = laptopPage.locator('table[data-table="sessions"] tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await laptopPage.locator('tr[data-session="current"]').textContent()).toContain(
        "This browser",
      );
      await screenshot(laptopPage, "account-sessions-1280");
      expect(await axeViolations(laptopPage), "axe-core on /account with sessions").toEqual([]);

      await laptopPage.click('form[data-form="sign-out-others"] button[type="submit"]');
      await laptopPage.waitForURL(`${site.webUrl}/account`);
      expect(await laptopPage.locator('[data-flash="notice"]').textContent()).toContain(
        "1 session ended",
      );
      expect(await rows.count()).toBe(1);
      expect(await laptopPage.locator('form[data-form="sign-out-others"]').count()).toBe(0);

      // The phone's session is over: its next account page asks it to sign in.
      await phonePage.goto(`${site.webUrl}/account`);
      expect(new URL(phonePage.url()).pathname).toBe("/account/sign-in");
      await laptop.close();
      await phone.close();
    }, 120_000);

    it("resets a password with the mailed link", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const email = `e2e-reset-${Date.now()}@example.com`;
      await signUpAndConfirm(page, email);
      await open(page, "/account/reset-password");
      await page.fill('form[data-form="reset-request"] input[name="email"]', email);
      await page.click('form[data-form="reset-request"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/reset-password`);
      expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
      const link = await site.mailedLink(email, "/account/reset-password");
      await page.goto(link);

      // A password the api refuses (too short; posted directly, past the browser's own check)
      // comes back to the same link's form with the api's words, not to the request form.
      const mailToken = new URL(link).searchParams.get("token") ?? "";
      const refusedPost = await context.request.post(`${site.webUrl}/account/do/reset-password`, {
        form: {
          formToken:
            (await page
              .locator('form[data-form="reset-password"] input[name="formToken"]')
              .getAttribute("value")) ?? "",
          token: mailToken,
          password: "short",
        },
        maxRedirects: 0,
      });
      expect(refusedPost.status()).toBe(303);
      expect(refusedPost.headers().location).toBe(`/account/reset-password?token=${mailToken}`);
      await open(page, refusedPost.headers().location ?? "");
      expect(await page.locator('[data-flash="error"]').textContent()).toContain(
        "at least 10 characters",
      );
      expect(await page.locator('form[data-form="reset-password"]').count()).toBe(1);

      const newPassword = "another long password 42";
      await page.fill('form[data-form="reset-password"] input[name="password"]', newPassword);
      await page.click('form[data-form="reset-password"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/sign-in`);
      await signIn(page, email, newPassword);
      expect(page.url()).toBe(`${site.webUrl}/account`);
      // The used link is dead: a new password through it goes back to the request form.
      await page.goto(link);
      await page.fill('form[data-form="reset-password"] input[name="password"]', newPassword);
      await page.click('form[data-form="reset-password"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/reset-password`);
      expect(await page.locator('[data-flash="error"]').textContent()).toContain(
        "invalid, already used or expired",
      );
      await context.close();
    }, 120_000);

    it("repeated wrong passwords get the api's 429 words with the wait", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const email = `e2e-brute-${Date.now()}@example.com`;
      let refused = false;
      for (let attempt = 0; attempt < 8 && !refused; attempt += 1) {
        await signIn(page, email, "wrong password 123");
        expect(new URL(page.url()).pathname).toBe("/account/sign-in");
        refused = (await page.locator("[data-retry-after]").count()) === 1;
      }
      expect(refused).toBe(true);
      expect(await page.locator('[data-flash="error"]').textContent()).toMatch(/Try again in \d+/);
      await screenshot(page, "account-sign-in-429-1280");
      await context.close();
    }, 120_000);
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
    expect(await page.locator('[data-key-teaser] a[href="/account/sign-up"]').count()).toBe(1);
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
