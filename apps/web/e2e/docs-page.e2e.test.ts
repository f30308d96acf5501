import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internal } from "./api-helpers";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { site } from "./site";

/** /docs: every route of the api with its parameters and examples, each example answering 2xx. */
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
});
