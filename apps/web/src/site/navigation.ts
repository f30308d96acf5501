import type { MarketEntry, MarketSection } from "../kit/market-entry";
import { MARKETS } from "../markets";

/** The site's own sections, after the markets' in the navigation. */
const SITE_SECTIONS: readonly MarketSection[] = [
  { id: "methodology", href: "/methodology", label: "Methodology" },
  { id: "downloads", href: "/downloads", label: "Downloads" },
  { id: "docs", href: "/docs", label: "API docs" },
  // Static on purpose: reading the session cookie here would make every page dynamic (no ISR).
  { id: "account", href: "/account", label: "Account" },
];

/** The navigation's links: every market's sections in the market list's order, then the site's. */
export function navLinks(markets: readonly MarketEntry[] = MARKETS): readonly MarketSection[] {
  return [...markets.flatMap((market) => market.sections), ...SITE_SECTIONS];
}
