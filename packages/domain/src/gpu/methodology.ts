import type { UtcDay } from "../shared/calendar";
import type { MethodologyVersion } from "../shared/methodology-version";
import { DEFAULT_MIN_QUOTE_PROVIDERS, type QuoteRules } from "./quote-math";
import {
  SETTLEMENT_LOCAL_HOUR,
  SETTLEMENT_TIME_ZONE,
  settlementInstant,
} from "./settlement-calendar";

/**
 * The GPU compute price index methodology: the winsorizing bounds of the hourly print and the
 * text that describes the method. The math lives in `index-math.ts`, the settlement instant in
 * `settlement-calendar.ts`.
 */

/** Default winsorizing bounds, as fractions: prices below the 5th and above the 95th percentile are clamped. */
export const DEFAULT_WINSOR_LOWER = 0.05;
export const DEFAULT_WINSOR_UPPER = 0.95;

export type WinsorBounds = { lower: number; upper: number };
export const DEFAULT_WINSOR_BOUNDS: WinsorBounds = {
  lower: DEFAULT_WINSOR_LOWER,
  upper: DEFAULT_WINSOR_UPPER,
};

/** The unit of every GPU index value. */
export const GPU_INDEX_UNIT = "USD per GPU-hour";

/** One part of the GPU method, as the website's GPU methodology page shows it under `heading` (anchor `id`). */
export type GpuMethodologySection = { id: string; heading: string; text: string };

/**
 * Every GPU methodology version, oldest first. The GPU index has had one method since it was
 * first published in this service; a change of bounds or basis adds a version here.
 */
export const GPU_METHODOLOGY_HISTORY: readonly MethodologyVersion[] = [
  {
    version: "1.0",
    effectiveFrom: "2026-11-23",
    summary:
      "Hourly volume-weighted, winsorized mean of executed rental trades over the trailing hour; daily value the mean of the hourly prints, settled at 4 PM America/New_York every day; hours without trades carried forward.",
  },
  {
    version: "2.0",
    effectiveFrom: "2026-11-25",
    summary:
      "Posted on-demand prices from public sources as a second kind of evidence: where no executed market trade exists for an hour, the print is the median across providers of each provider's median on-demand price, from each source's latest snapshot, with a minimum of providers; executed trades keep the 1.0 method; every print and daily value names its basis and sources; values computed more than an hour late are marked back-filled.",
  },
];

/** A print or daily value computed more than this long after its hour or settlement instant is back-filled. */
export const BACKFILL_AFTER_MS = 3_600_000;

/** Whether a value for `publishedFor` (a print's hour, a daily value's settlement instant) computed at `computedAt` is back-filled. */
export function isBackfilled(publishedFor: Date, computedAt: Date): boolean {
  return computedAt.getTime() - publishedFor.getTime() > BACKFILL_AFTER_MS;
}

/** The GPU methodology in force: the last entry of its history. */
export const GPU_METHODOLOGY_VERSION: string = GPU_METHODOLOGY_HISTORY.at(-1)?.version ?? "1.0";

/** The UTC hour (0-23) at which `day` settles: 20 under daylight saving time in New York, 21 outside it. */
function settlementUtcHour(day: UtcDay): number {
  return settlementInstant(day).getUTCHours();
}

/** What the method text states beside the winsorizing bounds: the quote rules and the sources' names. */
export type GpuMethodRules = {
  winsor: WinsorBounds;
  quotes: QuoteRules;
};

/** The default bounds and minimum, reading no quote source (the sources read are configuration). */
export const DEFAULT_GPU_METHOD_RULES: GpuMethodRules = {
  winsor: DEFAULT_WINSOR_BOUNDS,
  quotes: { minProviders: DEFAULT_MIN_QUOTE_PROVIDERS, maxSnapshotAgeHours: {} },
};

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

/**
 * The method section by section, with the bounds and quote rules in force: what the website's GPU
 * methodology page renders and, joined, the chat's paragraph. The settlement hours come from the
 * settlement rule: a July and a January day give the UTC hour under daylight saving time and
 * outside it.
 */
export function gpuMethodologySections(rules: GpuMethodRules): GpuMethodologySection[] {
  const { winsor, quotes } = rules;
  const localHour = `${SETTLEMENT_LOCAL_HOUR % 12 || 12} ${SETTLEMENT_LOCAL_HOUR < 12 ? "AM" : "PM"}`;
  const summer = settlementUtcHour("2026-07-01");
  const winter = settlementUtcHour("2026-01-01");
  const ages = Object.entries(quotes.maxSnapshotAgeHours)
    .map(([source, hours]) => `${source} ${hoursText(hours)}`)
    .join(", ");
  return [
    {
      id: "evidence",
      heading: "Evidence",
      text: `GPU compute price index in ${GPU_INDEX_UNIT}. Each hourly print takes its evidence in this order: executed rental trades of the market (imported by the operator); otherwise posted on-demand prices from public sources (quotes); otherwise the generated sample's trades (demonstration data, always marked as the sample); otherwise the previous print carried forward. Trades and quotes are never mixed within a print: every print and daily value names its basis (trades or quotes; a day whose prints have both is mixed) and its sources.`,
    },
    {
      id: "hourly-prints",
      heading: "Hourly prints from trades",
      text: "Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trades executed in the trailing hour (the print at 14:00 UTC covers 13:00 up to, not including, 14:00).",
    },
    {
      id: "winsorizing",
      heading: "Winsorizing",
      text: `Before the mean, trade prices are winsorized at the ${winsor.lower * 100}th and ${winsor.upper * 100}th percentiles of the hour's trade prices (each trade one observation, linear interpolation between ranks): a price below or above those bounds counts at the bound.`,
    },
    {
      id: "quote-prints",
      heading: "Hourly prints from posted prices",
      text: `From quotes, the print on the hour H reads of each source the latest snapshot taken before H, if it is not too old (${ages || "this configuration reads no quote source"}). Prices are per GPU-hour: an instance price is divided by its GPU count. Only on-demand prices count; spot, reserved, community, serverless and marketplace prices are stored and shown beside the index but kept apart, and prices the source marks stale are excluded. A provider's price is the median of its counted offers (one vote per provider, even when several sources quote it); the print is the median of the providers' prices (the mean of the two middle prices when their number is even), published only when at least ${quotes.minProviders} providers count. The median bounds the effect of one provider's outlier without winsorizing; a provider missing from a snapshot does not count.`,
    },
    {
      id: "carried-forward",
      heading: "Carried-forward values",
      text: `An hour without usable evidence (no trade, and fewer than ${quotes.minProviders} providers quoted) carries the previous print forward, marked as carried, with the basis and sources of the print it repeats.`,
    },
    {
      id: "daily-settlement",
      heading: "Daily settlement",
      text: `The daily value is the mean of the day's hourly prints (carried prints included), settled at ${localHour} ${SETTLEMENT_TIME_ZONE} every day of the week and stamped with that instant in UTC (${summer}:00 in summer, ${winter}:00 in winter).`,
    },
    {
      id: "back-filled",
      heading: "Back-filled values",
      text: `A print or daily value computed more than ${hoursText(BACKFILL_AFTER_MS / 3_600_000)} after its hour or settlement instant is marked back-filled: history loaded from a source's archive of daily snapshots, trades imported late, or a catch-up after downtime. Published values are final: data that arrives later never changes a print or daily value already published.`,
    },
  ];
}

/** The method in one paragraph, for answers that quote it (the chat): the sections joined. */
export function describeGpuMethodology(rules: GpuMethodRules): string {
  return gpuMethodologySections(rules)
    .map((section) => section.text)
    .join(" ");
}
