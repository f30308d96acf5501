import { beforeAll, describe, expect, it } from "vitest";
import { joinSources, type BulkRow } from "@tpi/domain";
import { MARKETS } from "../../markets";
import { joinCitations } from "../bulk/dataset";
import { MarketStates, type Market, type MarketStateBase } from "../core/market";
import type { DataSource } from "../provenance/data-sources";
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
 * the release's sources and in its citation line. A row standing on several sources names them
 * joined in its one `source` column: the manifest names each of them once, with the market's
 * citation and licence for it.
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

/** Sources the fixture market knows (as a market's data sources describe them), with licences. */
const knownSource = (source: string, citation: string): DataSource => ({
  source,
  sample: false,
  firstDay: "2026-03-07",
  lastDay: "2026-03-09",
  days: 3,
  latestAsOf: null,
  citation,
  licence: { name: `${source} terms`, url: `https://example.com/${source}/terms` },
});
const ACME = knownSource("acme", "Acme Exchange quotes.");
const BETA = knownSource("beta", "Beta Cloud list prices.");
/** A source the market no longer knows: no licence, and its citation as its own rows give it. */
const GAMMA_CITATION = "Gamma sample, not market data.";

/** A widget price standing on `sources`, its citation their citations joined as a market joins them. */
const pooledRow = (
  widget: string,
  day: string,
  sources: readonly string[],
  sample: boolean,
): BulkRow => ({
  ...widgetPriceRow(widget, day, "3.00"),
  source: joinSources(sources),
  sample,
  citation: joinCitations(
    sources.map(
      (name) => [ACME, BETA].find((known) => known.source === name)?.citation ?? GAMMA_CITATION,
    ),
  ),
});

const POOLED_ROWS = [
  pooledRow("sprocket", "2026-03-07", ["acme", "beta"], false),
  pooledRow("sprocket", "2026-03-08", ["acme", "beta", "gamma"], false),
  pooledRow("sprocket", "2026-03-09", ["gamma"], true),
  pooledRow("widget", "2026-03-09", ["beta"], false),
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
      {
        ...widgetPriceDataset(async function* () {
          yield* POOLED_ROWS;
        }),
        name: "widget-price-pooled",
      },
    ],
    { now: new Date("2026-03-11T02:00:00Z") },
  );
  const { api, context } = releasing;
  // The memory sample is shown while nothing is stored, as a server with SEED_SAMPLE_ON_EMPTY shows it.
  for (const publication of api.deps.markets.get("memory").publications) {
    publication.allowSample?.(true);
    await publication.refresh();
  }
  // The fixture market knows acme and beta (no longer gamma), as a market's data sources list them.
  const fixture = api.deps.markets.get("fixture");
  const knowing: MarketStateBase = {
    ...fixture,
    provenance: () => ({
      ...fixture.provenance(),
      dataSources: { sample: false, notice: null, sources: [ACME, BETA] },
    }),
  };
  const markets = new MarketStates([
    ["memory", api.deps.markets.get("memory")],
    ["fixture", knowing],
  ]);
  const outcome = await cutDueRelease(
    { ...context, markets, marketList: [memory, ...context.marketList] },
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
    const entry = manifest.datasets.find((d) => d.name === "widget-price-daily");
    const sample = {
      source: "widget-sample",
      sample: true,
      citation: SAMPLE_CITATION,
      licence: null,
    };
    expect(entry).toMatchObject({ rows: SAMPLE_ROWS.length, sources: [sample] });
    expect(manifest.sources).toContainEqual({ market: "fixture", ...sample });
    expect(manifest.citation).toContain(SAMPLE_CITATION.replace(/\.$/, ""));
  });

  it("rows naming several sources: each source once, with the market's citation and licence", () => {
    const entry = manifest.datasets.find((d) => d.name === "widget-price-pooled");
    const named = (source: DataSource, sample: boolean) => ({
      source: source.source,
      sample,
      citation: source.citation,
      licence: source.licence,
    });
    const gamma = { source: "gamma", sample: true, citation: GAMMA_CITATION, licence: null };
    // In code point order; gamma is sample through its own row only, acme and beta never.
    const sources = [named(ACME, false), named(BETA, false), gamma];
    expect(entry).toMatchObject({ rows: POOLED_ROWS.length, sources });
    const sample = manifest.datasets.find((d) => d.name === "widget-price-daily")?.sources ?? [];
    expect(manifest.sources).toEqual(
      [...sample, ...sources].map((source) => ({ market: "fixture", ...source })),
    );
    // Each source's citation once, in the order the sources are listed; no joined citation.
    expect(manifest.citation).toMatch(
      /Sources: Generated widget sample, not market data; Acme Exchange quotes; Beta Cloud list prices; Gamma sample, not market data\.$/,
    );
  });
});
