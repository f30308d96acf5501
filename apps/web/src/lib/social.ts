import type { Metadata } from "next";
import { absoluteUrl } from "./site-pages";

/** The site's name on every OpenGraph and Twitter card. */
export const SITE_NAME = "Token Price Index";

/**
 * The canonical URL and the OpenGraph and Twitter text cards of a page (no image: the latest
 * value is in the card's title and description, which is what a link preview shows).
 */
export function socialMetadata(input: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
}): Pick<Metadata, "alternates" | "openGraph" | "twitter"> {
  const url = absoluteUrl(input.siteUrl, input.path);
  return {
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: SITE_NAME,
      url,
      title: input.title,
      description: input.description,
    },
    twitter: { card: "summary", title: input.title, description: input.description },
  };
}
