import type { AnyTRPCRouter } from "@trpc/server";
import { renderToStaticMarkup } from "react-dom/server";
import { GPU_CATALOG, GPU_LEDGER_CITATION } from "@tpi/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveRouterAsApi } from "../../testing/trpc-fixture";
import { GpusPage } from "./overview-page";
import { historyInputs, routerWithGpu, routerWithGpuWithoutData } from "./test-routers";

// The page reads the request's session cookie: none here, a visitor.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The /gpus page rendered to HTML against routers in the api's GPU shapes, with and without
 * published values (the browser tests render it against the real api).
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function renderWith(
  router: AnyTRPCRouter,
  query: Record<string, string> = {},
): Promise<string> {
  close = await serveRouterAsApi(router);
  return renderToStaticMarkup(await GpusPage({ searchParams: Promise.resolve(query) }));
}

describe("/gpus", () => {
  it("shows the latest values in a captioned table and a three-month chart", async () => {
    const html = await renderWith(routerWithGpu);
    expect(html).toContain(
      "<caption>Latest settled daily GPU index per GPU, global region, in USD per GPU-hour, with its change over 1, 7 and 30 days</caption>",
    );
    expect(html).toContain('data-gpu="H100 SXM"');
    expect(html).toContain('data-value="2.31"');
    expect(html).toContain("$2.3100");
    expect(html).toContain('data-chart="gpu-3m"');
    expect(html).toMatch(/<desc[^>]*>H100 SXM: \$2\.0000 on 28 Feb 2026, \$2\.3100 on 30 Mar 2026/);
  });

  it("cites the ledger the values rest on, with its licence, in the server-rendered table's lead", async () => {
    const html = await renderWith(routerWithGpu);
    expect(html).toContain('data-gpu-provenance="real"');
    expect(html).toContain(
      `<p class="source-line" data-gpu-citation="gpurentalprices">${GPU_LEDGER_CITATION} Licensed under <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.</p>`,
    );
    expect(html.indexOf("data-gpu-citation")).toBeLessThan(html.indexOf('data-table="gpu-latest"'));
  });

  it("charts the GPU free window the api gives, not one from the website's clock", async () => {
    await renderWith(routerWithGpu);
    expect(historyInputs).toContainEqual({
      gpu: "H100 SXM",
      startDate: "2025-12-30",
      endDate: "2026-03-30",
    });
  });

  it("says no values are published yet when the gpu procedures have no data", async () => {
    const html = await renderWith(routerWithGpuWithoutData);
    expect(html).toContain('data-gpu-state="no-data"');
  });

  it("renders the chart state a shared URL names (range and GPUs) without JavaScript, wider ranges locked", async () => {
    const html = await renderWith(routerWithGpu, { range: "7D", gpus: "B200" });
    const desc = /<desc[^>]*>([^<]*)<\/desc>/.exec(html)?.[1] ?? "";
    expect(desc).toContain("B200: $4.0000 on 29 Mar 2026");
    expect(desc).not.toContain("H100 SXM");
    expect(html).toMatch(
      /<a[^>]*data-range="7D"[^>]*aria-current="true"|<a[^>]*aria-current="true"[^>]*data-range="7D"/,
    );
    for (const range of ["1Y", "All"])
      expect(html).toContain(`data-range="${range}" data-locked="true"`);
    expect(html).toContain('href="/gpus?range=7D#chart"');
    expect(html).toContain("1Y, All: older history needs an API key");
    // The table is not filtered by the chart's state: it stays complete.
    expect(html).toContain('data-gpu="H100 SXM"');
  });

  it("charts every GPU over the free window without a query", async () => {
    const html = await renderWith(routerWithGpu);
    const desc = /<desc[^>]*>([^<]*)<\/desc>/.exec(html)?.[1] ?? "";
    expect(desc).toContain("H100 SXM:");
    expect(desc).toContain("B200:");
    expect(html).toMatch(
      /data-range="3M"[^>]*aria-current="true"|aria-current="true"[^>]*data-range="3M"/,
    );
  });
});

/** Text without tags, for assertions across inline elements. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'");

/** The HTML of one GPU's row of the latest table. */
function rowOf(html: string, gpu: string): string {
  const start = html.indexOf(`<tr data-gpu="${gpu}"`);
  expect(start, `row of ${gpu}`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf("</tr>", start));
}

describe("/gpus lists every GPU", () => {
  it("has one row per GPU of the catalog, in its order", async () => {
    const html = await renderWith(routerWithGpu);
    const rows = [...html.matchAll(/<tr data-gpu="([^"]+)"/g)].map((match) => match[1]);
    expect(rows).toEqual(GPU_CATALOG.map((entry) => entry.gpuName));
  });

  it("gives each free GPU's change over 1, 7 and 30 calendar days from its daily series", async () => {
    const h100 = rowOf(await renderWith(routerWithGpu), "H100 SXM");
    // 2.31 on 30 Mar against 2.30 (29 Mar), 2.20 (23 Mar) and 2.00 (28 Feb).
    expect(h100).toContain('data-change-days="1" data-change-from="2026-03-29"');
    expect(h100).toContain('data-change-days="7" data-change-from="2026-03-23"');
    expect(h100).toContain('data-change-days="30" data-change-from="2026-02-28"');
    const text = textOf(h100);
    expect(text).toContain("+$0.0100 (+0.43%)");
    expect(text).toContain("+$0.1100 (+5.00%)");
    expect(text).toContain("+$0.3100 (+15.50%)");
    expect(h100).toContain('<a href="/gpus/H100%20SXM">H100 SXM</a>');
  });

  it("says n/a where the earlier day has no value, and which free GPUs have no recent value", async () => {
    const html = await renderWith(routerWithGpu);
    const b200 = textOf(rowOf(html, "B200"));
    expect(b200).toContain("+$0.1000 (+2.50%)");
    expect(b200.match(/no earlier value/g)).toHaveLength(2);
    expect(rowOf(html, "H200")).toContain('data-gpu-state="no-recent-value"');
    expect(textOf(rowOf(html, "H200"))).toContain("No value settled in the last 7 days.");
  });

  it("shows the keyed GPU's latest settled day with its value locked and a way to a key", async () => {
    const row = rowOf(await renderWith(routerWithGpu), "RTX PRO 6000 WS");
    expect(row).toContain('data-gpu-state="keyed"');
    expect(row).toContain('<time dateTime="2026-03-29T20:00:00.000Z">29 Mar 2026</time>');
    expect(row).toContain("Locked: API key");
    expect(row).toContain('href="/gpus/RTX%20PRO%206000%20WS">How to get a key');
    expect(row).not.toContain("data-value");
    expect(row).not.toContain("$");
  });

  it("says which days the chart covers only in its caption, ending on the data's last day", async () => {
    const html = await renderWith(routerWithGpu);
    const caption = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/.exec(html)?.[1] ?? "";
    expect(caption).toContain("28 Feb 2026 to 30 Mar 2026");
    // The free window's own bounds are not presented as the data's days.
    expect(textOf(html)).not.toContain("30 Dec 2025 to 30 Mar 2026");
  });

  it("links the GPU methodology", async () => {
    expect(await renderWith(routerWithGpu)).toContain('href="/methodology/gpu"');
  });
});
