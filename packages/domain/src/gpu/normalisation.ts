import type { UtcDay } from "../shared/calendar";
import type { GpuName } from "./catalog";
import {
  DROP_REASONS,
  type DropReason,
  type DroppedRows,
  type GpuPriceTier,
  type GpuQuote,
} from "./quotes";
import { MAX_PRICE_USD_PER_GPU_HOUR } from "./record";

/**
 * How each public source's rows become quotes of our six GPUs: the provider catalogue, each
 * source's names for the GPUs and its pricing kinds, and the rows that are dropped and why. Pure:
 * the connectors validate the documented shapes and hand the parsed rows here.
 */

// --- providers ---

export type GpuProvider = {
  /** Our id: a lowercase slug, stable across sources. */
  id: string;
  name: string;
  /** Other spellings sources use for the same provider (lowercase). */
  aliases: readonly string[];
};

/**
 * The providers we know, one entry each. A provider missing here is still kept, under its
 * lowercased slug: sources add providers over time (the ledger went from 2 to 37 in three months).
 */
export const GPU_PROVIDERS: readonly GpuProvider[] = [
  { id: "aws", name: "AWS", aliases: [] },
  { id: "azure", name: "Microsoft Azure", aliases: [] },
  { id: "baseten", name: "Baseten", aliases: [] },
  { id: "cerebrium", name: "Cerebrium", aliases: [] },
  { id: "coreweave", name: "CoreWeave", aliases: [] },
  { id: "crusoe", name: "Crusoe", aliases: [] },
  { id: "daytona", name: "Daytona", aliases: [] },
  { id: "digitalocean", name: "DigitalOcean", aliases: [] },
  { id: "fal", name: "fal", aliases: [] },
  { id: "fireworks", name: "Fireworks AI", aliases: [] },
  { id: "gcp", name: "Google Cloud", aliases: [] },
  { id: "gmicloud", name: "GMI Cloud", aliases: [] },
  { id: "hotaisle", name: "Hot Aisle", aliases: [] },
  { id: "hyperstack", name: "Hyperstack", aliases: [] },
  { id: "impossiblecloud", name: "Impossible Cloud", aliases: [] },
  { id: "jarvislabs", name: "JarvisLabs", aliases: [] },
  { id: "koyeb", name: "Koyeb", aliases: [] },
  // afhubbard's collector spells it `lambdalabs`, the ledger `lambda`.
  { id: "lambda", name: "Lambda", aliases: ["lambdalabs"] },
  { id: "latitude", name: "Latitude.sh", aliases: [] },
  { id: "lium", name: "Lium", aliases: [] },
  { id: "massedcompute", name: "Massed Compute", aliases: [] },
  { id: "modal", name: "Modal", aliases: [] },
  { id: "nebius", name: "Nebius", aliases: [] },
  { id: "ovh", name: "OVHcloud", aliases: [] },
  { id: "primeintellect", name: "Prime Intellect", aliases: [] },
  { id: "replicate", name: "Replicate", aliases: [] },
  { id: "runpod", name: "RunPod", aliases: [] },
  { id: "salad", name: "SaladCloud", aliases: [] },
  { id: "scaleway", name: "Scaleway", aliases: [] },
  { id: "sfcompute", name: "SF Compute", aliases: [] },
  { id: "spheron", name: "Spheron", aliases: [] },
  { id: "synteq", name: "Synteq", aliases: [] },
  { id: "tensordock", name: "TensorDock", aliases: [] },
  { id: "thundercompute", name: "Thunder Compute", aliases: [] },
  { id: "together", name: "Together AI", aliases: [] },
  // A marketplace of many hosts, counted as one provider (hosts would swamp provider counts).
  { id: "vast.ai", name: "Vast.ai", aliases: ["vastai", "vast"] },
  // DataCrunch renamed itself Verda; the ledger still says `datacrunch`.
  { id: "verda", name: "Verda", aliases: ["datacrunch"] },
  { id: "voltagepark", name: "Voltage Park", aliases: [] },
  { id: "vultr", name: "Vultr", aliases: [] },
];

const PROVIDER_BY_SPELLING: ReadonlyMap<string, GpuProvider> = new Map(
  GPU_PROVIDERS.flatMap((provider) =>
    [provider.id, ...provider.aliases].map((spelling) => [spelling, provider] as const),
  ),
);

/** Our provider id for a source's spelling: aliases resolved, unknown providers as their lowercased slug. */
export function providerId(spelling: string): string {
  const slug = spelling.trim().toLowerCase();
  return PROVIDER_BY_SPELLING.get(slug)?.id ?? slug;
}

/** The display name of a provider id (the id itself for a provider not in the catalogue). */
export function providerName(id: string): string {
  return PROVIDER_BY_SPELLING.get(id)?.name ?? id;
}

// --- what a normalisation gives ---

export type NormalisedQuotes = { quotes: GpuQuote[]; dropped: DroppedRows };

/** Examples kept per drop reason: enough to recognise a pattern, short enough for a log line. */
export const DROP_EXAMPLES_PER_REASON = 3;

/** Counts dropped rows per reason, keeping the first few distinct examples of each. */
class DropTally {
  private readonly byReason = new Map<DropReason, { count: number; examples: string[] }>();

  add(reason: DropReason, example: string): void {
    const entry = this.byReason.get(reason) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < DROP_EXAMPLES_PER_REASON && !entry.examples.includes(example))
      entry.examples.push(example);
    this.byReason.set(reason, entry);
  }

  /** In DROP_REASONS order, reasons without rows left out. */
  rows(): DroppedRows {
    return (Object.keys(DROP_REASONS) as DropReason[]).flatMap((reason) => {
      const entry = this.byReason.get(reason);
      return entry === undefined ? [] : [{ reason, ...entry }];
    });
  }
}

function isUsablePrice(price: number): boolean {
  return Number.isFinite(price) && price > 0 && price <= MAX_PRICE_USD_PER_GPU_HOUR;
}

/** Longest offer label, in characters (the trade importer's limit for provider texts). */
export const MAX_OFFER_LABEL_LENGTH = 200;

// --- the ledger (gpurentalprices) ---

/**
 * One row of a ledger snapshot as the connector validated it, with the publisher's field names;
 * `fetched_at` already parsed. `usd_hr` is USD per GPU-hour: the publisher divided instance
 * prices by their GPU count, so it is never divided again (`min_gpus` is the smallest rentable
 * unit, not a divisor).
 */
export type LedgerOffer = {
  provider: string;
  gpu: string;
  /** Per-GPU memory, GB. */
  vram_gb: number;
  usd_hr: number;
  kind: string;
  fetched_at: Date;
  min_gpus?: number;
  instance?: string;
  region?: string;
  commitment?: unknown;
};

export type LedgerSnapshot = {
  date: UtcDay;
  generated_at: Date;
  offers: readonly LedgerOffer[];
  /** Keyed by the publisher's provider slug; `stale` when its offers were carried forward. */
  providers: Readonly<Record<string, { stale: boolean }>>;
};

/**
 * The ledger's GPU ids that are ours, each with the per-GPU memory sizes (GB) its rows must show,
 * the usual one first: a row whose memory disagrees with its id was mis-mapped by the publisher.
 * B200 is one part sold as 192 GB, exposing 180 GB (179 GiB as nvidia-smi reports it, as Lium
 * lists it).
 */
export const LEDGER_GPU_IDS: Readonly<
  Record<string, { gpuName: GpuName; vramGb: readonly number[] }>
> = {
  "h100-sxm": { gpuName: "H100 SXM", vramGb: [80] },
  h200: { gpuName: "H200", vramGb: [141] },
  "a100-sxm-80": { gpuName: "A100 SXM4", vramGb: [80] },
  "rtx-5090": { gpuName: "RTX 5090", vramGb: [32] },
  b200: { gpuName: "B200", vramGb: [180, 192, 179] },
  "rtx-pro-6000-wk": { gpuName: "RTX PRO 6000 WS", vramGb: [96] },
};

/**
 * The publisher's generic ids: the form factor or edition is unknown (`h100` is SXM at some
 * providers and PCIe at others; `rtx-pro-6000` is often the Server Edition), so they never count
 * as one of ours.
 */
export const LEDGER_AMBIGUOUS_GPU_IDS: readonly string[] = ["h100", "a100", "rtx-pro-6000"];

/** Ids of one of our GPUs at another memory size than the index tracks. */
export const LEDGER_MEMORY_VARIANT_IDS: readonly string[] = ["a100-sxm-40"];

/**
 * The ledger's pricing kinds and our tier for each. `secure` is RunPod Secure Cloud, priced
 * on demand; any other kind is dropped (`unknown-tier`) until it is reviewed and added here.
 */
export const LEDGER_KIND_TIERS: Readonly<Record<string, GpuPriceTier>> = {
  "on-demand": "on-demand",
  secure: "on-demand",
  community: "community",
  spot: "spot",
  reserved: "reserved",
  serverless: "serverless",
  marketplace: "marketplace",
};

/** A price read more than this many hours before its snapshot was carried forward: stale. */
export const LEDGER_STALE_AFTER_HOURS = 26;

/** How a reserved row's commitment reads in its offer label: `12-month term`, a quote's label. */
function commitmentLabel(commitment: unknown): string | undefined {
  if (typeof commitment !== "object" || commitment === null) return undefined;
  const { type, months, label } = commitment as {
    type?: unknown;
    months?: unknown;
    label?: unknown;
  };
  if (type === "term" && typeof months === "number") return `${months}-month term`;
  if (type === "quote" && typeof label === "string" && label.trim() !== "") return label.trim();
  return undefined;
}

/**
 * What tells a ledger row apart from the provider's other rows of the same GPU and tier: its
 * instance, smallest rentable unit, region and commitment, as far as the row gives them. Built
 * from the row alone, so the same offer has the same label every day.
 */
export function ledgerOfferLabel(row: LedgerOffer): string {
  const parts: string[] = [];
  if (row.instance !== undefined && row.instance.trim() !== "") parts.push(row.instance.trim());
  if (row.min_gpus !== undefined)
    parts.push(`min ${row.min_gpus} GPU${row.min_gpus === 1 ? "" : "s"}`);
  if (row.region !== undefined && row.region.trim() !== "") parts.push(row.region.trim());
  const commitment = commitmentLabel(row.commitment);
  if (commitment !== undefined) parts.push(commitment);
  return parts.join(", ").slice(0, MAX_OFFER_LABEL_LENGTH);
}

/** The GPU a ledger row prices, or why the row is not one of ours. */
function ledgerGpu(row: LedgerOffer): { gpuName: GpuName } | { drop: DropReason; example: string } {
  const id = row.gpu;
  const example = `${row.provider} ${id}`;
  const rule = Object.hasOwn(LEDGER_GPU_IDS, id) ? LEDGER_GPU_IDS[id] : undefined;
  if (rule === undefined) {
    if (LEDGER_AMBIGUOUS_GPU_IDS.includes(id)) return { drop: "ambiguous-gpu", example };
    if (LEDGER_MEMORY_VARIANT_IDS.includes(id)) return { drop: "memory-mismatch", example };
    return { drop: "other-gpu", example };
  }
  if (!rule.vramGb.includes(row.vram_gb))
    return { drop: "memory-mismatch", example: `${example} at ${row.vram_gb} GB` };
  return { gpuName: rule.gpuName };
}

/**
 * The quotes of a ledger snapshot. Rows of other GPUs, generic ids, memory that disagrees with
 * the id, unknown kinds, unusable prices and exact repeats are dropped and counted. A provider
 * the publisher marks stale, or a price read more than 26 hours before the snapshot, is kept
 * with `sourceExclusion: "stale"`: stored and shown, never priced into the index.
 */
export function ledgerQuotes(snapshot: LedgerSnapshot): NormalisedQuotes {
  const dropped = new DropTally();
  const quotes: GpuQuote[] = [];
  const pricesByOffer = new Map<string, number[]>();
  const staleBefore = snapshot.generated_at.getTime() - LEDGER_STALE_AFTER_HOURS * 3_600_000;
  for (const row of snapshot.offers) {
    const gpu = ledgerGpu(row);
    if ("drop" in gpu) {
      dropped.add(gpu.drop, gpu.example);
      continue;
    }
    const tier = Object.hasOwn(LEDGER_KIND_TIERS, row.kind)
      ? LEDGER_KIND_TIERS[row.kind]
      : undefined;
    if (tier === undefined) {
      dropped.add("unknown-tier", `${row.provider} ${row.gpu} (${row.kind})`);
      continue;
    }
    if (!isUsablePrice(row.usd_hr)) {
      dropped.add("invalid-price", `${row.provider} ${row.gpu} at ${row.usd_hr} USD`);
      continue;
    }
    const provider = providerId(row.provider);
    const label = ledgerOfferLabel(row);
    const key = JSON.stringify([gpu.gpuName, provider, tier, label]);
    const prices = pricesByOffer.get(key) ?? [];
    if (prices.includes(row.usd_hr)) {
      dropped.add("duplicate", `${row.provider} ${row.gpu} (${row.kind}) at ${row.usd_hr} USD`);
      continue;
    }
    prices.push(row.usd_hr);
    pricesByOffer.set(key, prices);
    // Rows the source does not tell apart but prices differently stay distinct offers.
    const offer = prices.length === 1 ? label : `${label} #${prices.length}`.trim();
    const stale =
      snapshot.providers[row.provider]?.stale === true || row.fetched_at.getTime() < staleBefore;
    quotes.push({
      gpuName: gpu.gpuName,
      provider,
      tier,
      priceUsdPerGpuHour: row.usd_hr,
      offer,
      observedAt: row.fetched_at,
      sourceExclusion: stale ? "stale" : null,
    });
  }
  return { quotes, dropped: dropped.rows() };
}

// --- Vast.ai offers ---

/** Every Vast offer is one provider's: the marketplace, not its hosts. */
export const VAST_PROVIDER = "vast.ai";

/**
 * Vast's exact `gpu_name` for each of our GPUs (case-sensitive; the request asks for exactly
 * these). Other names of the same chips are different products: `H100 PCIE`, `H100 NVL`,
 * `H200 NVL`, `A100 PCIE`, `RTX PRO 6000 S` (Server Edition), `RTX PRO 6000 Max-Q`.
 */
export const VAST_GPU_NAMES: Readonly<Record<string, GpuName>> = {
  "H100 SXM": "H100 SXM",
  H200: "H200",
  "A100 SXM4": "A100 SXM4",
  "RTX 5090": "RTX 5090",
  B200: "B200",
  "RTX PRO 6000 WS": "RTX PRO 6000 WS",
};

/**
 * Least per-GPU memory (MB, as Vast's `gpu_ram`) for a GPU sold in several sizes under one name:
 * `A100 SXM4` is listed at 40 GB and 80 GB (81920 or 81559), and the index tracks the 80 GB part.
 */
export const VAST_MIN_GPU_RAM_MB: Readonly<Partial<Record<GpuName, number>>> = {
  "A100 SXM4": 79_000,
};

/**
 * One offer of a Vast search as the connector validated it (Vast's field names). `dph_base` is
 * USD per hour for the whole offer (its GPUs and bundled CPU and memory, no storage). Host
 * identifiers (`public_ipaddr`, `hostname`, `host_id`) are not part of it: never kept.
 */
export type VastOffer = {
  id: number;
  machine_id: number;
  gpu_name: string;
  num_gpus?: number | null;
  /** Per-GPU memory, MB. */
  gpu_ram?: number | null;
  dph_base?: number | null;
  is_bid?: boolean | null;
};

/**
 * The on-demand quotes of one Vast search, observed at the poll's time (offers carry no time of
 * their own). Price per GPU is `dph_base / num_gpus`: compute only, like the ledger's basis,
 * which excludes storage. A machine offered as several bundles (1, 2, 4, 8 GPUs) counts once,
 * as its bundle with the most GPUs (then the lowest price per GPU); the others are duplicates.
 */
export function vastQuotes(offers: readonly VastOffer[], polledAt: Date): NormalisedQuotes {
  const dropped = new DropTally();
  type Candidate = { offer: VastOffer; gpuName: GpuName; gpus: number; price: number };
  const byMachine = new Map<string, Candidate>();
  for (const offer of offers) {
    const name = offer.gpu_name;
    const gpuName = Object.hasOwn(VAST_GPU_NAMES, name) ? VAST_GPU_NAMES[name] : undefined;
    if (gpuName === undefined) {
      dropped.add("other-gpu", `${VAST_PROVIDER} ${name}`);
      continue;
    }
    const minRam = VAST_MIN_GPU_RAM_MB[gpuName];
    if (minRam !== undefined && !((offer.gpu_ram ?? 0) >= minRam)) {
      dropped.add("memory-mismatch", `${VAST_PROVIDER} ${name} at ${offer.gpu_ram ?? "?"} MB`);
      continue;
    }
    if (offer.is_bid === true) {
      dropped.add("interruptible", `${VAST_PROVIDER} ${name} machine ${offer.machine_id}`);
      continue;
    }
    const gpus = offer.num_gpus;
    if (gpus === undefined || gpus === null || !Number.isInteger(gpus) || gpus <= 0) {
      dropped.add("invalid-count", `${VAST_PROVIDER} ${name} with ${gpus ?? "no"} GPUs`);
      continue;
    }
    const base = offer.dph_base;
    const price = base === undefined || base === null ? Number.NaN : base / gpus;
    if (!isUsablePrice(price)) {
      dropped.add("invalid-price", `${VAST_PROVIDER} ${name} at ${base ?? "no"} USD per hour`);
      continue;
    }
    const key = JSON.stringify([offer.machine_id, gpuName]);
    const candidate: Candidate = { offer, gpuName, gpus, price };
    const kept = byMachine.get(key);
    if (kept === undefined) {
      byMachine.set(key, candidate);
      continue;
    }
    const better =
      candidate.gpus > kept.gpus || (candidate.gpus === kept.gpus && candidate.price < kept.price);
    const loser = better ? kept : candidate;
    if (better) byMachine.set(key, candidate);
    dropped.add(
      "duplicate",
      `${VAST_PROVIDER} machine ${loser.offer.machine_id} ${loser.offer.gpu_name} x${loser.gpus}`,
    );
  }
  const quotes = [...byMachine.values()].map(
    (kept): GpuQuote => ({
      gpuName: kept.gpuName,
      provider: VAST_PROVIDER,
      tier: "on-demand",
      priceUsdPerGpuHour: kept.price,
      offer: `machine ${kept.offer.machine_id}`,
      observedAt: polledAt,
      sourceExclusion: null,
    }),
  );
  return { quotes, dropped: dropped.rows() };
}
