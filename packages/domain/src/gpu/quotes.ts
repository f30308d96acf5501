import type { GpuName } from "./catalog";

/**
 * Posted GPU rental prices (quotes), as public sources publish them: the evidence of GPU
 * methodology 2.0, beside the executed trades of 1.0. A quote is an asking price, never a trade:
 * it carries no volume. Prices are USD per GPU-hour.
 */

/**
 * How a price is offered. Only `on-demand` prices enter the index; the other tiers are stored and
 * shown beside it, never mixed in. `community` (RunPod Community Cloud, Salad) is interruptible
 * capacity priced like on-demand; `marketplace` is a per-node ask on a decentralised market;
 * `serverless` is a per-second function rate.
 */
export const GPU_PRICE_TIERS = [
  "on-demand",
  "spot",
  "reserved",
  "community",
  "serverless",
  "marketplace",
] as const;
export type GpuPriceTier = (typeof GPU_PRICE_TIERS)[number];

export function isGpuPriceTier(value: string): value is GpuPriceTier {
  return (GPU_PRICE_TIERS as readonly string[]).includes(value);
}

/** The tier the GPU index is computed from. */
export const INDEX_PRICE_TIER: GpuPriceTier = "on-demand";

/** One posted price of one GPU by one provider, as a source published it. */
export type GpuQuote = {
  gpuName: GpuName;
  /** The provider's catalogue id (lowercase slug, aliases resolved): `lambda`, `verda`, `vast.ai`. */
  provider: string;
  tier: GpuPriceTier;
  /** USD per GPU-hour (an instance price already divided by its GPU count). */
  priceUsdPerGpuHour: number;
  /**
   * What tells this offer apart from the provider's other offers of the same GPU and tier (an
   * instance size, a machine id); "" when the provider has one. Unique within a snapshot for
   * (gpuName, provider, tier).
   */
  offer: string;
  /** When the source read this price from the provider (its own fetch time). */
  observedAt: Date;
  /** The source's own verdict against using the price (null when it has none). */
  sourceExclusion: SourceExclusion | null;
};

/** Why a source itself marks a quote unfit, before any rule of ours applies. */
export const SOURCE_EXCLUSIONS = {
  stale:
    "The source could not refresh this provider's price and carried an older one forward (or the price was read more than 26 hours before the snapshot).",
} as const;
export type SourceExclusion = keyof typeof SOURCE_EXCLUSIONS;

/**
 * Rows of a source answer that did not become quotes of our six GPUs, counted by reason, with a
 * few examples for the operator (`provider gpu-id`, never secrets or host identifiers).
 */
export const DROP_REASONS = {
  "other-gpu": "A GPU the index does not track (for example L40S, MI300X, H100 PCIe or H100 NVL).",
  "ambiguous-gpu":
    "A generic GPU name that does not say the form factor or edition (for example `h100`, `a100`, `rtx-pro-6000`): it could be a different product.",
  "memory-mismatch":
    "The memory size does not match the GPU (for example a 40 GB A100 SXM4: the index tracks the 80 GB part).",
  "unknown-tier": "A pricing kind the index does not know.",
  "invalid-price": "No usable price: missing, zero, negative or above 1,000 USD per GPU-hour.",
  "invalid-count": "No usable GPU count to turn an instance price into a per-GPU price.",
  duplicate:
    "An exact repeat of another row (same provider, GPU, tier, offer and price), or a second listing of the same machine.",
  interruptible: "An interruptible (bid) offer in an answer asked for on-demand offers only.",
} as const;
export type DropReason = keyof typeof DROP_REASONS;

export type DroppedRows = { reason: DropReason; count: number; examples: string[] }[];

/** One fetch of one source, normalised: what every GPU quote source produces. */
export type QuoteSnapshot = {
  /** The source id (`gpurentalprices`, `vastai`). */
  source: string;
  /**
   * The source's own time of the snapshot: the ledger's `generated_at`, a marketplace poll's
   * time. Prints use a snapshot from this instant on.
   */
  asOf: Date;
  /** The source's name for it: the ledger's `date` (YYYY-MM-DD), a poll's ISO time. */
  label: string;
  /** SHA-256 (hex) of the bytes the source answered: the same bytes stored twice are one snapshot. */
  contentHash: string;
  quotes: GpuQuote[];
  dropped: DroppedRows;
  /** Optional parts of the source's file that differ from their documented shape, ignored (why). */
  ignoredParts?: string[];
};
