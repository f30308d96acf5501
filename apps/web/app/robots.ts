import type { MetadataRoute } from "next";
import { readWebEnv } from "../src/env";
import { absoluteUrl } from "../src/lib/social";

/** Rendered per request: the public site URL is read at run time, not frozen at build time. */
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const { publicSiteUrl } = readWebEnv();
  return {
    // /revalidate is the api's cache hook (POST with the internal token), not a page.
    rules: { userAgent: "*", allow: "/", disallow: "/revalidate" },
    sitemap: absoluteUrl(publicSiteUrl, "/sitemap.xml"),
  };
}
