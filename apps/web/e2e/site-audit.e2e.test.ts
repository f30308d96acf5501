import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { navLinks } from "../src/site/navigation";
import { publicPagePaths } from "../src/site/site-pages";
import { axeViolations, type AxeScope } from "./axe";
import { ALL_PAGES, chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { contrastFailures } from "./contrast";
import { site } from "./site";

/**
 * Every page of the site, in both colour schemes, on a desktop (1280 px) and a phone (390 px):
 * axe-core with all its default rules (WCAG A/AA, its best practices such as `region` and
 * `scrollable-region-focusable`, and its own colour contrast; in dark only its colour rules where
 * the page is audited in light at the same width, as the dark stylesheet changes colours only)
 * finds nothing, every text (SVG text too) has WCAG AA contrast on what is behind it
 * (contrast.ts), a dark page is dark, no page is wider than the screen, every form control is
 * readable (text 4.5:1 on the control, a field's border 3:1 on what surrounds it), the focus ring
 * of the first elements reached with Tab (the chrome every page shares: checked on the first page
 * of each scheme and width) stands out 3:1, the sample notice is at most two lines and the
 * navigation marks the current section. At 390 px
 * also what charts.e2e.test.ts checked in a second visit of every ALL_PAGES state: no element
 * reaches past the screen outside a scroll or clip box, chart tick labels are at least 11 px and
 * every chart's axis names its unit. Signed out, then signed in as an administrator.
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ["light", "dark"] as const;

/** The public pages (from the catalogs), the extra states ALL_PAGES visits and the sign-in pages. */
const SIGNED_OUT_PAGES = [
  ...new Set([
    ...publicPagePaths(),
    ...ALL_PAGES,
    "/labs",
    "/methodology/gpu",
    "/account/sign-in",
    "/account/sign-up",
    "/account/reset-password",
  ]),
];
/** An audit's colour scheme and window: each runs in its own browser context. */
type Combination = { scheme: (typeof SCHEMES)[number]; viewport: (typeof WIDTHS)[number] };
const COMBINATIONS: readonly Combination[] = SCHEMES.flatMap((scheme) =>
  WIDTHS.map((viewport) => ({ scheme, viewport })),
);
const isPhone = (combination: Combination | undefined) => (combination?.viewport.width ?? 0) < 500;

/**
 * Which combinations audit each page. Pages of one route that differ only in their catalogue id
 * (`/labs/<lab>`, `/gpus/<gpu>`, `/memory/<type>`, `/llm-coding/<product>`) share their template:
 * the first of each route, and every state ALL_PAGES names (a keyed lab's locked page, a search,
 * a missing page), are audited in every colour scheme and width; each other one in one of them,
 * in turn, so that every page is audited and every combination sees several of each route.
 * (Auditing all 50-odd in all four took 60% of the audit's time for what the first of each route
 * already shows.) A `range=` state is its page's template with another span of the same chart:
 * each is audited in one phone combination, in turn (the phone is where the chart's controls and
 * tables are narrowest, and the charts' 390 px checks run there), its page in all four.
 */
function combinationsOf(
  paths: readonly string[],
  combinations: readonly Combination[],
): Map<string, Set<number>> {
  const indexes = combinations.map((_combination, index) => index);
  const everyCombination = new Set(indexes);
  const phones = indexes.filter((index) => isPhone(combinations[index]));
  const seenRoutes = new Map<string, number>();
  let rangesSeen = 0;
  const result = new Map<string, Set<number>>();
  for (const path of paths) {
    const segments = path.split("/").filter(Boolean);
    if (/[?&]range=/.test(path)) {
      result.set(path, new Set([phones[rangesSeen % phones.length] ?? 0]));
      rangesSeen += 1;
      continue;
    }
    const isInstance =
      !path.includes("?") && segments.length === 2 && !ALL_PAGES.some((page) => page === path);
    const route = segments[0] ?? "";
    const seen = seenRoutes.get(route) ?? 0;
    if (isInstance) seenRoutes.set(route, seen + 1);
    result.set(
      path,
      !isInstance || seen === 0
        ? everyCombination
        : new Set([indexes[(seen - 1) % indexes.length] ?? 0]),
    );
  }
  return result;
}

/**
 * The pages only a signed-in administrator sees, and the Neo-Cloud Sites page as its Full plan
 * reads it (the map, the filter form and the tables).
 */
const SIGNED_IN_PAGES = [
  "/account",
  "/account/admin",
  "/neocloud",
  "/neocloud?scope=all&lat=30.27&lon=-97.74&radiusKm=500",
  "/neocloud?lat=100",
];

/**
 * Which navigation link each page marks (undefined: none): the link whose first path segment is
 * the page's, from the navigation's own list.
 */
function sectionOf(path: string): string | undefined {
  const firstSegment = (address: string) => address.split("?")[0]?.split("/").filter(Boolean)[0];
  const first = firstSegment(path);
  return navLinks().find((link) => firstSegment(link.href) === first)?.href;
}

type Finding = { path: string; scheme: string; width: number; problem: string };

/** The dark scheme's page background (the stylesheet's --bg in dark mode). */
const DARK_BACKGROUND = "rgb(18, 22, 28)";

/**
 * The colour scheme is a media feature the stylesheet answers with colours only: its dark-mode
 * rules may set colour properties and custom properties (the palette), nothing that moves, sizes
 * or hides anything. The audit relies on it: a page audited in light runs only axe's colour rules
 * again in dark (axe.ts). Each offending declaration, from the page's own stylesheets.
 */
async function darkModeChangesOnlyColours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const colourProperties = new Set([
      "color",
      "color-scheme",
      "background-color",
      "border-color",
      "border-top-color",
      "border-right-color",
      "border-bottom-color",
      "border-left-color",
      "outline-color",
      "text-decoration-color",
      "caret-color",
      "accent-color",
      "fill",
      "stroke",
    ]);
    const problems: string[] = [];
    const visit = (rules: CSSRuleList, inDarkMode: boolean) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) {
          visit(rule.cssRules, inDarkMode || /prefers-color-scheme/.test(rule.conditionText));
        } else if (rule instanceof CSSStyleRule && inDarkMode) {
          for (const property of rule.style)
            if (!property.startsWith("--") && !colourProperties.has(property))
              problems.push(`${rule.selectorText} { ${property} } in a colour-scheme rule`);
        }
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules, false);
    return problems;
  });
}

/** Text and border contrast of every visible button, field and select, measured in the page. */
async function controlFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (value: string): number[] | undefined => {
      const match = /rgba?\(([^)]+)\)/.exec(value);
      if (!match?.[1]) return undefined;
      const parts = match[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = (rgb: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return (
        0.2126 * channel(rgb[0] ?? 0) +
        0.7152 * channel(rgb[1] ?? 0) +
        0.0722 * channel(rgb[2] ?? 0)
      );
    };
    const ratio = (a: number[], b: number[]) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
    };
    /** The first opaque background at or above an element. */
    const backgroundOf = (start: Element | null): number[] => {
      for (let element = start; element !== null; element = element.parentElement) {
        const colour = parse(getComputedStyle(element).backgroundColor);
        if (colour !== undefined && (colour[3] ?? 1) > 0.99) return colour;
      }
      const root = parse(getComputedStyle(document.documentElement).backgroundColor);
      return root !== undefined && (root[3] ?? 0) > 0.99 ? root : [255, 255, 255, 1];
    };
    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, textarea, input:not([type="hidden"])',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      const name = `${control.tagName.toLowerCase()}${control.getAttribute("name") ? `[name=${control.getAttribute("name")}]` : ""} "${(control.textContent ?? "").trim().slice(0, 30)}"`;
      const ink = parse(style.color) ?? [0, 0, 0, 1];
      const surface = backgroundOf(control);
      const text = ratio(ink, surface);
      if (text < 4.5)
        problems.push(
          `${name}: text ${text.toFixed(2)}:1 (${style.color} on ${surface.join(",")})`,
        );
      if (control.tagName !== "BUTTON") {
        const border = parse(style.borderTopColor);
        const around = backgroundOf(control.parentElement);
        const edge = Math.max(border ? ratio(border, around) : 1, ratio(surface, around));
        if (edge < 3)
          problems.push(`${name}: edge ${edge.toFixed(2)}:1 against ${around.join(",")}`);
      }
    }
    return problems;
  });
}

/**
 * How many Tab presses the focus-ring check follows: the skip link, the brand and the navigation,
 * the same on every page, so it runs on the first page of each scheme and width.
 */
const FOCUS_STEPS = 12;

/** The focus ring of each of the first focusable elements, against what surrounds it (3:1). */
async function focusFindings(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (let step = 0; step < FOCUS_STEPS; step += 1) {
    await page.keyboard.press("Tab");
    const problem = await page.evaluate(() => {
      const element = document.activeElement;
      if (element === null || element === document.body) return undefined;
      const parse = (value: string): number[] | undefined => {
        const match = /rgba?\(([^)]+)\)/.exec(value);
        if (!match?.[1]) return undefined;
        const parts = match[1]
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number);
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const luminance = (rgb: number[]) => {
        const channel = (c: number) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return (
          0.2126 * channel(rgb[0] ?? 0) +
          0.7152 * channel(rgb[1] ?? 0) +
          0.0722 * channel(rgb[2] ?? 0)
        );
      };
      let around: number[] = [255, 255, 255, 1];
      for (let node = element.parentElement; node !== null; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour !== undefined && (colour[3] ?? 1) > 0.99) {
          around = colour;
          break;
        }
        if (node === document.documentElement) break;
      }
      const style = getComputedStyle(element);
      const label = `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
      if (style.outlineStyle === "none" || Number.parseFloat(style.outlineWidth) < 2)
        return `${label}: no focus ring`;
      const ring = parse(style.outlineColor) ?? [0, 0, 0, 1];
      const [high, low] = [luminance(ring), luminance(around)].sort((x, y) => y - x);
      const ratio = ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
      return ratio < 3
        ? `${label}: focus ring ${ratio.toFixed(2)}:1 on ${around.join(",")}`
        : undefined;
    });
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

/**
 * On a phone: visible elements that reach past the window's right edge outside any scroll or clip
 * box, chart tick labels under 11 px, and charts whose axis names no unit (measured in the page).
 */
async function phoneFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up !== null; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    for (const element of document.querySelectorAll("body *")) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5 && !clipped(element))
        problems.push(
          `overflows the screen: ${element.tagName.toLowerCase()}.${element.className}`,
        );
    }
    for (const label of document.querySelectorAll(".chart-x, .chart-y")) {
      const size = Number.parseFloat(getComputedStyle(label).fontSize);
      if (size < 11) problems.push(`chart tick label of ${size} px: "${label.textContent}"`);
    }
    for (const chart of document.querySelectorAll("figure[data-chart]"))
      if (chart.querySelector("[data-chart-unit]") === null)
        problems.push(`chart ${chart.getAttribute("data-chart")} names no unit`);
    return problems;
  });
}

async function auditPage(
  page: Page,
  path: string,
  scheme: string,
  width: number,
  expectedStatus: number,
  checkFocus: boolean,
  axeScope: AxeScope,
): Promise<Finding[]> {
  const response = await page.goto(`${site.webUrl}${path}`, { waitUntil: "load" });
  const found: string[] = [];
  if (response?.status() !== expectedStatus) found.push(`status ${response?.status()}`);
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (overflow.scrollWidth > overflow.clientWidth)
    found.push(`wider than the screen: ${overflow.scrollWidth} > ${overflow.clientWidth} px`);
  const current = await page
    .locator('.site-nav a[aria-current="page"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const section = sectionOf(path);
  const known = path === "/labs/not-a-lab" || path === "/no/such/page" ? undefined : section;
  if (JSON.stringify(current) !== JSON.stringify(known === undefined ? [] : [known]))
    found.push(`navigation marks ${JSON.stringify(current)}, expected ${known ?? "nothing"}`);
  if (current.length === 1) {
    const underline = await page
      .locator('.site-nav a[aria-current="page"]')
      .evaluate((link) => getComputedStyle(link).textDecorationLine);
    if (!underline.includes("underline")) found.push("the current page's link is not drawn apart");
  }
  // The sample notice is one or two lines, on a phone too (it used to fill 43% of the screen).
  const bannerLines = await page.locator("[data-sample-banner] p").evaluateAll((lines) =>
    lines.map((line) => {
      const lineHeight = Number.parseFloat(getComputedStyle(line).lineHeight);
      return Math.round(line.getBoundingClientRect().height / lineHeight);
    }),
  );
  if (bannerLines.length !== 1 || (bannerLines[0] ?? 0) > 2)
    found.push(`sample banner lines: ${JSON.stringify(bannerLines)}`);
  if (scheme === "dark") {
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    if (background !== DARK_BACKGROUND)
      found.push(`not dark: the page's background is ${background}`);
  }
  if (width < 500) found.push(...(await phoneFindings(page)));
  for (const failure of await contrastFailures(page))
    found.push(
      `contrast ${failure.ratio.toFixed(2)}:1 < ${failure.required}:1 for "${failure.text}" (${failure.color} on ${failure.background})`,
    );
  found.push(...(await controlFindings(page)));
  if (checkFocus) found.push(...(await focusFindings(page)));
  for (const violation of await axeViolations(page, { rules: "default", scope: axeScope }))
    found.push(`axe ${violation.id} (${violation.impact}): ${violation.targets.join(" | ")}`);
  return found.map((problem) => ({ path, scheme, width, problem }));
}

/**
 * Audits `paths` in every colour scheme and width, each combination in its own context and page
 * of the one browser, all at once: the site renders one page while the browser audits another.
 */
async function auditAll(
  browser: Browser,
  paths: readonly string[],
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Finding[]> {
  const auditedIn = combinationsOf(paths, COMBINATIONS);
  const perCombination = await Promise.all(
    COMBINATIONS.map(async ({ scheme, viewport }, combination) => {
      const context = await browser.newContext({
        colorScheme: scheme,
        viewport,
        ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        await prepare?.(context);
        const page = await context.newPage();
        const findings: Finding[] = [];
        const audited = paths.filter((path) => auditedIn.get(path)?.has(combination));
        for (const [index, path] of audited.entries()) {
          const status = path === "/labs/not-a-lab" || path === "/no/such/page" ? 404 : 200;
          // In dark, a page this audit also reads in light at the same width runs only axe's
          // colour rules (the rest read what both schemes share).
          const auditedInLight = COMBINATIONS.some(
            (other, otherIndex) =>
              other.scheme === "light" &&
              other.viewport.width === viewport.width &&
              auditedIn.get(path)?.has(otherIndex),
          );
          const axeScope = scheme === "dark" && auditedInLight ? "colours" : "everything";
          findings.push(
            ...(await auditPage(page, path, scheme, viewport.width, status, index === 0, axeScope)),
          );
        }
        await screenshot(page, `audit-last-${scheme}-${viewport.width}`);
        return findings;
      } finally {
        await context.close();
      }
    }),
  );
  return perCombination.flat();
}

describe.skipIf(!chromiumPresent)("every page, both themes, desktop and phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists every public page of the catalogs and the sign-in pages", () => {
    expect(SIGNED_OUT_PAGES).toEqual(expect.arrayContaining(publicPagePaths()));
    expect(SIGNED_OUT_PAGES.length).toBeGreaterThan(25);
    // Every page in at least one combination, the site's own pages and ALL_PAGES' states in all,
    // each range of a chart on a phone.
    const auditedIn = combinationsOf(SIGNED_OUT_PAGES, COMBINATIONS);
    for (const path of SIGNED_OUT_PAGES) expect(auditedIn.get(path)?.size, path).toBeGreaterThan(0);
    const ranges = ALL_PAGES.filter((path) => path.includes("range="));
    expect(ranges.length).toBeGreaterThan(0);
    for (const path of [...ALL_PAGES, "/docs", "/account/sign-in"]) {
      const combinations = [...(auditedIn.get(path) ?? [])];
      if (ranges.some((range) => range === path)) {
        expect(combinations, path).toHaveLength(1);
        expect(isPhone(COMBINATIONS[combinations[0] ?? -1]), path).toBe(true);
      } else expect(combinations, path).toHaveLength(4);
    }
  });

  it("the dark scheme changes colours only, so a dark audit of a page read in light runs axe's colour rules alone", async () => {
    const page = await browser.newPage();
    await open(page, "/");
    expect(await darkModeChangesOnlyColours(page)).toEqual([]);
    await page.close();
  });

  it("signed out: axe finds nothing, nothing is wider than the screen, controls are readable, the section is marked, charts fit a phone", async () => {
    const findings = await auditAll(browser, SIGNED_OUT_PAGES);
    expect(findings).toEqual([]);
  }, 900_000);

  it("signed in as an administrator: /account, /account/admin and the Full plan's /neocloud", async () => {
    const email = `e2e-audit-${Date.now()}@example.com`;
    const password = "correct horse battery staple";
    // Its own visitor address (the harness trusts one proxy hop): the api allows 5 sign-ups an
    // hour per address, and every browser test file signs up through the one api.
    const setup = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "192.0.2.42" },
    });
    const page = await setup.newPage();
    await open(page, "/account/sign-up");
    await page.fill('form[data-form="sign-up"] input[name="email"]', email);
    await page.fill('form[data-form="sign-up"] input[name="password"]', password);
    await page.click('form[data-form="sign-up"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    await page.goto(await site.mailedLink(email, "/account/verify-email"));
    await page.click('form[data-form="verify-email"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    site.cli(["accounts", "grant-admin", email]);
    // A key of another account, so that the admin page's key list has a row to lay out.
    site.createKey("full");
    await page.fill('form[data-form="sign-in"] input[name="email"]', email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', password);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== "/account/sign-in"),
      page.click('form[data-form="sign-in"] button[type="submit"]'),
    ]);
    expect(new URL(page.url()).pathname).toBe("/account");
    // The administrator gives its own account the Full plan and makes a key, so that /account
    // lays out its key list too.
    await open(page, "/account/admin");
    const row = page.locator('table[data-table="admin-accounts"] tr', { hasText: email });
    await row.locator('select[name="plan"]').selectOption("full");
    await Promise.all([
      page.waitForURL(`${site.webUrl}/account/admin`),
      row.locator('button[type="submit"]').click(),
    ]);
    await open(page, "/account");
    await page.fill('form[data-form="create-key"] input[name="name"]', "audit key");
    await Promise.all([
      page.waitForURL(`${site.webUrl}/account/new-key`),
      page.click('form[data-form="create-key"] button[type="submit"]'),
    ]);
    const cookies = await setup.cookies(site.webUrl);
    await setup.close();
    const findings = await auditAll(browser, SIGNED_IN_PAGES, (context) =>
      context.addCookies(cookies),
    );
    expect(findings).toEqual([]);
  }, 300_000);
});
