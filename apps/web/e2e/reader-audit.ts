import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations, type AxeScope } from "./axe";
import { open, screenshot } from "./browser";
import { contrastFailures } from "./contrast";

/** The colour schemes and widths (CSS px) every page is checked at. */
export const SCHEMES = ["light", "dark"] as const;
export const WIDTHS = [390, 1280] as const;

/**
 * A page as a signed-in reader sees it, at each width and colour scheme: axe-core finds nothing,
 * every text has AA contrast, nothing is wider than the screen; a screenshot of each is kept when
 * asked (browser.ts).
 * For the states the site audit (site-audit.e2e.test.ts, which reads every page as a visitor and
 * the account pages as an administrator) does not reach: a market's values as a plan reads them.
 */
/** Where a page is read: the site (default: the shared one) and the status it answers with. */
export type PageOrigin = { baseUrl?: string; status?: number };

export async function expectReadableEverywhere(
  page: Page,
  path: string,
  who: string,
  origin: PageOrigin = {},
) {
  // Read in light first: in dark only axe's colour rules run again (axe.ts says why).
  for (const scheme of SCHEMES)
    for (const width of WIDTHS) {
      const axeScope = scheme === "dark" ? "colours" : "everything";
      await expectReadableIn(page, path, who, scheme, width, { ...origin, axeScope });
    }
}

/**
 * The same checks in one colour scheme and width: for a variant of a template another test audits
 * everywhere (a range, another key of the same catalogue), as the site audit does its instances.
 */
export async function expectReadableIn(
  page: Page,
  path: string,
  who: string,
  scheme: (typeof SCHEMES)[number],
  width: (typeof WIDTHS)[number],
  { baseUrl, status = 200, axeScope = "everything" }: PageOrigin & { axeScope?: AxeScope } = {},
) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize({ width, height: 900 });
  await open(page, path, status, baseUrl);
  const where = `${who} ${path} at ${width} px, ${scheme}`;
  expect(await axeViolations(page, { scope: axeScope }), `axe on ${where}`).toEqual([]);
  expect(await contrastFailures(page), `contrast on ${where}`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page width on ${where}`).toBeLessThanOrEqual(width);
  const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
  await screenshot(page, `${name}-${who}-${width}-${scheme}`);
  await page.emulateMedia({ colorScheme: "light" });
}
