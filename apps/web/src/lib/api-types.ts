import type { AppRouter } from "@tpi/api/trpc";
import type { inferRouterOutputs } from "@trpc/server";

/**
 * Every row the website renders, typed as the api's internal tRPC router returns it. The types are
 * inferred from the router's type (imported as a type only, never as a value), so a change of the
 * api's answers is a compile error here rather than a page that silently renders the wrong field.
 */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** One token index row: a row of `GET /api/otpi`'s `data`. */
export type IndexRow = RouterOutputs["freeWindowIndex"]["rows"][number];

/** The latest settled daily value of one GPU and region: a row of `GET /api/daily-index/all`. */
export type GpuLatest = RouterOutputs["gpu"]["latestDaily"]["data"][number];

/** One daily GPU index value: a row of `GET /api/gpu/{gpuName}/index-history`. */
export type GpuDailyRow = RouterOutputs["gpu"]["dailyHistory"]["data"][number];

/** Each index's free window (UTC days, inclusive) on the api's clock. */
export type FreeWindows = RouterOutputs["windows"];

/** Where the published data comes from: whether any of it is the generated sample, and each source's days and citation. */
export type DataSources = RouterOutputs["dataProvenance"];

/** The sources of each index: the token index's (observations) and the GPU index's (trades). */
export type SiteSources = { token: DataSources; gpu: DataSources };

/** One synced source day: its source, `as_of`, citation, price basis and coverage. */
export type SourceDay = RouterOutputs["sourceDays"][number];

/** A settled lab-day's constituents with coverage and provenance: the body of `GET /api/otpi/constituents`. */
export type Constituents = NonNullable<RouterOutputs["constituents"]>;

/** One constituent model of a lab-day. */
export type ConstituentRow = Constituents["data"][number];

/** The volume page's data: the latest settled days of token volume, growth and share per lab. */
export type RecentTokenVolume = RouterOutputs["recentTokenVolume"];

/** One free-tier GPU's page: the REST envelopes of its rolling average, hourly prints, daily series and volatility (null without data). */
export type GpuDetail = RouterOutputs["gpu"]["detail"];

/** A keyed lab's latest settled day, without its value (the keyless pages show it locked). */
export type KeyedLatestDay = RouterOutputs["keyedLatestDays"][number];

/** A GPU outside the free tier with the UTC day and instant of its latest settled value, without the value. */
export type GpuKeyedLatest = RouterOutputs["gpu"]["keyedLatest"][number];

/** The GPU methodology in force: sections, winsorizing bounds and version history. */
export type GpuMethodology = RouterOutputs["gpu"]["methodology"];

/**
 * Where a GPU answer's values come from, as the api attaches it to every GPU answer carrying
 * prints or daily values (`provenance`) and as `gpu.dataProvenance` gives it for the whole index:
 * whether they are the generated sample, and each source with the citation its licence requires.
 * Only the fields both shapes share, so one component renders either.
 */
export type GpuProvenance = {
  sample: boolean;
  sources: readonly {
    source: string;
    sample: boolean;
    citation: string | null;
    licence: { name: string; url: string } | null;
  }[];
};

/** How a GPU print or daily value was computed: from posted prices, executed trades, or both. */
export type GpuBasis = "trades" | "quotes" | "mixed";

/** One posted offer considered for a settled GPU day: its price, the prints it entered, and why it was left out if it was. */
export type GpuQuoteConstituent = {
  kind: "quote";
  source: string;
  snapshotId: string | number;
  snapshotAsOf: string;
  provider: string;
  tier: string;
  offer: string | null;
  /** USD per GPU-hour. */
  priceUsdPerGpuHour: number;
  /** How many of the day's hourly prints the offer entered. */
  prints: number;
  included: boolean;
  exclusionReason: string | null;
  exclusionDescription: string | null;
};

/** A provider's executed trades of a settled GPU day (trade-based days). */
export type GpuTradesConstituent = {
  kind: "trades";
  source: string;
  provider: string;
  tradeCount: number;
  gpuHours: number;
  /** Volume-weighted, USD per GPU-hour. */
  averagePriceUsdPerGpuHour: number;
};

export type GpuConstituentRow = GpuQuoteConstituent | GpuTradesConstituent;

/**
 * A settled GPU day's constituents: the body of `GET /api/gpu/{gpuName}/constituents?date=` and of
 * the `gpu.constituents` procedure. Written out here while the api's router does not have the
 * procedure yet; it is replaced by the inferred type once it does.
 */
export type GpuConstituents = {
  success: true;
  access: string;
  gpuName: string;
  /** The New York settlement day, YYYY-MM-DD. */
  date: string;
  settledAt: string | null;
  published: boolean;
  /** USD per GPU-hour; null when the day has no published value. */
  indexValue: number | null;
  methodologyVersion: string;
  basis: GpuBasis;
  backfilled: boolean;
  printCount: number;
  providerCount: number;
  offerCount: number;
  tradeCount: number;
  provenance: GpuProvenance;
  count: number;
  data: GpuConstituentRow[];
};
