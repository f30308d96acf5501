import type { AnyTRPCRouter } from "@trpc/server";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { SiteHeader } from "../../site/site-chrome";
import { publicCsvLines } from "../../testing/market-page-tests";
import { serveRouterAsApi } from "../../testing/trpc-fixture";
import { GET as volumeCsv } from "./volume-csv";
import { VolumePage } from "./volume-page";
import {
  routerWithSampleVolume,
  routerWithVolume,
  routerWithoutVolume,
  VOLUME_AS_OF,
  VOLUME_CITATION,
  VOLUME_SAMPLE_NOTICE,
} from "./volume-test-routers";

/** The /volume page rendered to HTML against routers in the api's shape, with and without data. */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function renderWith(router: AnyTRPCRouter): Promise<string> {
  close = await serveRouterAsApi(router);
  return renderToStaticMarkup(await VolumePage());
}

describe("/volume", () => {
  it("shows each lab's latest share and growth with its base day", async () => {
    const html = await renderWith(routerWithVolume);
    expect(html).toContain("<caption>Latest settled share and growth per lab</caption>");
    const latest = html.slice(html.indexOf('data-table="volume-latest"'), html.indexOf("<h2>"));
    expect(latest).toMatch(
      /data-lab="anthropic".*Anthropic.*5,000,000.*50\.00%.*125\.0.*28 Mar 2026/s,
    );
    expect(latest).toMatch(/data-lab="openai".*1,000,000.*12\.35%.*50\.0/s);
  });

  it("charts each lab's share of the free-tier labs' tokens over the settled days", async () => {
    const html = await renderWith(routerWithVolume);
    const chart = html.slice(html.indexOf('data-chart="volume-share"'), html.indexOf("</figure>"));
    expect(chart).toContain("Share of the free-tier labs&#x27; tokens, percent");
    // One line per lab (a legend entry each), each ending on its latest share.
    expect(chart).toMatch(/<ul class="legend".*Anthropic.*OpenAI/s);
    expect(chart.match(/<path /g)).toHaveLength(2);
    expect(chart).toContain("50.00%");
    expect(chart).toContain("12.35%");
    expect(html.indexOf('data-chart="volume-share"')).toBeLessThan(
      html.indexOf('data-table="volume-latest"'),
    );
  });

  it("links the CSV of every lab-day", async () => {
    const html = await renderWith(routerWithVolume);
    expect(html).toMatch(
      /<a class="button" href="\/volume\/history.csv" download="" data-csv="true">Download all 4 lab-days as CSV<\/a>/,
    );
  });

  it("keeps the per-day table in a closed <details>, so a phone does not scroll through it", async () => {
    const html = await renderWith(routerWithVolume);
    const details = html.slice(html.indexOf("<details"), html.indexOf("</details>"));
    expect(details).toMatch(/^<details class="volume-days" data-volume-days="true">/);
    expect(details).not.toMatch(/^<details[^>]* open/);
    expect(details).toContain(
      "<summary>Show every lab-day, 28 Mar 2026 to 29 Mar 2026 (4 rows)</summary>",
    );
    expect(details).toContain('data-table="volume-days"');
    expect(html.slice(html.indexOf("</details>"))).not.toContain("<table");
  });

  it("tables every lab-day of the settled days, newest first, catalog order within a day", async () => {
    const html = await renderWith(routerWithVolume);
    expect(html).toContain("<h2>The last 2 settled days</h2>");
    const days = [...html.matchAll(/<tr data-date="([\d-]+)" data-lab="([a-z-]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(days).toEqual([
      "2026-03-29 anthropic",
      "2026-03-29 openai",
      "2026-03-28 anthropic",
      "2026-03-28 openai",
    ]);
  });

  it("says no day is published yet when there is none", async () => {
    const html = await renderWith(routerWithoutVolume);
    expect(html).toContain('data-volume-state="no-data"');
    expect(html).not.toContain("<table");
    expect(html).not.toContain("data-csv");
  });

  it("is linked from the site navigation", () => {
    expect(renderToStaticMarkup(<SiteHeader />)).toContain('<a href="/volume">Volume</a>');
  });
});

describe("/volume/history.csv", () => {
  async function csvWith(router: AnyTRPCRouter): Promise<Response> {
    close = await serveRouterAsApi(router);
    return volumeCsv();
  }

  it("holds every lab-day newest first with the API's values, each day's source, as_of, sample flag and citation", async () => {
    const lines = await publicCsvLines(
      await csvWith(routerWithVolume),
      "tpi-token-volume-2026-03-28-to-2026-03-29.csv",
    );
    expect(lines).toEqual([
      "date,lab,totalTokens,growthIndex,share,source,as_of,sample,citation",
      `2026-03-29,anthropic,5000000,125,0.5,openrouter,${VOLUME_AS_OF},false,"${VOLUME_CITATION}"`,
      `2026-03-29,openai,1000000,50,0.123456,openrouter,${VOLUME_AS_OF},false,"${VOLUME_CITATION}"`,
      // No synced source day for 28 Mar: no source or citation, the published set's sample flag.
      "2026-03-28,anthropic,4000000,100,0.4,,,false,",
      "2026-03-28,openai,2000000,100,0.2,,,false,",
    ]);
  });

  it("says on every row when the data is the generated sample", async () => {
    const lines = (await (await csvWith(routerWithSampleVolume)).text()).trim().split("\r\n");
    expect(lines.slice(1)).toHaveLength(4);
    for (const line of lines.slice(1))
      expect(line.endsWith(`,sample,${VOLUME_AS_OF},true,"${VOLUME_SAMPLE_NOTICE}"`), line).toBe(
        true,
      );
  });

  it("is a JSON 404 while no day is published", async () => {
    const response = await csvWith(routerWithoutVolume);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Not found",
      message: "No settled day of token volume has been published yet.",
    });
  });
});
