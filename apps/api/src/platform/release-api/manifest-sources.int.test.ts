import { beforeAll, describe, expect, it } from "vitest";
import type { BulkRow } from "@tpi/domain";
import { MARKETS } from "../../markets";
import type { Market } from "../core/market";
import {
  releasingApiForFile,
  widgetPriceDataset,
  widgetPriceRow,
  type ReleasingTestApi,
} from "../../testing/release-fixture";
import { cutDueRelease, type Manifest } from "./releases";

/**
 * A new release's manifest names, per dataset, the sources of the rows the release holds (from
 * the rows' `source`, `sample` and `citation` columns) and how many rows that is: a market whose
 * sample is only shown, never stored (memory here, with nothing stored), names no source; a
 * dataset of stored sample rows names the sample's source, marked as sample, in the dataset, in
 * the release's sources and in its citation line.
 */

const SAMPLE_CITATION = "Generated widget sample, not market data.";

/** A widget price of the generated sample: stored, and marked as sample by its row. */
const sampleRow = (widget: string, day: string, usd: string, asOf: string): BulkRow => ({
  ...widgetPriceRow(widget, day, usd),
  source: "widget-sample",
  asOf,
  sample: true,
  basis: "generated",
  citation: SAMPLE_CITATION,
});

const SAMPLE_ROWS = [
  sampleRow("sprocket", "2026-03-08", "1.50", "2026-03-08T12:00:00.000Z"),
  sampleRow("sprocket", "2026-03-09", "1.55", "2026-03-09T12:00:00.000Z"),
  sampleRow("widget", "2026-03-09", "2.00", "2026-03-09T12:00:00.000Z"),
];

const memory = MARKETS.find((market) => market.name === "memory") as Market;

let releasing: ReleasingTestApi;
let manifest: Manifest;

beforeAll(async () => {
  releasing = await releasingApiForFile(
    [
      widgetPriceDataset(async function* () {
        yield* SAMPLE_ROWS;
      }),
    ],
    { now: new Date("2026-03-11T02:00:00Z") },
  );
  const { api, context } = releasing;
  // The memory sample is shown while nothing is stored, as a server with SEED_SAMPLE_ON_EMPTY shows it.
  for (const publication of api.deps.markets.get("memory").publications) {
    publication.allowSample?.(true);
    await publication.refresh();
  }
  const outcome = await cutDueRelease(
    { ...context, marketList: [memory, ...context.marketList] },
    60,
  );
  expect(outcome).toMatchObject({ cut: true, release: 1 });
  const answer = await api.get("/api/v1/releases/1");
  expect(answer.status).toBe(200);
  manifest = answer.body as Manifest;
});

describe("a release's manifest names the sources of the rows it holds", () => {
  it("a market with no stored rows: its datasets hold 0 rows and name no source", () => {
    // The memory sample is shown (the market's data sources name it), never stored.
    const shown = releasing.api.deps.markets.get("memory").provenance().dataSources.sources;
    expect(shown.length).toBeGreaterThan(0);
    const memoryDatasets = manifest.datasets.filter((entry) => entry.market === "memory");
    expect(memoryDatasets.length).toBe(memory.bulkDatasets.length);
    for (const entry of memoryDatasets) expect(entry).toMatchObject({ rows: 0, sources: [] });
    expect(manifest.sources.filter((source) => source.market === "memory")).toEqual([]);
    // The citation line names only the fixture's sample (the test below).
    for (const source of shown)
      expect(manifest.citation).not.toContain(
        (source.citation ?? source.source).replace(/\.+$/, ""),
      );
  });

  it("a dataset of sample rows names the sample's source, marked as sample", () => {
    const entry = manifest.datasets.find((d) => d.market === "fixture");
    const sample = {
      source: "widget-sample",
      sample: true,
      citation: SAMPLE_CITATION,
      licence: null,
    };
    expect(entry).toMatchObject({ rows: SAMPLE_ROWS.length, sources: [sample] });
    expect(manifest.sources).toEqual([{ market: "fixture", ...sample }]);
    expect(manifest.citation).toMatch(/Sources: Generated widget sample, not market data\.$/);
  });
});
