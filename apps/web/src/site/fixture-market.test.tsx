import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MARKETS } from "../markets";
import { fixtureMarket, WIDGETS_PATH, widgetPathOf } from "../testing/fixture-market/entry";
import { WidgetPage } from "../testing/fixture-market/widget-page";
import { cardLoaderOf } from "./card-loader";
import { isKnownPath, topLevelSegments } from "./known-paths";
import { navLinks } from "./navigation";
import { marketTerms, SiteFooter, SiteHeader } from "./site-chrome";
import { publicPagePaths } from "./site-pages";

/**
 * A new market on the website is its folder (here src/testing/fixture-market: an entry and a
 * page built from the kit) and one line in the market list: the site's navigation, known paths,
 * sitemap, footer and cards take it from there, with no other file edited.
 */
const markets = [...MARKETS, fixtureMarket];

describe("a market added to the market list", () => {
  it("appears in the navigation, after the other markets and before the site's own links", () => {
    const links = navLinks(markets).map((link) => link.href);
    expect(links).toContain(WIDGETS_PATH);
    expect(links.indexOf(WIDGETS_PATH)).toBeGreaterThan(links.indexOf("/neocloud"));
    expect(links.indexOf(WIDGETS_PATH)).toBeLessThan(links.indexOf("/methodology"));
    const header = renderToStaticMarkup(<SiteHeader current="widgets" markets={markets} />);
    expect(header).toContain('<a href="/widgets" aria-current="page">Widgets</a>');
    // Without the line in the list, the site knows nothing of it.
    expect(renderToStaticMarkup(<SiteHeader />)).not.toContain("/widgets");
  });

  it("has its pages known, and an id its catalogue lacks answered as no page", () => {
    expect(topLevelSegments(markets)).toContain("widgets");
    expect(isKnownPath(WIDGETS_PATH, markets)).toBe(true);
    expect(isKnownPath(widgetPathOf("sprocket"), markets)).toBe(true);
    expect(isKnownPath(widgetPathOf("sprocket"))).toBe(false);
    expect(isKnownPath(widgetPathOf("flange"), markets)).toBe(false);
  });

  it("lists its pages in the sitemap and its units in the footer", () => {
    expect(publicPagePaths(markets)).toEqual(
      expect.arrayContaining([widgetPathOf("sprocket"), widgetPathOf("gizmo")]),
    );
    expect(publicPagePaths()).not.toContain(widgetPathOf("sprocket"));
    expect(marketTerms(markets)).toContain("; widget prices are USD per widget, one per UTC day.");
    const footer = renderToStaticMarkup(<SiteFooter dataSources={undefined} markets={markets} />);
    expect(footer).toContain("widget prices are USD per widget");
  });

  it("draws its card at its own address", async () => {
    const load = cardLoaderOf(["widgets"], markets);
    expect(load).toBeTypeOf("function");
    expect((await load?.())?.value).toBe("$2.50");
    expect(cardLoaderOf(["widgets"])).toBeUndefined();
  });

  it("renders its page from the market page kit, its method's Markdown as formatting", () => {
    const html = renderToStaticMarkup(<WidgetPage widget="sprocket" />);
    expect(html).toContain("data-fixture-locked");
    expect(html).toContain("<code>GET /api/fixture/sprocket/price</code>");
    expect(html).toContain("<code>day=YYYY-MM-DD</code>");
    expect(html).not.toContain("`");
    expect(html).toContain('data-citation="fixture"');
  });
});
