import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directFetch, internal } from "./api-helpers";
import { chromiumPresent, DESKTOP_VIEWPORT, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

/**
 * /docs: every route of the api with its parameters and examples, each example answering 2xx.
 * Its fit, axe-core and contrast at 390 and 1280 px, light and dark, are the site audit's
 * (site-audit.e2e.test.ts), which audits /docs in all four.
 */
describe.skipIf(!chromiumPresent)("API documentation page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("docs cover authentication, tiers, limits, every route with curl, and the OpenAPI link", async () => {
    const page = await browser.newPage();
    await open(page, "/docs");
    for (const id of ["authentication", "tiers", "limits"])
      expect(await page.locator(`#${id}`).count()).toBe(1);
    // Every route the api documents in its OpenAPI document has a section with a curl example.
    const openapi = (await (await directFetch(`${site.apiUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.keys(openapi.paths);
    expect(documented.length).toBeGreaterThan(10);
    // One section per operation: a path served for GET and POST has two.
    for (const [route, operations] of Object.entries(openapi.paths)) {
      const methods = Object.keys(operations).filter((key) => ["get", "post"].includes(key));
      expect(await page.locator(`section[data-route="${route}"]`).count(), route).toBe(
        methods.length,
      );
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

  it("every keyless /docs example answers 2xx, and parameter tables say where each goes and whether it is required", async () => {
    type Reference = {
      routes: {
        path: string;
        parameters: { name: string; in: string; required: boolean }[];
        examples: {
          method: string;
          pathAndQuery: string;
          withKey: boolean;
          body?: string;
          needs?: string;
        }[];
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
      const response = await directFetch(`${site.apiUrl}${example.pathAndQuery}`, {
        method: example.method,
        ...(example.body === undefined
          ? {}
          : { body: example.body, headers: { "content-type": "application/json" } }),
      });
      const label = `${example.method} ${example.pathAndQuery}`;
      // An example naming something of the reader's (a release number kept) says so, and as
      // written finds none.
      if (example.needs === undefined) expect(response.status, label).toBeLessThan(300);
      else expect(response.status, label).toBe(404);
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
        examples: {
          method: string;
          pathAndQuery: string;
          withKey: boolean;
          body?: string;
          needs?: string;
        }[];
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
        directFetch(`${site.apiUrl}${example.pathAndQuery}`, {
          method: example.method,
          headers: {
            ...headers,
            ...(example.body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(example.body === undefined ? {} : { body: example.body }),
        });
      const label = `${example.method} ${example.pathAndQuery}`;
      const status = (await send({ authorization: `Bearer ${key}` })).status;
      // An example naming the reader's own subscription says so, and as written finds none.
      if (example.needs === undefined) expect(status, label).toBeLessThan(300);
      else expect(status, label).toBe(404);
    }
    // The docs page shows each keyed example with the header a reader must add.
    const html = await (await fetch(`${site.webUrl}/docs`)).text();
    expect(html).toContain("Authorization: Bearer");
  });

  it("route texts read as formatting, not Markdown: no backtick outside code, with and without JavaScript", async () => {
    /** Backticks in text outside code elements, and the code elements in route texts. */
    const markdownLeft = (page: Page) =>
      page.evaluate(() => {
        const main = document.querySelector("main") ?? document.body;
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        let raw = 0;
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
          if (node.parentElement?.closest("code, pre") === null)
            raw += (node.textContent ?? "").split("`").length - 1;
        const routeCode = document.querySelectorAll(
          "section[data-route] td code, section[data-route] p code",
        ).length;
        return { raw, routeCode };
      });
    // Formatted on the server: the same without JavaScript.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await open(plain, "/docs");
    const withoutJavaScript = await markdownLeft(plain);
    expect(withoutJavaScript.raw).toBe(0);
    // The texts' `code` spans became <code> (there were 242 raw backticks).
    expect(withoutJavaScript.routeCode).toBeGreaterThan(100);
    await noScript.close();
    // With JavaScript, as a reader opens it: the same texts (the widths and schemes do not change
    // a text; the page's fit, axe and contrast in both schemes at 390 and 1280 px are the site
    // audit's, site-audit.e2e.test.ts).
    const page = await browser.newPage({ viewport: DESKTOP_VIEWPORT });
    await open(page, "/docs");
    // Its screenshot is the first test's ("docs", at 1280 px, light).
    expect(await markdownLeft(page)).toEqual(withoutJavaScript);
    await page.close();
  }, 180_000);

  it("a description's paragraphs are paragraphs, its `code` spans code elements", async () => {
    const html = await (await fetch(`${site.webUrl}/docs`)).text();
    const otpi = html.slice(html.indexOf('data-route="/api/otpi"'));
    const description = otpi.slice(otpi.indexOf('<div class="docs-text">'), otpi.indexOf("</div>"));
    expect(description.match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
    expect(description).toContain("<code>public-1mo</code>");
  });
});
