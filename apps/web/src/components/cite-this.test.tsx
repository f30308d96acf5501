import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CiteThis } from "./cite-this";

const citation = {
  series: "Anthropic token price index",
  unit: "USD per million tokens",
  valueDate: "2026-11-27",
  url: "https://example.com/labs/anthropic",
};

describe("Cite this", () => {
  it("adds the latest release's citation line and links each of the market's datasets on /downloads", () => {
    const html = renderToStaticMarkup(
      <CiteThis
        citation={citation}
        release={{
          release: 12,
          day: "2026-11-28",
          citation:
            "Token Price Index, release 12 (2026-11-28), https://example.com/downloads?release=12.",
          datasets: [
            {
              market: "token",
              name: "lab-index-daily",
              title: "Token Price Index, daily, per lab",
            },
            { market: "token", name: "volume-daily", title: "Token volume, daily, per lab" },
          ],
        }}
      />,
    );
    expect(html).toContain(
      '<p class="cite-line" data-release-citation="12">Token Price Index, release 12 (2026-11-28), https://example.com/downloads?release=12.</p>',
    );
    expect(html).toContain('href="/downloads#token-lab-index-daily"');
    expect(html).toContain('href="/downloads#token-volume-daily"');
  });

  it("is the value's line alone before the first release (or when the releases cannot be read)", () => {
    const html = renderToStaticMarkup(<CiteThis citation={citation} release={undefined} />);
    expect(html).toContain("data-citation-text");
    expect(html).not.toContain("data-release-citation");
    expect(html).not.toContain("/downloads");
  });
});
