import {
  OPENROUTER_LICENCE,
  PRICE_BASES,
  SAMPLE_NOTICE,
  describeEstimatedSplit,
} from "@tpi/domain";
import type { AnyTRPCRouter } from "@trpc/server";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DATA_SOURCES_UNREACHABLE,
  SampleDataBanner,
  SampleRemedies,
  SiteFooter,
} from "../../site/site-chrome";
import { loadSiteSources } from "../../site/site-sources";
import { serveRouterAsApi } from "../../testing/trpc-fixture";
import { HomeContent } from "./home-content";
import { LabContent } from "./lab-content";
import { GET as historyCsv } from "./lab-csv";
import { LabsPage } from "./labs-page";
import { MethodologyPage } from "./methodology-page";
import {
  CONFIGURED_INPUT_SHARE,
  KEYED_LATEST_DAY,
  routerWithOpenRouterData,
  routerWithSampleData,
  routerWithSampleGpuData,
} from "./test-routers";

// /labs reads the request's session cookie: none here, a visitor.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

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
  const dataSources = await loadSiteSources();
  return renderToStaticMarkup(
    <>
      <SampleDataBanner dataSources={dataSources} />
      <SiteFooter dataSources={dataSources} />
    </>,
  );
}

async function labPageWith(router: AnyTRPCRouter, lab: string): Promise<string> {
  close = await serveRouterAsApi(router);
  const page = (await LabContent({ lab: lab as never })) as ReactElement;
  return renderToStaticMarkup(page);
}

describe("site chrome", () => {
  it("says the data's source cannot be shown when the api did not answer, never guessing 'real'", () => {
    const html = renderToStaticMarkup(<SampleDataBanner dataSources={DATA_SOURCES_UNREACHABLE} />);
    expect(html).toContain("data-api-unreachable");
    expect(html).toContain("Data service not answering:");
    expect(html).toContain("market data or the generated sample");
    expect(html).not.toContain("data-sample-banner");
  });

  it("says 'Sample data' in one visitor's line linking to the operator's instructions, and the notice in the footer", async () => {
    const html = await chromeWith(routerWithSampleData);
    expect(html).toContain("data-sample-banner");
    // A labelled section: the banner is inside a landmark (axe's `region`).
    expect(html).toContain('<section class="sample-banner" aria-label="Sample data"');
    expect(html).toContain(
      '<strong class="sample-banner-title">Sample data:</strong> these numbers are generated, not market data. <a href="/status#data-sources">About the data</a>',
    );
    expect(html).toContain(
      `<p data-sample-notice="true">${SAMPLE_NOTICE.replace("Sample data: ", "Sample data: the token and GPU indices on this site use data ")}</p>`,
    );
    // The operator's instructions are on /status, not in the banner every visitor reads.
    expect(html).not.toContain("OPENROUTER_API_KEY");
    expect(html).not.toContain("gpu-import");
    expect(html).not.toContain("openrouter.ai/rankings");
  });

  it("tells the operator how to replace each sampled index with real data, for /status", async () => {
    /** The data sources the api reports, which these routers always do. */
    const reported = async () => {
      const sources = await loadSiteSources();
      if (sources === undefined) throw new Error("the router reported no data sources");
      return sources;
    };
    close = await serveRouterAsApi(routerWithSampleData);
    const both = renderToStaticMarkup(<SampleRemedies dataSources={await reported()} />);
    expect(both).toContain("<code>OPENROUTER_API_KEY</code>");
    expect(both).toContain("<code>pnpm tpi gpu-import FILE --source NAME</code>");
    close();
    close = await serveRouterAsApi(routerWithSampleGpuData);
    const gpuOnly = renderToStaticMarkup(<SampleRemedies dataSources={await reported()} />);
    expect(gpuOnly).toContain('data-sample-remedy="gpu"');
    expect(gpuOnly).not.toContain('data-sample-remedy="token"');
  });

  it("still says 'Sample data' for the GPU index when only the token data is real", async () => {
    const html = await chromeWith(routerWithSampleGpuData);
    expect(html).toContain(
      '<strong class="sample-banner-title">Sample data:</strong> the GPU index is generated, not market data.',
    );
    // The footer cites OpenRouter for the token data and says which index is the sample.
    expect(html).toContain('<p data-citation="openrouter">');
    expect(html).toContain(
      `<p data-sample-notice="true">${SAMPLE_NOTICE.replace("Sample data: ", "Sample data: the GPU index on this site uses trades ")}</p>`,
    );
    expect(html).not.toContain("market data for information");
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
      "date,lab,indexPerMtok,computedAt,source,as_of,citation,sample",
      `2026-03-29,anthropic,5.5,2026-03-31T12:00:00.000Z,openrouter,2026-03-30T00:12:00.000Z,"${OPENROUTER_CITATION}",false`,
      '2026-03-28,anthropic,5,2026-03-31T12:00:00.000Z,openrouter,2026-03-29T00:11:00.000Z,"Source: OpenRouter (openrouter.ai/rankings), as of 2026-03-29T00:11:00.000Z.",false',
      "",
    ]);
  });
});

describe("lab pages and keyed labs", () => {
  it("names the last settled day, not today, in the lead, the table caption and the CSV file", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "anthropic");
    // The api's window ends today (30 Mar); the last settled day shown is 29 Mar.
    expect(html).not.toContain("30 Mar 2026");
    expect(html).toContain('<time dateTime="2026-03-29">29 Mar 2026</time>, the last settled');
    expect(html).toContain("per UTC settlement day, 28 Feb 2026 to 29 Mar 2026, newest first");
    const response = await historyCsv(new Request("http://localhost/labs/anthropic/history.csv"), {
      params: Promise.resolve({ lab: "anthropic" }),
    });
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="tpi-anthropic-2026-02-28-to-2026-03-29.csv"',
    );
  });

  it("shows the change strip of the table's rows: only the horizons they reach, low, high and mean", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "anthropic");
    expect(html).toContain('data-change-strip="2026-03-29"');
    expect(html).toMatch(/data-horizon="1" data-from="2026-03-28">.*\+\$0\.5000 \(\+10\.00%\)/);
    expect(html).not.toContain('data-horizon="7"');
    expect(html).toContain('data-stat="min" data-value="5" data-date="2026-03-28"');
    expect(html).toContain('data-stat="max" data-value="5.5" data-date="2026-03-29"');
    expect(html).toMatch(/data-stat="mean" data-value="5.25">.*\$5\.2500/);
  });

  it("gives each constituent its share of the day's observed tokens, and links to the other labs", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "anthropic");
    // 3,000,000 and 1,000 of the 3,001,000 tokens observed (the excluded model counts).
    expect(html).toContain(`data-token-share="${3_000_000 / 3_001_000}">100.0%`);
    expect(html).toContain(`data-token-share="${1000 / 3_001_000}">0.0%`);
    expect(html).toContain('<a href="/labs/mistralai">Mistral AI</a>');
    expect(html).toContain('<a href="/labs/openai">OpenAI</a>');
    expect(html).not.toContain('<a href="/labs/anthropic">');
  });

  it("shows a keyed lab's latest settled day from the api, locked, with the way to a key", async () => {
    const html = await labPageWith(routerWithOpenRouterData, "minimax");
    expect(html).toContain(`data-keyed-latest="${KEYED_LATEST_DAY}"`);
    expect(html).toContain("data-locked");
    expect(html).toContain("data-key-teaser");
    expect(html).toContain('href="/account/sign-up"');
    expect(html).toContain('href="/docs#authentication"');
    expect(html).not.toContain("data-value");
    expect(html).not.toMatch(/\$\d/);
  });

  it("offers a free and a keyed lab's notify-me: the form filled in with the token market, the lab's id and threshold.crossed", async () => {
    for (const [lab, label] of [
      ["anthropic", "Anthropic"],
      ["minimax", "MiniMax"],
    ] as const) {
      const html = await labPageWith(routerWithOpenRouterData, lab);
      close?.();
      expect(html).toContain(
        `<p class="notify-me" data-notify-me="true"><a href="/account/new-webhook?market=token&amp;series=${lab}&amp;type=threshold.crossed">Notify me when ${label} token price index crosses a threshold</a>`,
      );
    }
  });

  it("lists every lab on /labs: free labs' latest value, keyed labs' latest day and a lock", async () => {
    close = await serveRouterAsApi(routerWithOpenRouterData);
    const html = renderToStaticMarkup(await LabsPage());
    expect(html.match(/data-tier="free"/g)).toHaveLength(4);
    expect(html.match(/data-tier="keyed"/g)).toHaveLength(7);
    expect(html).toMatch(
      /data-lab="anthropic" data-tier="free" data-date="2026-03-29">.*data-value="5.5">\$5\.5000/,
    );
    expect(html).toContain(`data-lab="minimax" data-tier="keyed" data-date="${KEYED_LATEST_DAY}"`);
    expect(html.match(/data-locked/g)).toHaveLength(7);
  });

  it("lists the keyed labs in the home page's headline table, locked, with their latest settled day", async () => {
    close = await serveRouterAsApi(routerWithOpenRouterData);
    // `/` renders HomeContent with no chart query; it is an async component, awaited here.
    const page = (await HomeContent({ chartQuery: {} })) as ReactElement;
    const html = renderToStaticMarkup(page);
    const latestTable = html.slice(html.indexOf('data-table="latest"'), html.indexOf("</table>"));
    expect(latestTable.match(/data-tier="keyed"/g)).toHaveLength(7);
    expect(latestTable).toContain(
      `data-lab="minimax" data-tier="keyed" data-latest-date="${KEYED_LATEST_DAY}"`,
    );
    expect(latestTable.match(/data-locked/g)).toHaveLength(7);
    expect(latestTable.match(/data-value=/g)).toHaveLength(1);
    expect(html).toContain("data-key-teaser");
  });
});
