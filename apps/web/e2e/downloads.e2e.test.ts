import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBytes } from "../src/lib/bulk-files";
import { directFetch } from "./api-helpers";
import { axeViolations } from "./axe";
import {
  chromiumPresent,
  DESKTOP_VIEWPORT,
  expectNoHorizontalOverflow,
  launchBrowser,
  open,
  PHONE_VIEWPORT,
  screenshot,
} from "./browser";
import { site } from "./site";

/**
 * /downloads against the api's latest release (cut when the api starts, from the sample): each
 * file's rows, size and SHA-256 as its manifest states them, a free file downloaded through its
 * link with that checksum, a series page's link to its dataset, axe-core at 1280 and 390 px.
 */
type Manifest = {
  release: number;
  day: string;
  citation: string;
  datasets: {
    market: string;
    name: string;
    files: {
      variant: string;
      fileName: string;
      rows: number;
      bytes: number;
      sha256: string;
    }[];
  }[];
};

/** The latest release's manifest (the global set-up waited for the api's start-up cut). */
async function latestManifest(): Promise<Manifest> {
  const response = await directFetch(`${site.apiUrl}/api/v1/releases/latest`);
  if (response.status !== 200)
    throw new Error(`no release: ${response.status} ${await response.text()}`);
  return (await response.json()) as Manifest;
}

describe.skipIf(!chromiumPresent)("/downloads", () => {
  let browser: Browser;
  let manifest: Manifest;
  beforeAll(async () => {
    browser = await launchBrowser();
    manifest = await latestManifest();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists the latest release's files with the rows, sizes and checksums of its manifest, and its citation", async () => {
    const files = manifest.datasets.flatMap((dataset) => dataset.files);
    expect(files.length, "the latest release has files").toBeGreaterThan(0);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/downloads");
    expect(await page.locator("[data-release]").getAttribute("data-release")).toBe(
      String(manifest.release),
    );
    expect(await page.locator("#release-citation").textContent()).toBe(manifest.citation);
    for (const dataset of manifest.datasets) {
      const section = page.locator(`section#${dataset.market}-${dataset.name}`);
      expect(await section.count(), `${dataset.market}/${dataset.name}`).toBe(1);
      for (const file of dataset.files) {
        const row = section.locator(`tr[data-file="${file.fileName}"]`);
        expect(await row.locator("[data-rows]").getAttribute("data-rows")).toBe(String(file.rows));
        expect(await row.locator("[data-bytes]").getAttribute("data-bytes")).toBe(
          String(file.bytes),
        );
        expect(await row.locator("[data-bytes]").textContent()).toContain(formatBytes(file.bytes));
        expect(await row.locator("[data-sha256]").textContent()).toBe(file.sha256);
        // A free file of the latest release is a link; a full one says a key is needed.
        expect(
          await row
            .locator(file.variant === "free" ? "[data-free-link]" : "[data-keyed-file]")
            .count(),
        ).toBe(1);
      }
    }
    // Every full file's curl command carries the key header.
    const commands = await page.locator("pre[data-curl]").allTextContents();
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toContain("Authorization: Bearer $TPI_API_KEY");
    // An unknown release is the site's 404 page.
    for (const query of [`release=${manifest.release + 1000}`, "release=x", "before=0"]) {
      await open(page, `/downloads?${query}`, 404);
      expect(await page.locator("h1").textContent(), query).toBe("Page not found");
    }
    await context.close();
  });

  it("downloads a free file through its link, whose SHA-256 is the one shown", async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await open(page, "/downloads");
    const row = page.locator("tr:has([data-free-link])").first();
    expect(await row.count(), "a free file is listed").toBe(1);
    const shown = await row.locator("[data-sha256]").textContent();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.locator("[data-free-link]").click(),
    ]);
    const path = await download.path();
    const sha256 = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
    expect(sha256).toBe(shown);
    await page.close();
  });

  it("a series page's Cite this names the release and links its dataset's section", async () => {
    const token = manifest.datasets.filter((dataset) => dataset.market === "token");
    expect(token.length, "the token market has datasets").toBeGreaterThan(0);
    // Pages cached before the start-up cut are dropped, as after a settlement.
    const revalidated = await fetch(`${site.webUrl}/revalidate`, {
      method: "POST",
      headers: { authorization: `Bearer ${site.internalToken}` },
    });
    expect(revalidated.status).toBe(200);
    const page = await browser.newPage();
    await open(page, "/labs/anthropic");
    expect(await page.locator("[data-release-citation]").textContent()).toBe(manifest.citation);
    const links = page.locator("[data-bulk-files] a");
    expect(await links.count()).toBe(token.length);
    const anchor = `token-${token[0]?.name ?? ""}`;
    expect(await links.first().getAttribute("href")).toBe(`/downloads#${anchor}`);
    await links.first().click();
    await page.waitForURL(`**/downloads#${anchor}`);
    expect(await page.locator(`section#${anchor}`).count()).toBe(1);
    await page.close();
  });

  it("has no axe-core violations and fits the screen at 1280 and 390 px", async () => {
    const page = await browser.newPage();
    for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await open(page, "/downloads");
      await screenshot(page, `downloads-${viewport.width}`);
      expect(await axeViolations(page), `axe-core at ${viewport.width}`).toEqual([]);
      await expectNoHorizontalOverflow(page, `/downloads at ${viewport.width}`);
    }
    await page.close();
  });
});
