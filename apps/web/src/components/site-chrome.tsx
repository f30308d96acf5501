import Link from "next/link";
import type { SiteSources } from "../lib/api-types";
import { sourceCitations } from "../lib/provenance";

const NAV_LINKS = [
  { href: "/", label: "Index" },
  { href: "/labs", label: "Labs" },
  { href: "/volume", label: "Volume" },
  { href: "/gpus", label: "GPUs" },
  { href: "/methodology", label: "Methodology" },
  { href: "/docs", label: "API docs" },
  // Static on purpose: reading the session cookie here would make every page dynamic (no ISR).
  { href: "/account", label: "Account" },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="inner">
        <Link className="brand" href="/">
          Token Price Index
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                {/* Account pages are per person: never prefetched (a prefetch would render them). */}
                <Link href={link.href} {...(link.href === "/account" ? { prefetch: false } : {})}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The layout's data sources when the api did not answer: said in the banner, never guessed. */
export const DATA_SOURCES_UNREACHABLE = "unreachable";
export type SiteDataSources = SiteSources | undefined | typeof DATA_SOURCES_UNREACHABLE;

/** Which of the indices rest on the generated sample, in the words of the banner. */
function sampleScope({ token, gpu }: SiteSources): string | undefined {
  if (token.sample && gpu.sample) return "both indices on this site use data";
  if (token.sample) return "the token index on this site uses data";
  if (gpu.sample) return "the GPU index on this site uses trades";
  return undefined;
}

/**
 * Shown on every page, in the server-rendered HTML, while any published number comes from the
 * generated sample: a reader must never take it for market data. Absent when the data is real.
 */
export function SampleDataBanner({ dataSources }: { dataSources: SiteDataSources }) {
  if (dataSources === DATA_SOURCES_UNREACHABLE)
    return (
      <div className="sample-banner" role="note" aria-label="Data service" data-api-unreachable>
        <div className="inner">
          <p>
            <strong className="sample-banner-title">Data service not answering:</strong> where the
            numbers come from (market data or the generated sample) cannot be shown right now.
          </p>
        </div>
      </div>
    );
  if (dataSources === undefined) return null;
  const scope = sampleScope(dataSources);
  if (scope === undefined) return null;
  // The notice opens with "Sample data:"; that part is the banner's title.
  const notice = dataSources.token.notice ?? dataSources.gpu.notice ?? "Sample data";
  const titleEnd = notice.indexOf(":");
  const [title, explanation] =
    titleEnd === -1
      ? ["Sample data", notice]
      : [notice.slice(0, titleEnd), notice.slice(titleEnd + 1).trim()];
  return (
    <div className="sample-banner" role="note" aria-label="Sample data" data-sample-banner>
      <div className="inner">
        <p>
          <strong className="sample-banner-title">{title}:</strong> {scope} {explanation}
        </p>
        {dataSources.token.sample && (
          <p data-sample-remedy="token">
            For real prices and volumes from OpenRouter, the operator of this site sets{" "}
            <code>OPENROUTER_API_KEY</code> (any OpenRouter API key) and syncs.
          </p>
        )}
        {dataSources.gpu.sample && (
          <p data-sample-remedy="gpu">
            For real GPU prices, the operator imports executed rental trades (
            <code>pnpm tpi gpu-import FILE --source NAME</code>).
          </p>
        )}
      </div>
    </div>
  );
}

/** Where the numbers come from: each real source's required citation, or the sample notice. */
function DataSourceNotice({ dataSources }: { dataSources: SiteSources | undefined }) {
  if (dataSources === undefined) return null;
  const citations = [...sourceCitations(dataSources.token), ...sourceCitations(dataSources.gpu)];
  const sampleNotice = [dataSources.token, dataSources.gpu].find(
    (sources) => sources.sample && sources.notice !== null,
  )?.notice;
  return (
    <>
      {citations.map((entry) => (
        <p key={entry.source} data-citation={entry.source}>
          {entry.citation}
          {entry.licence !== null && (
            <>
              {" "}
              Licensed under{" "}
              <a href={entry.licence.url} rel="license">
                {entry.licence.name}
              </a>
              .
            </>
          )}
        </p>
      ))}
      {sampleNotice !== undefined && <p data-sample-notice>{sampleNotice}</p>}
    </>
  );
}

/** The data sources, licence and attribution notice every page carries (the data terms for reuse). */
export function SiteFooter({ dataSources }: { dataSources: SiteSources | undefined }) {
  return (
    <footer className="site-footer">
      <div className="inner">
        <DataSourceNotice dataSources={dataSources} />
        <p>
          Index data © Token Price Index, licensed under{" "}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">
            CC BY 4.0
          </a>
          : you may reuse and redistribute it with the attribution “Source: Token Price Index”.
        </p>
        <p>
          Token index values are USD per million tokens, volume-weighted blends of providers&apos;
          published list prices for each UTC settlement day; GPU index values are USD per GPU-hour,
          from executed rental trades. Both are market data for information, not an offer or
          investment advice. Model, lab and GPU names belong to their owners.
        </p>
        <p>
          <Link href="/status">Service status</Link>
        </p>
      </div>
    </footer>
  );
}
