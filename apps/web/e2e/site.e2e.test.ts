import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeWindow } from "@tpi/domain";
import { formatUsd } from "../src/lib/format";
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
    expect(download.suggestedFilename()).toBe(
      `tpi-anthropic-${window.startDate}-to-${window.endDate}.csv`,
    );
    const path = await download.path();
    const lines = readFileSync(path, "utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,lab,indexPerMtok,computedAt");
    const csvRows = lines.slice(1).map((line) => line.split(","));
    expect(csvRows.map(([date, , value]) => ({ date, raw: value }))).toEqual(
      table.map(({ date, raw }) => ({ date, raw })),
    );
    expect(csvRows.map(([, lab, , computedAt]) => ({ lab, computedAt }))).toEqual(
      expected.map(({ lab, computedAt }) => ({ lab, computedAt })),
    );
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
    for (const path of ["/", "/labs/anthropic", "/methodology", "/docs"]) {
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

  it("text on every page passes WCAG AA contrast", async () => {
    const page = await browser.newPage();
    for (const path of [
      "/",
      "/labs/anthropic",
      "/labs/mistralai",
      "/gpus",
      "/methodology",
      "/docs",
      "/labs/not-a-lab",
    ]) {
      await page.goto(`${site.webUrl}${path}`);
      expect(await contrastFailures(page), `contrast on ${path}`).toEqual([]);
    }
    await page.close();
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
    expect(await page.locator("[data-gpu-state]").count()).toBe(0);
    const shown = await page.$$eval('table[data-table="gpu-latest"] tbody tr', (rows) =>
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
});
