import { singleCard, type MarketEntry } from "../../kit/market-entry";
import { keyedCard } from "../../lib/social-card";

/**
 * A market written the way a new one is, for the website's side of the fixture market test
 * (src/site/fixture-market.test.tsx): widgets have a price per UTC day, in USD per widget, and
 * one page each (`/widgets/<widget>`). The api's side is apps/api/src/testing/fixture-market.ts.
 */
export const WIDGETS = ["sprocket", "gizmo"] as const;
export const WIDGETS_PATH = "/widgets";

export function widgetPathOf(widget: string): string {
  return `${WIDGETS_PATH}/${widget}`;
}

export const fixtureMarket: MarketEntry = {
  name: "fixture",
  sections: [{ id: "widgets", href: WIDGETS_PATH, label: "Widgets" }],
  segments: ["widgets"],
  knowsPage: (_segment, second) => (WIDGETS as readonly string[]).includes(second),
  pagePaths: () => WIDGETS.map((widget) => widgetPathOf(widget)),
  footer: "widget prices are USD per widget, one per UTC day",
  cardOf: (segments) =>
    singleCard(segments, "widgets", () =>
      Promise.resolve(keyedCard("Widget prices", "USD per widget", false, "$2.50")),
    ),
};
