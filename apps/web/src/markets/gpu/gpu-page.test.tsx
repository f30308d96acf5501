import { describe, expect, it, vi } from "vitest";
import { GPU_LEDGER_CITATION, SAMPLE_NOTICE, gpuMethodologySections } from "@tpi/domain";
import {
  downloadRequest,
  publicCsvLines,
  renderPage,
  serveMarketRouter,
  textOf,
} from "../../testing/market-page-tests";
import { GET as gpuDailyCsv } from "./daily-csv";
import { GpuPage } from "./gpu-page";
import { GpuMethodologyPage } from "./methodology-page";
import { GpusPage } from "./overview-page";
import { FIXTURE_RULES, detailInputs, routerWithGpu } from "./test-routers";

// The pages read the request's session cookie: none here, a visitor.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The /gpus/[gpu] page rendered to HTML against a router in the api's `gpu.detail` shapes: a GPU
 * with every part, one with nothing published, a keyed GPU and unknown names (the browser tests
 * render it against the real api).
 */
serveMarketRouter(routerWithGpu, [detailInputs]);

function gpuPage(segment: string, range?: string): Promise<string> {
  return renderPage(
    GpuPage({
      params: Promise.resolve({ gpu: segment }),
      searchParams: Promise.resolve(range === undefined ? {} : { range }),
    }),
  );
}

describe("/gpus/[gpu]", () => {
  it("shows the latest print and the rolling 24-hour average with units, UTC window and counts", async () => {
    const html = await gpuPage("H100%20SXM");
    expect(detailInputs).toContainEqual({ gpu: "H100 SXM" });
    expect(html).toContain("<h1>H100 SXM GPU compute price index</h1>");
    const text = textOf(html);
    expect(html).toMatch(/data-card="latest-print".*data-value="2.323"/);
    expect(text).toContain("$2.3230USD per GPU-hour at 2026-03-30 20:00:00Z");
    expect(html).toMatch(/data-card="rolling-average".*data-value="2.3115"/);
    expect(text).toContain(
      "USD per GPU-hour over 2026-03-29 21:00:00Z to 2026-03-30 20:00:00Z: 24 prints, of which 2 carried.",
    );
  });

  it("lists the trailing 24 prints newest first in a captioned table, marking the carried ones", async () => {
    const html = await gpuPage("H100 SXM");
    expect(html).toContain(
      "<caption>H100 SXM hourly prints in USD per GPU-hour, newest first (UTC hours)</caption>",
    );
    const hours = [...html.matchAll(/data-hour="([^"]+)" data-carried="(true|false)"/g)];
    expect(hours).toHaveLength(24);
    expect(hours[0]?.[1]).toBe("2026-03-30T20:00:00.000Z");
    expect(hours[23]?.[1]).toBe("2026-03-29T21:00:00.000Z");
    expect(hours.filter((hour) => hour[2] === "true").map((hour) => hour[1])).toEqual([
      "2026-03-30T04:00:00.000Z",
      "2026-03-30T03:00:00.000Z",
    ]);
    expect(html.match(/Yes: no new evidence/g)).toHaveLength(2);
    expect(textOf(html)).toContain("These prints rest on quotes (gpurentalprices).");
  });

  it("charts the daily index and the 30-day volatility, gives the latest volatility in percent and says what it is", async () => {
    const html = await gpuPage("H100%20SXM");
    expect(html).toContain('data-chart="gpu-daily"');
    expect(html).toMatch(/<desc[^>]*>H100 SXM: \$2\.0000 on 28 Feb 2026, \$2\.3100 on 30 Mar 2026/);
    expect(html).toContain('data-chart="gpu-volatility"');
    // Values in percent; the day whose window has a gap is left out of the line.
    expect(html).toMatch(/<desc[^>]*>Volatility: 39\.80% on 29 Mar 2026, 41\.23% on 30 Mar 2026/);
    const text = textOf(html);
    expect(text).toContain("Latest: 41.23% annualized as of 2026-03-30 20:00:00Z.");
    expect(text).toContain(
      "standard deviation of the daily log returns over the 30 days ending on each day, times √365",
    );
  });

  it("links each part to the API route serving it and says why the page is public", async () => {
    const html = await gpuPage("H100%20SXM");
    for (const [operationId, path] of [
      ["getGpuRollingAverage", "/api/gpu/H100%20SXM/rolling-24h-average"],
      ["getGpuHourly", "/api/gpu/H100%20SXM/hourly"],
      ["getGpuIndexHistory", "/api/gpu/H100%20SXM/index-history"],
      ["getGpuVolatility", "/api/gpu/H100%20SXM/volatility"],
    ])
      expect(html).toContain(`<a href="/docs#route-${operationId}"><code>GET ${path}</code></a>`);
    expect(textOf(html)).toContain(
      "Hourly printsGET /api/gpu/H100%20SXM/hourlyRequired: a Full plan key",
    );
    expect(textOf(html)).toMatch(
      /The API's hourly, rolling-average and volatility routes need a key; they serve full ranges and other grains\./,
    );
  });

  it("says nothing is published yet when a free GPU has no prints, without empty charts or an empty prints table", async () => {
    const html = await gpuPage("B200");
    expect(html).toContain('data-gpu-state="no-data"');
    expect(html).toContain("No hourly prints of B200 have been published yet.");
    expect(html).not.toContain('data-table="gpu-hourly"');
    expect(html).toContain('data-table="gpu-routes"');
    expect(html).not.toContain("data-chart");
    expect(html).toContain("No daily values of B200 in the free window yet.");
  });

  it("shows a keyed GPU's contents and that it needs an API key, without asking the api for values", async () => {
    const before = detailInputs.length;
    const html = await gpuPage("RTX%20PRO%206000%20WS");
    expect(detailInputs.length).toBe(before);
    expect(html).toContain('data-gpu-state="keyed"');
    expect(html).toContain("served to API key holders");
    expect(html).toContain("<code>GET /api/gpu/RTX%20PRO%206000%20WS/index-history</code>");
    expect(html).not.toContain("data-value");
  });

  it("offers a free and a keyed GPU's notify-me: the form filled in with the GPU market, the GPU's name and threshold.crossed", async () => {
    for (const [segment, name] of [
      ["H100%20SXM", "H100 SXM"],
      ["RTX%20PRO%206000%20WS", "RTX PRO 6000 WS"],
    ] as const) {
      const html = await gpuPage(segment);
      const series = new URLSearchParams({ series: name }).toString();
      expect(html).toContain(
        `<p class="notify-me" data-notify-me="true"><a href="/account/new-webhook?market=gpu&amp;${series}&amp;type=threshold.crossed">Notify me when ${name} GPU compute price index crosses a threshold</a>`,
      );
    }
  });

  it("is the site's 404 for an unknown or malformed GPU name", async () => {
    for (const segment of ["H300", "h100%20sxm", "%E0%A4%A"])
      await expect(gpuPage(segment)).rejects.toMatchObject({
        digest: expect.stringMatching(/404|NOT_FOUND/) as unknown,
      });
  });
});

describe("/gpus links each GPU to its page", () => {
  it("links the free GPUs in the table and the keyed ones below it", async () => {
    const html = await renderPage(GpusPage());
    expect(html).toContain('<a href="/gpus/H100%20SXM">H100 SXM</a>');
    expect(html).toContain('<a href="/gpus/B200">B200</a>');
    expect(html).toContain('<a href="/gpus/RTX%20PRO%206000%20WS">RTX PRO 6000 WS</a>');
  });
});

describe("/gpus/[gpu] change strip", () => {
  it("gives the latest daily value's 1, 7 and 30-day change and the window's low, high and mean", async () => {
    const html = await gpuPage("H100%20SXM");
    const start = html.indexOf('data-change-strip="H100 SXM"');
    expect(start).toBeGreaterThanOrEqual(0);
    const strip = html.slice(start, html.indexOf("</dl>", start));
    const text = textOf(strip);
    expect(text).toContain("Latest (30 Mar 2026)$2.3100");
    expect(text).toContain("1 day (from 29 Mar 2026)▲ +$0.0100 (+0.43%)");
    expect(text).toContain("7 days (from 23 Mar 2026)▲ +$0.1100 (+5.00%)");
    expect(text).toContain("30 days (from 28 Feb 2026)▲ +$0.3100 (+15.50%)");
    expect(text).toContain("Low (28 Feb 2026)$2.0000");
    expect(text).toContain("High (30 Mar 2026)$2.3100");
    // (2 + 2.2 + 2.3 + 2.31) / 4
    expect(text).toContain("Mean of 4 days$2.2025");
  });

  it("links the CSV of the charted series, with the chart's range when it has one", async () => {
    expect(await gpuPage("H100%20SXM", "7D")).toContain(
      '<a href="/gpus/H100%20SXM/daily.csv?range=7D" download="" data-csv="true">',
    );
    const html = await gpuPage("H100%20SXM");
    expect(html).toContain('<a href="/gpus/H100%20SXM/daily.csv" download="" data-csv="true">');
    expect(html).toContain('href="/methodology/gpu"');
  });

  it("has no strip and no CSV link for a GPU without daily values", async () => {
    const html = await gpuPage("B200");
    expect(html).not.toContain("data-change-strip");
    expect(html).not.toContain("daily.csv");
  });
});

describe("/gpus/[gpu]/daily.csv", () => {
  function csvOf(segment: string, query = ""): Promise<Response> {
    return gpuDailyCsv(downloadRequest(`/gpus/${segment}/daily.csv${query}`), {
      params: Promise.resolve({ gpu: segment }),
    });
  }

  it("serves the page's daily series, oldest first, with each value's provenance, as an attachment named after the GPU and last day", async () => {
    const lines = await publicCsvLines(
      await csvOf("H100%20SXM"),
      "tpi-gpu-H100-SXM-daily-to-2026-03-30.csv",
    );
    expect(lines).toEqual([
      "date,gpu_type,region,index_value,timestamp,basis,sources,backfilled,sample,citation",
      `2026-02-28,H100 SXM,global,2,2026-02-28T21:00:00.000Z,quotes,gpurentalprices,true,false,"${GPU_LEDGER_CITATION}"`,
      `2026-03-23,H100 SXM,global,2.2,2026-03-23T20:00:00.000Z,quotes,gpurentalprices,false,false,"${GPU_LEDGER_CITATION}"`,
      `2026-03-29,H100 SXM,global,2.3,2026-03-29T20:00:00.000Z,quotes,gpurentalprices,false,false,"${GPU_LEDGER_CITATION}"`,
      `2026-03-30,H100 SXM,global,2.31,2026-03-30T20:00:00.000Z,quotes,gpurentalprices,false,false,"${GPU_LEDGER_CITATION}"`,
    ]);
  });

  it("cuts the days as the page's chart range does, and ignores a range it does not hold", async () => {
    const days = async (query: string) =>
      (await (await csvOf("H100%20SXM", query)).text())
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.slice(0, 10));
    expect(await days("?range=7D")).toEqual(["2026-03-29", "2026-03-30"]);
    expect(await days("?range=1M")).toEqual(["2026-03-23", "2026-03-29", "2026-03-30"]);
    expect(await days("?range=All")).toHaveLength(4);
  });

  it("is a 404 for a keyed, unknown or not yet published GPU", async () => {
    for (const segment of ["RTX%20PRO%206000%20WS", "H300", "%E0%A4%A", "B200"]) {
      const response = await csvOf(segment);
      expect(response.status, segment).toBe(404);
      expect(await response.json()).toMatchObject({ error: "Not found" });
    }
  });
});

describe("/methodology/gpu", () => {
  function methodologyPage(): Promise<string> {
    return renderPage(GpuMethodologyPage());
  }

  it("renders each section of the api's GPU methodology under its own heading and anchor", async () => {
    const html = await methodologyPage();
    for (const section of gpuMethodologySections(FIXTURE_RULES)) {
      expect(html).toContain(`<h2 id="${section.id}">${section.heading}</h2>`);
      expect(textOf(html)).toContain(section.text);
      expect(html).toContain(`<a href="#${section.id}">`);
    }
  });

  it("states the bounds the api runs with, the UTC settlement stamps and the versions", async () => {
    const html = await methodologyPage();
    const text = textOf(html);
    expect(text).toContain("winsorized at the 10th and 90th percentiles");
    expect(html).toContain('data-winsor-lower="0.1"');
    expect(text).toContain("Bounds in force: lower 10%, upper 90%");
    expect(text).toContain("(20:00 in summer, 21:00 in winter)");
    expect(html).toContain('data-table="gpu-methodology-versions"');
    expect(html).toContain('data-gpu-methodology-version="1.0"');
  });

  it("lists the trades' sources, marking the generated sample as such", async () => {
    const html = await methodologyPage();
    expect(html).toContain('<h2 id="data-sources">Data sources</h2>');
    expect(html).toContain(`data-sample-notice="true">${SAMPLE_NOTICE}`);
    expect(html).toContain('<tr data-source="sample">');
    expect(html).toContain("<code>sample</code> (sample)");
    expect(textOf(html)).toContain("184 days, 28 Sep 2025 to 30 Mar 2026");
  });
});
