import type { RouterOutputs } from "../../lib/api-types";

/**
 * The GPU index's answers, typed as the api's internal tRPC router returns them (`gpu.*`), so a
 * change of the api's answers is a compile error here rather than a page that silently renders
 * the wrong field.
 */

/** The latest settled daily value of one GPU and region: a row of `GET /api/daily-index/all`. */
export type GpuLatest = RouterOutputs["gpu"]["latestDaily"]["data"][number];

/** One daily GPU index value: a row of `GET /api/gpu/{gpuName}/index-history`. */
export type GpuDailyRow = RouterOutputs["gpu"]["dailyHistory"]["data"][number];

/** One free-tier GPU's page: the REST envelopes of its rolling average, hourly prints, daily series and volatility (null without data). */
export type GpuDetail = RouterOutputs["gpu"]["detail"];

/** A GPU outside the free tier with the UTC day and instant of its latest settled value, without the value. */
export type GpuKeyedLatest = RouterOutputs["gpu"]["keyedLatest"][number];

/** The GPU methodology in force: sections, winsorizing bounds and version history. */
export type GpuMethodology = RouterOutputs["gpu"]["methodology"];

/** `GET /api/gpu/{gpuName}/index-history` as a key of the session's plan gets it. */
export type PlanGpuHistory = RouterOutputs["gpu"]["planIndexHistory"];

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
