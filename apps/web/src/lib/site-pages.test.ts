import { GPU_NAMES, LAB_IDS } from "@tpi/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import robots from "../../app/robots";
import sitemap from "../../app/sitemap";
import { gpuPathOf } from "./paths";
import { absoluteUrl, publicPagePaths } from "./site-pages";

afterEach(() => vi.unstubAllEnvs());

describe("sitemap.xml and robots.txt", () => {
  it("list every public page, each lab and each GPU, as absolute URLs on the public site URL", () => {
    vi.stubEnv("TPI_PUBLIC_SITE_URL", "https://tpi.example.org/");
    const urls = sitemap().map((entry) => entry.url);
    for (const path of ["/", "/gpus", "/volume", "/methodology", "/docs", "/status"])
      expect(urls).toContain(`https://tpi.example.org${path}`);
    for (const lab of LAB_IDS) expect(urls).toContain(`https://tpi.example.org/labs/${lab}`);
    for (const gpu of GPU_NAMES) expect(urls).toContain(`https://tpi.example.org${gpuPathOf(gpu)}`);
    expect(urls).toHaveLength(new Set(urls).size);
    expect(urls).toHaveLength(publicPagePaths().length);
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
