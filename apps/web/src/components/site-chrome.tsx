import Link from "next/link";

const NAV_LINKS = [
  { href: "/", label: "Index" },
  { href: "/#labs", label: "Labs" },
  { href: "/gpus", label: "GPUs" },
  { href: "/methodology", label: "Methodology" },
  { href: "/docs", label: "API docs" },
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
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The licence and attribution notice every page carries (the data terms for reuse). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="inner">
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
      </div>
    </footer>
  );
}
