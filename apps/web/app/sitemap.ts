import type { MetadataRoute } from "next";
import { readWebEnv } from "../src/env";
import { absoluteUrl } from "../src/lib/social";
import { publicPagePaths } from "../src/site/site-pages";

/** Rendered per request: the public site URL is read at run time, not frozen at build time. */
export const dynamic = "force-dynamic";

export default function sitemap(): MetadataRoute.Sitemap {
  const { publicSiteUrl } = readWebEnv();
  return publicPagePaths().map((path) => ({
    url: absoluteUrl(publicSiteUrl, path),
    // Index pages change with each settled day and GPU pages with each hourly print.
    changeFrequency: path.startsWith("/gpus") ? "hourly" : "daily",
  }));
}
