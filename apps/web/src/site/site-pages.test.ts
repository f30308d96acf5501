import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GPU_NAMES, LAB_IDS, LLM_CODING_PRODUCT_IDS, MEMORY_TYPE_IDS } from "@tpi/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import robots from "../../app/robots";
import sitemap from "../../app/sitemap";
import { absoluteUrl } from "../lib/social";
import { gpuPathOf } from "../markets/gpu/paths";
import { publicPagePaths, UNLISTED_PAGE_ROUTES } from "./site-pages";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

/** Every page route of app/ as a path pattern (`/labs/[lab]`), route groups left out. */
function appPageRoutes(dir = APP_DIR, segments: string[] = []): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && entry.name === "page.tsx")
    ? [`/${segments.join("/")}`]
    : [];
  const below = entries
    .filter((entry) => entry.isDirectory() && !/^[_@]/.test(entry.name))
    .flatMap((entry) =>
      appPageRoutes(
        join(dir, entry.name),
        /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name],
      ),
    );
  return [...here, ...below];
}

/** Whether a concrete path is one a route pattern serves (`[x]` one segment, `[[...x]]` any). */
function routeServes(route: string, path: string): boolean {
  const pattern = route
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      if (/^\[\[\.\.\..+\]\]$/.test(segment)) return "(?:/[^/]+)*";
      if (/^\[\.\.\..+\]$/.test(segment)) return "(?:/[^/]+)+";
      if (/^\[.+\]$/.test(segment)) return "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${pattern}/?$`).test(path);
}

afterEach(() => vi.unstubAllEnvs());

describe("sitemap.xml and robots.txt", () => {
  it("list every public page, each lab and each GPU, as absolute URLs on the public site URL", () => {
    vi.stubEnv("TPI_PUBLIC_SITE_URL", "https://tpi.example.org/");
    const urls = sitemap().map((entry) => entry.url);
    for (const path of [
      "/",
      "/labs",
      "/gpus",
      "/volume",
      "/workload",
      "/neocloud",
      "/methodology",
      "/methodology/gpu",
      "/docs",
      "/status",
    ])
      expect(urls).toContain(`https://tpi.example.org${path}`);
    for (const lab of LAB_IDS) expect(urls).toContain(`https://tpi.example.org/labs/${lab}`);
    for (const gpu of GPU_NAMES) expect(urls).toContain(`https://tpi.example.org${gpuPathOf(gpu)}`);
    expect(urls).toHaveLength(new Set(urls).size);
    expect(urls).toHaveLength(publicPagePaths().length);
  });

  it("lists the LLM Coding page and each product's page", () => {
    const paths = publicPagePaths();
    expect(paths).toContain("/llm-coding");
    for (const product of LLM_CODING_PRODUCT_IDS) expect(paths).toContain(`/llm-coding/${product}`);
  });

  it("lists the Memory page and each memory type's page", () => {
    const paths = publicPagePaths();
    expect(paths).toContain("/memory");
    for (const id of MEMORY_TYPE_IDS) expect(paths).toContain(`/memory/${id}`);
  });

  it("holds every page route of app/ that is not listed as unlisted, and nothing else", () => {
    const routes = appPageRoutes();
    expect(routes).toContain("/labs/[lab]");
    const paths = publicPagePaths();
    // Each page route is in the sitemap (some path it serves is listed) or says why it is not.
    for (const route of routes) {
      const listed = paths.some((path) => routeServes(route, path));
      const unlisted = route in UNLISTED_PAGE_ROUTES;
      expect(
        listed || unlisted,
        `${route}: add it to FIXED_PAGE_PATHS or UNLISTED_PAGE_ROUTES`,
      ).toBe(true);
      expect(listed && unlisted, `${route} is both listed and unlisted`).toBe(false);
    }
    // Every sitemap path is a page the app serves, and no unlisted route is stale.
    for (const path of paths)
      expect(
        routes.some((route) => !(route in UNLISTED_PAGE_ROUTES) && routeServes(route, path)),
        path,
      ).toBe(true);
    for (const route of Object.keys(UNLISTED_PAGE_ROUTES)) expect(routes, route).toContain(route);
  });

  it("matches concrete paths to app route patterns as Next does", () => {
    expect(routeServes("/[[...root]]", "/")).toBe(true);
    expect(routeServes("/labs/[lab]", "/labs/openai")).toBe(true);
    expect(routeServes("/labs/[lab]", "/labs")).toBe(false);
    expect(routeServes("/labs/[lab]", "/labs/openai/view")).toBe(false);
    expect(routeServes("/methodology/gpu", "/methodology")).toBe(false);
  });

  it("says how often each page changes, as its market's entry does: a GPU page hourly, the rest daily", () => {
    vi.stubEnv("TPI_PUBLIC_SITE_URL", "https://tpi.example.org/");
    const frequency = new Map(sitemap().map((entry) => [entry.url, entry.changeFrequency]));
    const of = (path: string) => frequency.get(`https://tpi.example.org${path}`);
    expect(of("/gpus")).toBe("hourly");
    for (const gpu of GPU_NAMES) expect(of(gpuPathOf(gpu)), gpu).toBe("hourly");
    for (const path of ["/", "/labs", "/labs/anthropic", "/methodology/gpu", "/memory", "/docs"])
      expect(of(path), path).toBe("daily");
  });

  it("robots.txt allows the pages, keeps crawlers off /revalidate and names the sitemap", () => {
    vi.stubEnv("TPI_PUBLIC_SITE_URL", "https://tpi.example.org");
    expect(robots()).toEqual({
      rules: { userAgent: "*", allow: "/", disallow: "/revalidate" },
      sitemap: "https://tpi.example.org/sitemap.xml",
    });
  });

  it("joins the site URL and a path with exactly one slash", () => {
    expect(absoluteUrl("https://a.example/", "/docs")).toBe("https://a.example/docs");
    expect(absoluteUrl("https://a.example", "/")).toBe("https://a.example/");
  });
});
