import type { Metadata } from "next";
import { CARD_HEIGHT, CARD_WIDTH, cardTitleOf } from "./social-card";

/** The site's name on every OpenGraph and Twitter card. */
export const SITE_NAME = "Token Price Index";

/**
 * The canonical URL and the OpenGraph and Twitter cards of a page. The latest value is in the
 * card's title and description; a page with a card image (`image`, a path under /og) shows it
 * drawn large too, with the title as its alt text. While the page's numbers are the generated
 * sample (`sample`), the card's title says so.
 */
export function socialMetadata(input: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  image?: string;
  sample: boolean;
}): Pick<Metadata, "alternates" | "openGraph" | "twitter"> {
  const url = absoluteUrl(input.siteUrl, input.path);
  const title = cardTitleOf(input.title, input.sample);
  const image =
    input.image === undefined
      ? undefined
      : {
          url: absoluteUrl(input.siteUrl, input.image),
          width: CARD_WIDTH,
          height: CARD_HEIGHT,
          alt: title,
        };
  return {
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: SITE_NAME,
      url,
      title,
      description: input.description,
      ...(image !== undefined && { images: [image] }),
    },
    twitter: {
      card: image === undefined ? "summary" : "summary_large_image",
      title,
      description: input.description,
      ...(image !== undefined && { images: [image] }),
    },
  };
}

/** `https://site.example` + `/labs/openai`: the absolute URL crawlers and citations need. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}
