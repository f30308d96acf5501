import type { AnyTRPCRouter } from "@trpc/server";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import StatusPage from "../../app/status/page";
import { t } from "../kit/test-viewers";
import { serveRouterAsApi } from "../testing/trpc-fixture";
import type { MarketDataStatus } from "./market-data-status";

/**
 * /status's part on each market's data, server-rendered against a router answering the api's
 * `marketStatus` shape (the api's tests check the answer itself): every market with its data
 * status, what is loaded and as of when, and its sources' latest runs in a captioned table.
 */
const STATUSES: MarketDataStatus[] = [
  {
    market: "token",
    data: "real",
    loaded: "1,234 published token values",
    asOf: "2026-11-28T02:00:00.000Z",
    dataSources: [],
    sources: [
      {
        source: "openrouter",
        runs: [
          {
            id: 12,
            trigger: "manual",
            startedAt: "2026-11-29T03:10:00.000Z",
            finishedAt: null,
            outcome: "running",
            daysWritten: 0,
            message: "",
          },
          {
            id: 11,
            trigger: "schedule",
            startedAt: "2026-11-28T03:00:00.000Z",
            finishedAt: "2026-11-28T03:02:00.000Z",
            outcome: "ok",
            daysWritten: 1,
            message: "1 day written",
          },
        ],
      },
    ],
  },
  {
    market: "gpu",
    data: "loading",
    loaded: "0 published GPU prints",
    asOf: null,
    dataSources: [],
    sources: [{ source: "gpurentalprices", runs: [] }],
  },
  {
    market: "memory",
    data: "sample",
    loaded: "1,260 sample memory type-day(s)",
    asOf: null,
    dataSources: [],
    sources: [],
  },
];

let close: (() => void) | undefined;
afterEach(() => close?.());

async function renderWith(router: AnyTRPCRouter): Promise<string> {
  close = await serveRouterAsApi(router);
  return renderToStaticMarkup(await StatusPage());
}

describe("/status: each market's data", () => {
  it("shows every market's status, what is loaded, its as-of time and its sources' runs", async () => {
    const html = await renderWith(t.router({ marketStatus: t.procedure.query(() => STATUSES) }));
    expect(html).toContain('<h2 id="market-data">Each market&#x27;s data</h2>');
    expect(html).toMatch(/data-market="token" data-data-status="real"/);
    expect(html).toContain('<h3 id="market-data-token">Token index</h3>');
    expect(html).toContain("<dd>1,234 published token values</dd>");
    expect(html).toContain("2026-11-28 02:00:00Z");
    expect(html).toContain("<caption>Token index: latest runs of its sources</caption>");
    expect(html).toContain('<th scope="col">Source</th>');
    expect(html).toMatch(
      /<tr data-source="openrouter" data-run="12"><th scope="row">openrouter<\/th><td data-label="Started \(UTC\)">2026-11-29 03:10:00Z<\/td><td data-label="Result">running<\/td><td data-label="Days written">0<\/td><td class="run-message" data-label="What happened">—<\/td><\/tr>/,
    );
    expect(html).toMatch(
      /data-run="11"><th scope="row">openrouter<\/th><td[^>]*>[^<]*<\/td><td data-label="Result">ok<\/td><td data-label="Days written">1<\/td><td class="run-message" data-label="What happened">1 day written<\/td>/,
    );

    // A market whose first load runs says so, and a source without a run says it has none.
    expect(html).toMatch(/data-market="gpu" data-data-status="loading"/);
    expect(html).toContain('<h3 id="market-data-gpu">GPU index</h3>');
    expect(html).toContain("its data answers 503 until it finishes");
    expect(html).toContain('data-as-of="">Unknown</dd>');
    // A generated sample has no as-of time: it says so rather than "Unknown".
    expect(html).toMatch(
      /data-market="memory" data-data-status="sample">.*data-as-of="">None: a generated sample is not read from a source<\/dd>/,
    );
    expect(html).toContain(
      '<tr data-source="gpurentalprices" data-run="none"><th scope="row">gpurentalprices</th><td colSpan="4" data-label="Runs">No run logged</td></tr>',
    );
  });

  it("says the api did not answer, and renders the rest of the page", async () => {
    const html = await renderWith(t.router({}));
    expect(html).toContain(
      '<p data-market-data="unavailable">Unavailable: the api did not answer.</p>',
    );
    expect(html).toContain("<h1>Service status</h1>");
  });
});
