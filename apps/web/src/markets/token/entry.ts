import { isLabId, LAB_IDS } from "@tpi/domain";
import { decodedSegment, type MarketEntry } from "../../kit/market-entry";
import { labPathOf } from "./paths";

/** The token price index: the home page (every lab), each lab's page and the volume page. */
export const tokenMarket: MarketEntry = {
  name: "token",
  sections: [
    { id: "index", href: "/", label: "Index" },
    { id: "labs", href: "/labs", label: "Labs" },
    { id: "volume", href: "/volume", label: "Volume" },
  ],
  segments: ["labs", "home-view", "volume"],
  knowsPage: (segment, second) => segment !== "labs" || isLabId(decodedSegment(second) ?? ""),
  // A lab page's source days (its citations) and constituents, and its CSV.
  needsDatabase: (pathname) => /^\/labs\/[^/]+(\/|$)/.test(pathname),
  pagePaths: () => ["/", "/labs", "/volume", ...LAB_IDS.map((lab) => labPathOf(lab))],
  unlistedRoutes: {
    "/home-view": "the home page with a chart state (canonical: /)",
    "/labs/[lab]/view": "a lab page with a chart state (canonical: /labs/<lab>)",
  },
  footer:
    "token index values are USD per million tokens, volume-weighted blends of providers' published list prices for each UTC settlement day",
  cardOf: (segments) => {
    const [first, second, ...rest] = segments;
    if (rest.length > 0) return undefined;
    if (first === "home" && second === undefined)
      return () => import("./card-content").then((card) => card.loadHomeCard());
    if (first === "labs" && second !== undefined && isLabId(second))
      return () => import("./card-content").then((card) => card.loadLabCard(second));
    return undefined;
  },
  sources: {
    indexName: "token",
    evidence: "data",
    load: () => import("./sources").then((sources) => sources.loadTokenSiteSources()),
  },
  status: () => import("./status").then((status) => status.loadTokenStatus()),
};
