import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-chrome";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

/** Whether a directory of the app holds a page anywhere below it. */
function holdsPage(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? holdsPage(join(dir, entry.name)) : entry.name === "page.tsx",
  );
}

describe("the navigation's current page", () => {
  it("marks the current section's link with aria-current=page, and only that one", () => {
    const html = renderToStaticMarkup(<SiteHeader current="labs" />);
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('<a href="/labs" aria-current="page">Labs</a>');
    const index = renderToStaticMarkup(<SiteHeader current="index" />);
    expect(index).toContain('<a href="/" aria-current="page">Index</a>');
  });

  it("marks nothing on a page of no section (404, status)", () => {
    expect(renderToStaticMarkup(<SiteHeader />)).not.toContain("aria-current");
  });

  it("is told its section by a layout in every top-level directory that holds a page", () => {
    const dirs = readdirSync(APP_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && holdsPage(join(APP_DIR, entry.name)))
      .map((entry) => entry.name);
    expect(dirs.length).toBeGreaterThan(5);
    for (const dir of dirs) {
      const layout = join(APP_DIR, dir, "layout.tsx");
      expect(existsSync(layout), `${dir}/layout.tsx`).toBe(true);
      expect(readFileSync(layout, "utf8"), `${dir}/layout.tsx`).toMatch(/<SiteFrame section=/);
    }
    // The root layout draws no chrome of its own, or pages would carry two headers.
    expect(readFileSync(join(APP_DIR, "layout.tsx"), "utf8")).not.toMatch(/<SiteHeader|<SiteFrame/);
    expect(readFileSync(join(APP_DIR, "not-found.tsx"), "utf8")).toMatch(/<SiteFrame /);
  });
});
