import type { AnyTRPCRouter } from "@trpc/server";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import GpusPage from "../../app/gpus/page";
import { historyInputs, routerWithGpu, routerWithGpuWithoutData } from "../testing/gpu-routers";
import { serveRouterAsApi } from "../testing/trpc-fixture";

/**
 * The /gpus page rendered to HTML against routers in the api's GPU shapes, with and without
 * published values (the browser tests render it against the real api).
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function renderWith(router: AnyTRPCRouter): Promise<string> {
  close = await serveRouterAsApi(router);
  return renderToStaticMarkup(await GpusPage());
}

describe("/gpus", () => {
  it("shows the latest values in a captioned table and a three-month chart", async () => {
    const html = await renderWith(routerWithGpu);
    expect(html).toContain(
      "<caption>Latest daily GPU index per GPU and region (USD per GPU-hour)</caption>",
    );
    expect(html).toContain('data-gpu="H100 SXM"');
    expect(html).toContain('data-value="2.31"');
    expect(html).toContain("$2.3100");
    expect(html).toContain('data-chart="gpu-3m"');
    expect(html).toMatch(/<desc[^>]*>H100 SXM: \$2\.3000 on 29 Mar 2026, \$2\.3100 on 30 Mar 2026/);
  });

  it("charts the GPU free window the api gives, not one from the website's clock", async () => {
    const html = await renderWith(routerWithGpu);
    expect(html).toContain("30 Dec 2025 to 30 Mar 2026.");
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
});
