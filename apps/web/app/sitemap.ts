import type { MetadataRoute } from "next";
import { readWebEnv } from "../src/env";
import { absoluteUrl } from "../src/lib/social";
import { sitemapPages } from "../src/site/site-pages";

/** Rendered per request: the public site URL is read at run time, not frozen at build time. */
export const dynamic = "force-dynamic";

export default function sitemap(): MetadataRoute.Sitemap {
  const { publicSiteUrl } = readWebEnv();
  return sitemapPages().map(({ path, changeFrequency }) => ({
    url: absoluteUrl(publicSiteUrl, path),
    changeFrequency,
  }));
}
