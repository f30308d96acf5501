import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { isLoopbackHost, recordRefused } from "../../../tooling/vitest/loopback-only.mjs";
import { ARTIFACTS_DIR, CHROMIUM_PATH } from "./harness";
import { site } from "./site";

/**
 * The website in a real Chromium against a real api (embedded PostgreSQL, sample data): every
 * page answers 200, shows the values `/api/otpi` returns for the same day, renders them without
 * JavaScript, and, when asked, a screenshot of each page is saved under test-artifacts/. This module holds
 * what the test files share in the browser: the launch, the list of pages, opening and shooting.
 */

/** Without it every browser test skips (global-setup.ts says so once and starts no site). */
export const chromiumPresent = existsSync(CHROMIUM_PATH);
/** CI sets this so that a missing browser fails the run instead of skipping the tests. */
export const browserRequired = process.env.TPI_REQUIRE_BROWSER_TESTS === "1";

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No host name but loopback's resolves (the tests' loopback guard, for the browser).
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

/**
 * Pages talk to the site on loopback only, as every test does (tooling/vitest/loopback-only.mjs):
 * Chromium resolves no other host name (LAUNCH_ARGS), and a request of a page to any other host
 * is recorded and fails the test.
 */
function loopbackOnly(context: BrowserContext): void {
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && !isLoopbackHost(url.hostname))
      recordRefused(`a browser request to ${request.url()}`);
  });
}

/**
 * A Chromium for one test file. Each file launches its own (about a second): Vitest runs every
 * file in its own process, and a browser cannot be handed from one process to another. Every
 * context it opens (and every page opened without one) refuses hosts other than loopback.
 */
export async function launchBrowser(): Promise<Browser> {
  // playwright-core gives each launch a fresh temporary profile (the notes' fresh --user-data-dir).
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    loopbackOnly(context);
    return context;
  };
  browser.newPage = async (...args) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Browser#newPage does: the page's context closes with it.
    page.once("close", () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Every page of the site, each with the chrome (banner, footer) of every other. */
export const ALL_PAGES = [
  "/",
  "/labs",
  "/labs/anthropic",
  "/labs/mistralai",
  "/gpus",
  "/gpus/H100%20SXM",
  "/gpus/RTX%20PRO%206000%20WS",
  "/volume",
  "/workload",
  "/neocloud",
  "/neocloud?scope=all&lat=30.27&lon=-97.74&radiusKm=500",
  "/methodology",
  "/methodology/gpu",
  "/docs",
  "/status",
  "/labs/not-a-lab",
  "/?range=7D&labs=anthropic,openai",
  "/gpus?range=1M",
  "/labs/anthropic?range=7D",
  "/gpus/H100%20SXM?range=1M",
  "/llm-coding/cc-vs-codex?range=1M",
  "/memory/mem_ddr5_16gb?range=1M",
  "/no/such/page",
] as const;

export async function open(
  page: Page,
  path: string,
  expectedStatus = 200,
  baseUrl = site.webUrl,
): Promise<void> {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(expectedStatus);
}

/** The page's width at a phone's (390 px) or a desktop's (1280 px), as the tests look at it. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

/** Nothing on the page reaches past the window's right edge (`label` names the view). */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow, ${label}`).toBeLessThanOrEqual(0);
}

/** The open page on a phone: no horizontal overflow there, and its screenshot (`name`). */
export async function expectFitsAPhone(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, `${name} at 390 px`);
  await screenshot(page, name);
}

/**
 * Whether the tests keep a full-page screenshot of each page they audit (under test-artifacts/),
 * for a person to look at: `TPI_E2E_SCREENSHOTS=1`. Off otherwise: a full-page screenshot costs
 * about as much as the page's axe run (a quarter of a second; four on /docs), and nothing reads
 * them in an unattended run (CI keeps no files of a run).
 */
export const screenshotsWanted = process.env.TPI_E2E_SCREENSHOTS === "1";

/** A full-page screenshot named `name`, when screenshots are wanted (above). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** [date, value attribute, displayed value] of each row of the lab history table. */
export async function historyTable(
  page: Page,
): Promise<{ date: string; raw: string; shown: string }[]> {
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
