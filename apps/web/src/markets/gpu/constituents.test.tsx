import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GPU_LEDGER_CITATION, SAMPLE_NOTICE } from "@tpi/domain";
import { serveRouterAsApi } from "../../testing/trpc-fixture";
import type { GpuConstituents } from "./api-types";
import { gpuConstituentsToCsv } from "./constituents";
import { GET as constituentsCsv } from "./constituents-csv";
import { GpuConstituentsSection } from "./constituents-section";
import { GpuPage } from "./gpu-page";
import { constituentsInputs, routerWithGpu } from "./test-routers";

// The pages read the request's session cookie: none here, a visitor.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * A GPU page's constituents section, its CSV and its source notes, rendered against a router in
 * the api's `gpu.constituents` shape (the browser tests check them against the real api).
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function gpuPage(segment: string): Promise<string> {
  close = await serveRouterAsApi(routerWithGpu);
  const page = (await GpuPage({
    params: Promise.resolve({ gpu: segment }),
    searchParams: Promise.resolve({}),
  })) as ReactElement;
  return renderToStaticMarkup(page);
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');

/** A trade-based sample day: the body the api gives for a day settled from the sample trades. */
const SAMPLE_TRADES_DAY: GpuConstituents = {
  success: true,
  access: "public-3mo",
  gpuName: "A100 SXM4",
  date: "2026-03-29",
  settledAt: "2026-03-29T20:00:00.000Z",
  published: true,
  indexValue: 1.5,
  methodologyVersion: "2.0",
  basis: "trades",
  backfilled: false,
  printCount: 24,
  providerCount: 1,
  offerCount: 0,
  tradeCount: 12,
  provenance: {
    sample: true,
    sources: [
      { source: "sample", sample: true, asOf: null, citation: SAMPLE_NOTICE, licence: null },
    ],
  },
  dataSources: {
    sample: true,
    notice: SAMPLE_NOTICE,
    sources: [
      { source: "sample", sample: true, asOf: null, citation: SAMPLE_NOTICE, licence: null },
    ],
  },
  count: 1,
  data: [
    {
      kind: "trades",
      source: "sample",
      provider: "sample-market",
      tradeCount: 12,
      gpuHours: 96.5,
      averagePriceUsdPerGpuHour: 1.5,
    },
  ],
};

describe("/gpus/[gpu] constituents", () => {
  it("asks for the latest settled New York day and lists its offers with tier, price, prints, status and the snapshot's as-of time", async () => {
    const html = await gpuPage("H100%20SXM");
    expect(constituentsInputs).toContainEqual({ gpu: "H100 SXM", date: "2026-03-30" });
    expect(html).toContain('data-gpu-constituents="2026-03-30"');
    const rows = [...html.matchAll(/<tr data-kind="quote"[^>]*>(.*?)<\/tr>/g)].map((match) =>
      textOf(match[0]),
    );
    expect(rows).toEqual([
      "lambdaon-demand$2.990024 printsincludedgpurentalprices (2026-03-30 06:21:55Z)",
      "awson-demand (p5.48xlarge, 8 GPUs)$12.290024 printsincludedgpurentalprices (2026-03-30 06:21:55Z)",
      "runpodcommunity$2.69000 printsexcluded: Community tier: only on-demand prices entergpurentalprices (2026-03-30 06:21:55Z)",
      "vultron-demand$2.99000 printsexcluded: Stale: the provider's price was not refreshedgpurentalprices (2026-03-30 06:21:55Z)",
    ]);
    expect(html).toContain('data-exclusion="stale"');
  });

  it("says the day rests on real quotes, marks it back-filled and cites the ledger with its licence", async () => {
    const html = await gpuPage("H100%20SXM");
    const section = html.slice(html.indexOf("data-gpu-constituents"));
    expect(section).toContain('data-basis="quotes"');
    expect(textOf(section)).toContain("Real posted prices (quotes) ($2.3100 per GPU-hour)");
    expect(section).toContain("data-backfilled-notice");
    expect(textOf(section)).toContain(`${GPU_LEDGER_CITATION} Licensed under CC BY 4.0.`);
    expect(section).toContain(
      '<a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>',
    );
    expect(html).toContain(
      '<a href="/gpus/H100%20SXM/constituents.csv" download="" data-constituents-csv="true">Download these 4 rows as CSV</a>',
    );
  });

  it("cites the ledger near the lead and says nothing of the sample when the GPU values are real", async () => {
    const html = await gpuPage("H100%20SXM");
    expect(html).toContain('data-gpu-provenance="real"');
    expect(html).not.toContain("data-gpu-sample-notice");
  });

  it("has no constituents section for a GPU without a settled day", async () => {
    const html = await gpuPage("B200");
    expect(html).not.toContain("data-gpu-constituents");
  });

  it("folds a long day's offers after the first 15 on a phone, every row still in the page", () => {
    const [first] = SAMPLE_TRADES_DAY.data;
    if (first === undefined) throw new Error("the fixture day has a row");
    const many = Array.from({ length: 24 }, (_, n) => ({ ...first, provider: `provider-${n}` }));
    const html = renderToStaticMarkup(
      <GpuConstituentsSection body={{ ...SAMPLE_TRADES_DAY, data: many }} csvHref="/x.csv" />,
    );
    expect(html).toContain('class="table-wrap fold-on-phone"');
    expect(textOf(html)).toContain("Show all 24 rows (9 more)");
  });

  it("shows a trade-based sample day as the sample, with its trades and no citation", () => {
    const html = renderToStaticMarkup(
      <GpuConstituentsSection body={SAMPLE_TRADES_DAY} csvHref="/x.csv" />,
    );
    expect(html).toContain('data-basis="sample"');
    expect(html).toContain("data-gpu-sample-notice");
    expect(html).not.toContain("data-backfilled-notice");
    expect(html).not.toContain("data-gpu-citation");
    expect(textOf(html)).toContain(
      "sample-marketexecuted trades$1.500012 trades, 96.5 GPU-hoursincludedsample",
    );
  });
});

describe("/gpus/[gpu]/constituents.csv", () => {
  async function csvOf(segment: string): Promise<Response> {
    close = await serveRouterAsApi(routerWithGpu);
    return constituentsCsv(new Request(`http://localhost/gpus/${segment}/constituents.csv`), {
      params: Promise.resolve({ gpu: segment }),
    });
  }

  it("serves the table's rows in its order with exact values and each row's citation", async () => {
    const response = await csvOf("H100%20SXM");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="tpi-gpu-H100-SXM-constituents-2026-03-30.csv"',
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe(
      "date,gpu_type,region,kind,source,provider,tier,offer,priceUsdPerGpuHour,prints,tradeCount,gpuHours,included,exclusionReason,snapshotId,snapshotAsOf,basis,sample,backfilled,citation",
    );
    const citation = `"${GPU_LEDGER_CITATION}"`;
    expect(lines.slice(1)).toEqual([
      `2026-03-30,H100 SXM,global,quote,gpurentalprices,lambda,on-demand,,2.99,24,,,true,,41,2026-03-30T06:21:55.020Z,quotes,false,true,${citation}`,
      `2026-03-30,H100 SXM,global,quote,gpurentalprices,aws,on-demand,"p5.48xlarge, 8 GPUs",12.29,24,,,true,,41,2026-03-30T06:21:55.020Z,quotes,false,true,${citation}`,
      `2026-03-30,H100 SXM,global,quote,gpurentalprices,runpod,community,,2.69,0,,,false,tier,41,2026-03-30T06:21:55.020Z,quotes,false,true,${citation}`,
      `2026-03-30,H100 SXM,global,quote,gpurentalprices,vultr,on-demand,,2.99,0,,,false,stale,41,2026-03-30T06:21:55.020Z,quotes,false,true,${citation}`,
      "",
    ]);
  });

  it("is a JSON 404 for a GPU without a settled day and for a keyed GPU", async () => {
    expect((await csvOf("B200")).status).toBe(404);
    close?.();
    expect((await csvOf("RTX%20PRO%206000%20WS")).status).toBe(404);
  });

  it("writes trade rows with their counts and the sample's notice", () => {
    expect(gpuConstituentsToCsv(SAMPLE_TRADES_DAY).split("\r\n")[1]).toBe(
      `2026-03-29,A100 SXM4,global,trades,sample,sample-market,,,1.5,,12,96.5,true,,,,trades,true,false,"${SAMPLE_NOTICE}"`,
    );
  });
});
