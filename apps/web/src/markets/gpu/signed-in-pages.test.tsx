import { describe, expect, it, vi } from "vitest";
import { marketPageTests, textOf } from "../../testing/market-page-tests";
import { GET as gpuDailyCsv } from "./daily-csv";
import { GpuPage } from "./gpu-page";
import { GpusPage } from "./overview-page";
import { gpuSignedIn } from "./test-routers";

// The GPU pages are rendered per request and read the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The GPU pages and the daily CSV for a signed-in Full reader, against a router in the api's
 * shapes: the keyed GPU's daily index in place of its lock, its row on /gpus with a value, and
 * its CSV; without a session, the visitor's pages.
 */
const site = marketPageTests(gpuSignedIn);

const KEYED = "RTX PRO 6000 WS";

const gpuPage = (gpu: string, range?: string) =>
  site.renderPage(
    GpuPage({
      params: Promise.resolve({ gpu: encodeURIComponent(gpu) }),
      searchParams: Promise.resolve(range === undefined ? {} : { range }),
    }),
  );

describe("a keyed GPU's page, signed in", () => {
  it("shows a Full reader the daily index of all history the plan reads, with every range", async () => {
    site.signIn(gpuSignedIn.sessions.full);
    const html = await gpuPage(KEYED);
    expect(gpuSignedIn.inputs).toEqual([
      { planIndexHistory: { sessionToken: gpuSignedIn.sessions.full, gpuName: KEYED } },
    ]);
    expect(html).not.toContain("data-locked");
    expect(textOf(html)).toContain("Signed in as ada@example.com (Full plan)");
    expect(html).toContain("The daily index, all history your plan reads");
    expect(html).toMatch(/<a [^>]*data-range="All"[^>]*aria-current="true"/);
    expect(html).toContain(`href="/gpus/RTX%20PRO%206000%20WS/daily.csv"`);
    expect(html).toContain(
      '<a href="/account/new-webhook?market=gpu&amp;series=RTX+PRO+6000+WS&amp;type=threshold.crossed">',
    );
  });

  site.itIsTheVisitorsPage(() => gpuPage(KEYED));
});

describe("/gpus, signed in", () => {
  it("gives a Full reader the keyed GPU's latest value in place of Locked", async () => {
    site.signIn(gpuSignedIn.sessions.full);
    const html = await site.renderPage(GpusPage({}));
    expect(html).toMatch(/<tr data-gpu="RTX PRO 6000 WS">.*?data-value="1\.5"/);
    expect(textOf(html)).not.toContain("Locked: API key");
  });
});

describe("/gpus/[gpu]/daily.csv, signed in", () => {
  function csv(gpu: string, session?: string) {
    const segment = encodeURIComponent(gpu);
    return gpuDailyCsv(site.downloadRequest(`/gpus/${segment}/daily.csv`, session), {
      params: Promise.resolve({ gpu: segment }),
    });
  }

  it("gives a Full reader the keyed GPU's daily values, and a visitor the refusal", async () => {
    const lines = await site.privateCsvLines(
      await csv(KEYED, gpuSignedIn.sessions.full),
      "tpi-gpu-RTX-PRO-6000-WS-daily-to-2026-03-29.csv",
    );
    expect(lines).toHaveLength(1 + gpuSignedIn.keyedDaily.length);
    expect(lines[1]).toContain("2025-06-01");
    const visitor = await csv(KEYED);
    expect(visitor.status).toBe(404);
  });
});
