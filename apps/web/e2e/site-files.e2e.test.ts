import { describe, expect, it } from "vitest";
import { chromiumPresent } from "./browser";
import { site } from "./site";

/** The files every site is asked for besides its pages: the favicon and the sitemap. */
describe.skipIf(!chromiumPresent)("site files", () => {
  it("/favicon.ico answers 200 with an icon", async () => {
    const response = await fetch(`${site.webUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
    const bytes = Buffer.from(await response.arrayBuffer());
    // ICO header: reserved 0, type 1 (icon), at least one image.
    expect(bytes.readUInt16LE(0)).toBe(0);
    expect(bytes.readUInt16LE(2)).toBe(1);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    // Every page names it, so browsers need not guess.
    const html = await (await fetch(`${site.webUrl}/docs`)).text();
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico[^"]*"/);
  });

  it("sitemap.xml lists /labs and /methodology/gpu, and every page it lists answers 200", async () => {
    const xml = await (await fetch(`${site.webUrl}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    const paths = urls.map((url) => new URL(url).pathname);
    expect(paths).toContain("/labs");
    expect(paths).toContain("/methodology/gpu");
    for (const path of paths) {
      const response = await fetch(`${site.webUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  }, 120_000);
});
