import {
  OPENROUTER_LICENCE,
  PRICE_BASES,
  SAMPLE_NOTICE,
  describeEstimatedSplit,
} from "@tpi/domain";
import type { AnyTRPCRouter } from "@trpc/server";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import LabPage from "../../app/labs/[lab]/page";
import { GET as historyCsv } from "../../app/labs/[lab]/history.csv/route";
import MethodologyPage from "../../app/methodology/page";
import { loadDataSources } from "../server/data";
import {
  CONFIGURED_INPUT_SHARE,
  routerWithOpenRouterData,
  routerWithSampleData,
} from "../testing/token-routers";
import { serveRouterAsApi } from "../testing/trpc-fixture";
import { SampleDataBanner, SiteFooter } from "./site-chrome";

/**
 * The site chrome, the methodology page, a lab page and its CSV rendered against routers in the
 * api's shapes, for OpenRouter data and for the generated sample (the browser tests render them
 * against the real api, which serves the sample).
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

const OPENROUTER_CITATION =
  "Source: OpenRouter (openrouter.ai/rankings), as of 2026-03-30T00:12:00.000Z.";

/** HTML-escaped as React writes text. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

async function chromeWith(router: AnyTRPCRouter): Promise<string> {
  close = await serveRouterAsApi(router);
  const dataSources = await loadDataSources();
  return renderToStaticMarkup(
    <>
      <SampleDataBanner dataSources={dataSources} />
      <SiteFooter dataSources={dataSources} />
    </>,
  );
}

async function labPageWith(router: AnyTRPCRouter, lab: string): Promise<string> {
  close = await serveRouterAsApi(router);
  const page = (await LabPage({ params: Promise.resolve({ lab }) })) as ReactElement;
  return renderToStaticMarkup(page);
}

describe("site chrome", () => {
  it("says 'Sample data' with the notice and how to get real data when the data is the sample", async () => {
    const html = await chromeWith(routerWithSampleData);
    expect(html).toContain("data-sample-banner");
    expect(html).toContain("Sample data</strong>");
    expect(html).toContain(SAMPLE_NOTICE);
    expect(html).toContain("<code>OPENROUTER_API_KEY</code>");
    expect(html).not.toContain("openrouter.ai/rankings");
  });

  it("has no banner for OpenRouter data, and cites OpenRouter with the latest as_of and its licence in the footer", async () => {
    const html = await chromeWith(routerWithOpenRouterData);
    expect(html).not.toContain("data-sample-banner");
    expect(html).not.toContain(SAMPLE_NOTICE);
    expect(html).toContain(
      `<p data-citation="openrouter">${OPENROUTER_CITATION} Licensed under <a href="${OPENROUTER_LICENCE.url}" rel="license">CC BY 4.0</a>.</p>`,
    );
  });
});

describe("/methodology", () => {
  it("states 1.1 with its effective date, the configured input share and rule, the price snapshot rule and the sources", async () => {
    close = await serveRouterAsApi(routerWithOpenRouterData);
    const html = renderToStaticMarkup(await MethodologyPage());
    expect(html).toContain('data-methodology-version="1.1"');
    expect(html).toMatch(/in force from <time dateTime="2026-11-23"[^>]*>23 Nov 2026<\/time>/);
    expect(html).toContain(`data-estimated-input-share="${CONFIGURED_INPUT_SHARE}">60%</strong>`);
    expect(html).toContain(escaped(describeEstimatedSplit(CONFIGURED_INPUT_SHARE)));
    expect(html).toContain('data-snapshot-window-hours="48">48 hours</strong>');
    for (const meaning of Object.values(PRICE_BASES)) expect(html).toContain(escaped(meaning));
    expect(html).toContain('<tr data-source="openrouter">');
    expect(html).toContain("2 days, 28 Mar 2026 to 29 Mar 2026");
    expect(html).toContain(OPENROUTER_CITATION);
    expect(html).toMatch(/<th scope="row">1\.0<\/th>/);
    expect(html).toMatch(/<th scope="row">1\.1<\/th>/);
  });

  it("marks the sample as a sample among the sources", async () => {
    close = await serveRouterAsApi(routerWithSampleData);
    const html = renderToStaticMarkup(await MethodologyPage());
    expect(html).toContain(`data-sample-notice="true">${SAMPLE_NOTICE}`);
    expect(html).toContain("<code>sample</code> (sample)");
  });
});

describe("/labs/[lab]", () => {
  it("cites the latest day shown, gives its coverage, and lists the latest settled day's constituents", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "anthropic");
    expect(html).toContain(
      `<p class="source-line" data-days-citation="2026-03-29">${OPENROUTER_CITATION} Licensed under`,
    );
    expect(html).toContain(
      'data-coverage="2026-03-29" data-listed-share="0.873" data-tracked-share="0.612"',
    );
    expect(html).toContain("<strong>87.3%</strong>");
    expect(html).toContain("<strong>61.2%</strong>");
    expect(html).toContain('data-constituents="2026-03-29"');
    expect(html).toMatch(
      /<tr data-model="anthropic\/claude-sonnet-4" data-split="estimated">.*\$3\.0000.*\$15\.0000.*3,000,000.*estimated, 60% input.*backfilled.*100\.0%/,
    );
    expect(html).toMatch(
      /<tr data-model="anthropic\/claude-unpriced" data-split="reported">.*n\/a.*reported.*excluded: Input or output price missing/,
    );
  });

  it("cites the sample notice under the table of sample days", async () => {
    const html = await labPageWith(routerWithSampleData, "anthropic");
    expect(html).toContain(`data-days-citation="2026-03-29">${SAMPLE_NOTICE}</p>`);
  });

  it("shows no constituents for a keyed lab (its page has no values)", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "mistralai");
    expect(html).not.toContain("data-constituents");
    expect(html).not.toContain("data-coverage");
  });
});

describe("/labs/[lab]/history.csv", () => {
  it("carries each day's source, as_of and citation after the API's columns", async () => {
    close = await serveRouterAsApi(routerWithOpenRouterData);
    const response = await historyCsv(new Request("http://localhost/labs/anthropic/history.csv"), {
      params: Promise.resolve({ lab: "anthropic" }),
    });
    expect(response.status).toBe(200);
    expect((await response.text()).split("\r\n")).toEqual([
      "date,lab,indexPerMtok,computedAt,source,as_of,citation",
      `2026-03-29,anthropic,5.5,2026-03-31T12:00:00.000Z,openrouter,2026-03-30T00:12:00.000Z,"${OPENROUTER_CITATION}"`,
      '2026-03-28,anthropic,5,2026-03-31T12:00:00.000Z,openrouter,2026-03-29T00:11:00.000Z,"Source: OpenRouter (openrouter.ai/rankings), as of 2026-03-29T00:11:00.000Z."',
      "",
    ]);
  });
});
