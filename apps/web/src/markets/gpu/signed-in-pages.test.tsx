import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { sessionCookieSpec } from "../../server/account";
import { serveMarketRouter, textOf } from "../../testing/market-page-tests";
import { setRequestCookie } from "../../testing/request-cookies";
import { GET as gpuDailyCsv } from "./daily-csv";
import { GpuPage } from "./gpu-page";
import { GpusPage } from "./overview-page";
import {
  GPU_FULL_SESSION,
  KEYED_GPU_DAILY,
  planGpuInputs,
  routerWithGpuSignedIn,
} from "./test-routers";

// The GPU pages are rendered per request and read the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The GPU pages and the daily CSV for a signed-in Full reader, against a router in the api's
 * shapes: the keyed GPU's daily index in place of its lock, its row on /gpus with a value, and
 * its CSV; without a session, the visitor's pages.
 */
serveMarketRouter(routerWithGpuSignedIn, [planGpuInputs]);

const KEYED = "RTX PRO 6000 WS";

async function gpuPage(gpu: string, range?: string): Promise<string> {
  const page = (await GpuPage({
    params: Promise.resolve({ gpu: encodeURIComponent(gpu) }),
    searchParams: Promise.resolve(range === undefined ? {} : { range }),
  })) as ReactElement;
  return renderToStaticMarkup(page);
}

describe("a keyed GPU's page, signed in", () => {
  it("shows a Full reader the daily index of all history the plan reads, with every range", async () => {
    setRequestCookie(sessionCookieSpec().name, GPU_FULL_SESSION);
    const html = await gpuPage(KEYED);
    expect(planGpuInputs).toEqual([{ sessionToken: GPU_FULL_SESSION, gpuName: KEYED }]);
    expect(html).not.toContain("data-locked");
    expect(textOf(html)).toContain("Signed in as ada@example.com (Full plan)");
    expect(html).toContain("The daily index, all history your plan reads");
    expect(html).toMatch(/<a [^>]*data-range="All"[^>]*aria-current="true"/);
    expect(html).toContain(`href="/gpus/RTX%20PRO%206000%20WS/daily.csv"`);
  });

  it("stays locked for a visitor, asking for no values", async () => {
    const html = await gpuPage(KEYED);
    expect(html).toContain("data-locked");
    expect(html).not.toContain("data-signed-in");
    expect(planGpuInputs).toEqual([]);
  });
});

describe("/gpus, signed in", () => {
  it("gives a Full reader the keyed GPU's latest value in place of Locked", async () => {
    setRequestCookie(sessionCookieSpec().name, GPU_FULL_SESSION);
    const html = renderToStaticMarkup((await GpusPage({})) as ReactElement);
    expect(html).toMatch(/<tr data-gpu="RTX PRO 6000 WS">.*?data-value="1\.5"/);
    expect(textOf(html)).not.toContain("Locked: API key");
  });
});

describe("/gpus/[gpu]/daily.csv, signed in", () => {
  function csv(gpu: string, cookie?: string) {
    const headers: Record<string, string> =
      cookie === undefined ? {} : { cookie: `${sessionCookieSpec().name}=${cookie}` };
    const segment = encodeURIComponent(gpu);
    return gpuDailyCsv(new Request(`http://localhost/gpus/${segment}/daily.csv`, { headers }), {
      params: Promise.resolve({ gpu: segment }),
    });
  }

  it("gives a Full reader the keyed GPU's daily values, and a visitor the refusal", async () => {
    const response = await csv(KEYED, GPU_FULL_SESSION);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await response.text()).trim().split("\n");
    expect(lines).toHaveLength(1 + KEYED_GPU_DAILY.length);
    expect(lines[1]).toContain("2025-06-01");
    const visitor = await csv(KEYED);
    expect(visitor.status).toBe(404);
  });
});
