import type { Metadata } from "next";
import type { ReactNode } from "react";
import { readWebEnv } from "../env";
import { socialMetadata } from "../lib/social";
import { loadViewer, type SignedInReader } from "../server/viewer";
import type { PageQuery } from "./chart-page";

/** What a page's metadata says: its title and description, its address and its shared card. */
export type PageMeta = {
  title: string;
  description: string;
  path: string;
  /** The shared card's title where it says more than the page's (`Memory spot prices`). */
  cardTitle?: string;
  /** The card's image (`/og/memory`); without one the card is a plain summary. */
  image?: string;
};

/**
 * A page's title, description, canonical address and social cards. The card names what the
 * page is, never a value (a shared link is read by anyone); `sample` marks it while the values
 * are the generated sample.
 */
export function pageMetadata(page: PageMeta, sample: boolean): Metadata {
  return {
    title: page.title,
    description: page.description,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: page.path,
      title: page.cardTitle ?? page.title,
      description: page.description,
      ...(page.image === undefined ? {} : { image: page.image }),
      sample,
    }),
  };
}

/** What a market's public methodology answer says of its values: whether they are the sample. */
export type SampleMarked = { dataSources: { sample: boolean } };

/** A section page's props: its address's query (the chart's state, filters, paging). */
export type SectionPageProps = { searchParams?: Promise<PageQuery> };

/**
 * What a market's section page (`/memory`, `/workload`) is made of: its metadata, what it loads
 * for the reader (`undefined`: a visitor) and the address's query, and what it shows of that
 * under its heading (the page's title) and lead paragraph.
 */
export type SectionPageParts<Data> = {
  meta: PageMeta;
  /** The public methodology answer: whether the values are the generated sample. */
  methodology: () => Promise<SampleMarked>;
  load: (reader: SignedInReader | undefined, query: PageQuery) => Promise<Data>;
  lead: (data: Data) => ReactNode;
  body: (data: Data, reader: SignedInReader | undefined, query: PageQuery) => ReactNode;
};

/**
 * A market's section page, rendered per request for its reader, and its metadata: the page's
 * title as its heading, the lead, then the market's body.
 */
export function sectionPage<Data>(parts: SectionPageParts<Data>): {
  generateMetadata: () => Promise<Metadata>;
  Page: (props?: SectionPageProps) => Promise<ReactNode>;
} {
  return {
    generateMetadata: async () =>
      pageMetadata(parts.meta, (await parts.methodology()).dataSources.sample),
    Page: async (props = {}) => {
      const query = (await props.searchParams) ?? {};
      const reader = await loadViewer();
      const data = await parts.load(reader, query);
      return (
        <>
          <h1>{parts.meta.title}</h1>
          <p className="lead">{parts.lead(data)}</p>
          {parts.body(data, reader, query)}
        </>
      );
    },
  };
}
