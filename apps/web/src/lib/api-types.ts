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

/** A settled GPU day's constituents: the body of `GET /api/gpu/{gpuName}/constituents?date=`. */
export type GpuConstituents = NonNullable<RouterOutputs["gpu"]["constituents"]>;

/** One row of a GPU day's constituents: a posted offer (`quote`) or a provider's trades (`trades`). */
export type GpuConstituentRow = GpuConstituents["data"][number];

/** How a GPU print or daily value was computed: from posted prices, executed trades, or both. */
export type GpuBasis = GpuConstituents["basis"];

/**
 * `GET /api/workload` as a key of the signed-in reader's plan gets it: the weekly rows per lab and
 * family, the unit, the session-cost cells behind them and their sources.
 */
export type WorkloadAnswer = RouterOutputs["workload"]["planIndex"];

/** One lab × family × week of the Workload Cost index. */
export type WorkloadRow = WorkloadAnswer["data"][number];

/** The Workload Cost method and its sources (`GET /api/workload/methodology`). */
export type WorkloadMethodology = RouterOutputs["workload"]["methodology"];
