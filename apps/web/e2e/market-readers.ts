import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { PLAN_LABELS } from "@tpi/domain";
import { directFetch } from "./api-helpers";
import { MARKETS } from "../src/markets";
import { DESKTOP_VIEWPORT, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

/** The password of every account the readers sign up (a test signs in again with it). */
export const READER_PASSWORD = "correct horse battery staple";
const PASSWORD = READER_PASSWORD;

type Plan = "trial" | "premium" | "full";

/**
 * Signs up `email` in `page`'s context, verifies it through the mailed link, puts the account
 * on `plan` with the operator's CLI (a new account is on its Trial) and signs in: the page is
 * then on /account, and its context reads each market's pages as that plan does. Each test file
 * gives its context its own visitor address: the api allows 5 sign-ups an hour per address.
 */
export async function signInOnPlan(page: Page, email: string, plan: Plan): Promise<void> {
  await open(page, "/account/sign-up");
  await page.fill('form[data-form="sign-up"] input[name="email"]', email);
  await page.fill('form[data-form="sign-up"] input[name="password"]', PASSWORD);
  await page.click('form[data-form="sign-up"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account/sign-in`);
  await page.goto(await site.mailedLink(email, "/account/verify-email"));
  await page.click('form[data-form="verify-email"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account/sign-in`);
  if (plan !== "trial") {
    const accountId =
      site
        .cli(["accounts", "list"])
        .split("\n")
        .find((entry) => entry.includes(`<${email}>`))
        ?.split(" ")[0] ?? "";
    site.cli(["accounts", "set-plan", "--account", accountId, "--plan", plan]);
  }
  await page.fill('form[data-form="sign-in"] input[name="email"]', email);
  await page.fill('form[data-form="sign-in"] input[name="password"]', PASSWORD);
  await page.click('form[data-form="sign-in"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account`);
}

/** What the api answers a new key of `plan` for `path` (a 200, else the test fails). */
async function keyedAnswer<T>(path: string, plan: Plan): Promise<T> {
  const response = await directFetch(`${site.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${site.createKey(plan)}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A browser test file's readers, set up before its tests and closed after them. */
export type Readers = {
  browser: Browser;
  /** A visitor's context. */
  visitor: BrowserContext;
  /** The signed-in reader's context, from the file's own visitor address. */
  reader: BrowserContext;
  /** The reader's page the sign-in left on /account, open for the file's tests. */
  page: Page;
  /** The reader's address (`<name>-<time>@example.com`). */
  email: string;
  /** A new page of the visitor, at a desktop's width. */
  desktopVisitor: () => Promise<Page>;
  /**
   * `path` opened at a desktop's width in the reader's `page` (their open page unless given),
   * once its header says who is signed in and on which plan: the page reads as that plan does.
   */
  openSignedIn: (path: string, page?: Page) => Promise<Page>;
  /** What the api answers a new key of the reader's plan for `path`: what the pages should show. */
  keyAnswer: <T>(path: string) => Promise<T>;
  /** A new context of the same signed-in reader, without JavaScript. */
  withoutScript: () => Promise<BrowserContext>;
  /** A page of a new visitor without JavaScript (closed with the readers). */
  scriptlessVisitor: () => Promise<Page>;
  /**
   * A market's page as a new visitor sees it without JavaScript, at a desktop's width: the
   * locked state and what is public on it (see `expectLockedToVisitor`). Answers the page, left
   * on it, and the text of its main part.
   */
  lockedToVisitor: (
    market: string,
    expected: LockedExpectations,
  ) => Promise<{ page: Page; body: string }>;
};

/**
 * The readers of a browser test file (`name` names its accounts): the browser, a visitor, and a
 * reader signed in on `plan` from the file's own visitor address (`address`: the api allows 5
 * sign-ups an hour per address, and every browser test file signs up through the one api).
 */
export function signedInReaders(name: string, plan: Plan, address: string): Readers {
  const email = `${name}-${Date.now()}@example.com`;
  const headers = { "x-forwarded-for": address };
  let state: Pick<Readers, "browser" | "visitor" | "reader" | "page"> | undefined;
  const scriptless: BrowserContext[] = [];
  beforeAll(async () => {
    const browser = await launchBrowser();
    const visitor = await browser.newContext();
    const reader = await browser.newContext({ extraHTTPHeaders: headers });
    const page = await reader.newPage();
    await signInOnPlan(page, email, plan);
    state = { browser, visitor, reader, page };
  });
  afterAll(async () => {
    for (const context of scriptless) await context.close();
    await state?.visitor.close();
    await state?.reader.close();
    await state?.browser.close();
  });
  const ready = () => {
    if (state === undefined) throw new Error(`${name}: the readers are set up before the tests`);
    return state;
  };
  const scriptlessVisitor = async (): Promise<Page> => {
    const context = await ready().browser.newContext({ javaScriptEnabled: false });
    scriptless.push(context);
    return context.newPage();
  };
  return {
    email,
    get browser() {
      return ready().browser;
    },
    get visitor() {
      return ready().visitor;
    },
    get reader() {
      return ready().reader;
    },
    get page() {
      return ready().page;
    },
    desktopVisitor: async () => {
      const page = await ready().visitor.newPage();
      await page.setViewportSize(DESKTOP_VIEWPORT);
      return page;
    },
    openSignedIn: async (path, page = ready().page) => {
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await open(page, path);
      expect(await page.locator("[data-signed-in]").textContent()).toContain(
        `Signed in as ${email} (${PLAN_LABELS[plan]} plan)`,
      );
      return page;
    },
    keyAnswer: (path) => keyedAnswer(path, plan),
    withoutScript: async () =>
      ready().browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: headers,
        storageState: await ready().reader.storageState(),
      }),
    scriptlessVisitor,
    lockedToVisitor: async (market, expected) => {
      const page = await scriptlessVisitor();
      await page.setViewportSize(DESKTOP_VIEWPORT);
      return { page, body: await expectLockedToVisitor(page, market, expected) };
    },
  };
}

/** What a market's page shows a visitor: see `expectLockedToVisitor`. */
type LockedExpectations = {
  locked: string;
  plans: string;
  shown?: readonly string[];
  hidden?: readonly string[];
  docsSections?: number;
  /** A CSV download of the page's (`/workload/history.csv`), refused with the api's 401. */
  refusedCsv?: string;
};

/**
 * A market's page as a visitor sees it, the market named as the market list names it (`market`):
 * its section's page, current in the navigation; one locked state (`locked`, its selector) that
 * names the plans reading the values (`plans`) and links to the sign-up; what is public on it
 * (`shown`, each selector found) and what only a plan reads (`hidden`, none found); with
 * `docsSections`, that many api routes linked to their reference, each landing at its section of
 * /docs; the market's card, where it has one, as the page's image; and, with `refusedCsv`, that
 * download refused. A screenshot keeps the page (`<market>-visitor`). Answers the text of its
 * main part.
 */
async function expectLockedToVisitor(
  page: Page,
  market: string,
  { locked, plans, shown = [], hidden = [], docsSections, refusedCsv }: LockedExpectations,
): Promise<string> {
  const entry = MARKETS.find((one) => one.name === market);
  const section = entry?.sections[0];
  if (entry === undefined || section === undefined) throw new Error(`no market ${market}`);
  await open(page, section.href);
  expect(await page.locator('nav.site-nav a[aria-current="page"]').textContent()).toBe(
    section.label,
  );
  const state = page.locator(locked);
  expect(await state.count()).toBe(1);
  expect(await state.textContent()).toContain(plans);
  expect(await state.locator('a[href="/account/sign-up"]').count()).toBeGreaterThan(0);
  for (const selector of shown)
    expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
  for (const selector of hidden) expect(await page.locator(selector).count(), selector).toBe(0);
  if (docsSections !== undefined) await expectDocsLinksLand(page, docsSections);
  if (entry.cardOf?.([market]) !== undefined) await expectCardImage(page, market);
  if (refusedCsv !== undefined) await expectKeylessRefusal(page, refusedCsv);
  await screenshot(page, `${market}-visitor`);
  return (await page.locator("main").textContent()) ?? "";
}

/**
 * The open page's links to the api routes' reference (`count` sections), each landing at its
 * section of /docs, read in a page of its own so that this one stays where it is.
 */
async function expectDocsLinksLand(page: Page, count: number): Promise<void> {
  const docsLinks = await page.$$eval('a[href^="/docs#route-"]', (links) => [
    ...new Set(links.map((link) => link.getAttribute("href")?.split("#")[1] ?? "")),
  ]);
  expect(docsLinks).toHaveLength(count);
  const docs = await page.context().newPage();
  await open(docs, "/docs");
  for (const id of docsLinks) expect(await docs.locator(`[id="${id}"]`).count(), id).toBe(1);
  await docs.close();
}

/**
 * The open series page's chart as a reader reads it: each of its answer's sources cited under
 * it, and, its script running, hovered at its newest day (the plot's right edge). Answers the
 * tooltip's text.
 */
export async function readSeriesChart(
  page: Page,
  sources: readonly { citation: string | null }[],
): Promise<string> {
  const cited = (await page.locator("[data-chart-sources]").textContent()) ?? "";
  for (const { citation } of sources) if (citation !== null) expect(cited).toContain(citation);
  await page.waitForFunction(() => document.querySelector('.chart-area[tabindex="0"]'));
  const area = page.locator("figure.chart .chart-area");
  const box = await area.boundingBox();
  await area.hover({ position: { x: (box?.width ?? 4) - 2, y: (box?.height ?? 2) / 2 } });
  const tooltip = page.locator("[data-chart-tooltip]");
  await tooltip.waitFor();
  return (await tooltip.textContent()) ?? "";
}

/** A market's card (`/og/<name>`): the page's image, and a real PNG. */
async function expectCardImage(page: Page, name: string): Promise<void> {
  expect(await page.getAttribute('meta[property="og:image"]', "content")).toMatch(
    new RegExp(`/og/${name}$`),
  );
  const card = await page.request.get(`${site.webUrl}/og/${name}`);
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
}

/** A download a visitor is refused: the api's 401, in its JSON. */
async function expectKeylessRefusal(page: Page, path: string): Promise<void> {
  const csv = await page.request.get(`${site.webUrl}${path}`);
  expect(csv.status()).toBe(401);
  expect(((await csv.json()) as { error: string }).error).toBe("Unauthorized");
}

/**
 * A CSV download through the page's session (never a key): a 200 never kept by a shared cache;
 * its header and its lines.
 */
export async function privateCsv(
  page: Page,
  href: string,
): Promise<{ header: string | undefined; lines: string[] }> {
  const csv = await page.request.get(`${site.webUrl}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["cache-control"]).toBe("private, no-store");
  const [header, ...lines] = (await csv.text()).trim().split("\r\n");
  return { header, lines };
}
