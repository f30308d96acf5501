import { createHash } from "node:crypto";
import { GPU_LEDGER_DATASET, LEDGER_GPU_IDS, type GpuName, type UtcDay } from "@tpi/domain";
import { startLoopbackStub, type LoopbackStub, type StubReply } from "./loopback-stub";

/**
 * A loopback stand-in for the gpurentalprices ledger on the Hugging Face Hub, in the documented
 * shapes: `resolve/main/data/latest.json`, `resolve/main/data/snapshots/{day}.json` (404 with
 * `X-Error-Code: EntryNotFound` for a day it lacks) and the tree API listing the snapshot files
 * (paged through `Link: <...>; rel="next"` when `treePageSize` is small). Files can be served
 * through a 302 to `/cdn/<sha256>` as LFS/Xet files are. Seed days with `ledgerSnapshot`; script
 * faults per path with `queue` and `LEDGER_FAULTS`.
 */

// --- the documented records ---

export type LedgerOfferRecord = {
  provider: string;
  gpu: string;
  vram_gb: number;
  usd_hr: number;
  kind: string;
  source_url: string;
  fetched_at: string;
  min_gpus?: number;
  instance?: string;
  availability?: string;
  region?: string;
  commitment?: unknown;
  source_quote?: string;
  [key: string]: unknown;
};

export type LedgerProviderRecord = {
  ok: boolean;
  last_verified: string;
  stale: boolean;
  source_url?: string;
  error?: string;
};

export type LedgerSnapshotRecord = {
  date: string;
  generated_at: string;
  offers: LedgerOfferRecord[];
  providers: Record<string, LedgerProviderRecord>;
  meta?: {
    provider_count: number;
    ok_count: number;
    stale_count: number;
    stale_providers: string[];
    unknown_skus: { provider: string; name: string }[];
  };
  [key: string]: unknown;
};

/** The ledger id and memory (GB) of each of our GPUs: the first id the domain keeps for it. */
function ledgerIdOf(gpuName: GpuName): { gpu: string; vram_gb: number } {
  for (const [gpu, rule] of Object.entries(LEDGER_GPU_IDS))
    if (rule.gpuName === gpuName) return { gpu, vram_gb: rule.vramGb[0] ?? 0 };
  throw new Error(`no ledger id for ${gpuName}`);
}

export type LedgerOfferInput = Partial<LedgerOfferRecord> & {
  provider: string;
  /** USD per GPU-hour, as the ledger publishes it. */
  usd_hr: number;
  /** Our GPU name instead of `gpu`: its ledger id and memory size are filled in. */
  gpuName?: GpuName;
};

/**
 * One offer row: `ledgerOffer({ provider: "aws", gpuName: "H100 SXM", usd_hr: 2.5 })` is an
 * on-demand H100 SXM (`h100-sxm`, 80 GB) at 2.50 USD per GPU-hour, read at `fetchedAt`.
 */
export function ledgerOffer(
  input: LedgerOfferInput,
  fetchedAt = "2026-08-22T06:21:49.413Z",
): LedgerOfferRecord {
  const { gpuName, ...row } = input;
  const named = gpuName === undefined ? undefined : ledgerIdOf(gpuName);
  const gpu = row.gpu ?? named?.gpu ?? "h100-sxm";
  return {
    gpu,
    vram_gb: named?.vram_gb ?? LEDGER_GPU_IDS[gpu]?.vramGb[0] ?? 80,
    kind: "on-demand",
    source_url: `https://${row.provider}.example/pricing`,
    fetched_at: fetchedAt,
    ...row,
  };
}

/**
 * A day's snapshot in the published shape. Offers without `fetched_at` were read 6 s before
 * `generatedAt` (default 06:21:55.020 UTC of the day); every provider of the offers is `ok`
 * unless `providers` says otherwise; `meta` is derived (`meta: null` leaves it out, as in the
 * first four snapshots); `extra` adds top-level keys.
 */
export function ledgerSnapshot(input: {
  date: UtcDay;
  generatedAt?: string;
  offers: LedgerOfferInput[];
  providers?: Record<string, LedgerProviderRecord>;
  meta?: null;
  extra?: Record<string, unknown>;
}): LedgerSnapshotRecord {
  const generatedAt = input.generatedAt ?? `${input.date}T06:21:55.020Z`;
  const fetchedAt = new Date(Date.parse(generatedAt) - 6_000).toISOString();
  const offers = input.offers.map((offer) => ledgerOffer(offer, fetchedAt));
  const providers: Record<string, LedgerProviderRecord> = {};
  for (const offer of offers)
    providers[offer.provider] = {
      ok: true,
      last_verified: generatedAt,
      stale: false,
      source_url: offer.source_url,
    };
  Object.assign(providers, input.providers);
  const stale = Object.keys(providers).filter((name) => providers[name]?.stale);
  return {
    date: input.date,
    generated_at: generatedAt,
    offers,
    providers,
    ...(input.meta === null
      ? {}
      : {
          meta: {
            provider_count: Object.keys(providers).length,
            ok_count: Object.values(providers).filter((p) => p.ok).length,
            stale_count: stale.length,
            stale_providers: stale,
            unknown_skus: [],
          },
        }),
    ...input.extra,
  };
}

// --- fixtures ---

/** The day rich in faults: real rows of 2026-08-22 and 2026-07-12, and every documented hazard. */
export const LEDGER_FAULT_DAY: UtcDay = "2026-08-22";
export const LEDGER_FAULT_DAY_GENERATED_AT = "2026-08-22T06:21:55.020Z";

const RUNPOD_COMMUNITY_H100: LedgerOfferRecord = {
  provider: "runpod",
  gpu: "h100-sxm",
  vram_gb: 80,
  usd_hr: 2.69,
  kind: "community",
  source_url: "https://www.runpod.io/pricing",
  fetched_at: "2026-08-22T06:21:49.413Z",
};

export const LEDGER_FAULT_DAY_SNAPSHOT: LedgerSnapshotRecord = ledgerSnapshot({
  date: LEDGER_FAULT_DAY,
  generatedAt: LEDGER_FAULT_DAY_GENERATED_AT,
  offers: [
    // COPIED from data/snapshots/2026-08-22.json.
    RUNPOD_COMMUNITY_H100,
    {
      provider: "aws",
      gpu: "h100-sxm",
      vram_gb: 80,
      usd_hr: 12.29,
      kind: "on-demand",
      source_url: "https://ec2.shop",
      fetched_at: "2026-08-22T06:21:50.170Z",
      min_gpus: 8,
    },
    {
      provider: "runpod",
      gpu: "rtx-pro-6000-wk",
      vram_gb: 96,
      usd_hr: 1.89,
      kind: "secure",
      source_url: "https://www.runpod.io/pricing",
      fetched_at: "2026-08-22T06:21:49.413Z",
    },
    // An exact repeat: dropped as a duplicate.
    { ...RUNPOD_COMMUNITY_H100 },
    // vultr has failed for four days (HTTP 403); its row is carried forward (as on 2026-07-12).
    {
      provider: "vultr",
      gpu: "h100-sxm",
      vram_gb: 80,
      usd_hr: 2.99,
      kind: "on-demand",
      source_url: "https://www.vultr.com/pricing/",
      fetched_at: "2026-08-18T14:15:12.452Z",
    },
    // DataCrunch is Verda; a fetch time with 9 fraction digits.
    {
      provider: "datacrunch",
      gpu: "h200",
      vram_gb: 141,
      usd_hr: 2.9,
      kind: "on-demand",
      fetched_at: "2026-08-22T06:22:03.188943405Z",
    },
    // An h200 at 143 GB: the memory disagrees with the id.
    { provider: "runpod", gpu: "h200", vram_gb: 143, usd_hr: 3.59, kind: "secure" },
    // Generic ids: form factor or edition unknown.
    { provider: "coreweave", gpu: "h100", vram_gb: 80, usd_hr: 6.16, kind: "on-demand" },
    { provider: "gcp", gpu: "a100", vram_gb: 40, usd_hr: 3.67, kind: "on-demand" },
    { provider: "gcp", gpu: "rtx-pro-6000", vram_gb: 96, usd_hr: 1.09, kind: "on-demand" },
    // GPUs the index does not track.
    { provider: "lambda", gpu: "h100-pcie", vram_gb: 80, usd_hr: 2.49, kind: "on-demand" },
    { provider: "runpod", gpu: "l40s", vram_gb: 48, usd_hr: 0.86, kind: "secure" },
    // Other kinds: serverless, reserved with a commitment, a marketplace node (fetch time in
    // microseconds, as on 2026-10-08), and a kind nobody has reviewed.
    { provider: "modal", gpu: "h100-sxm", vram_gb: 80, usd_hr: 3.95, kind: "serverless" },
    {
      provider: "azure",
      gpu: "h100-sxm",
      vram_gb: 80,
      usd_hr: 8.5,
      kind: "reserved",
      instance: "Standard_ND96isr_H100_v5",
      min_gpus: 8,
      region: "eastus",
      commitment: { type: "term", months: 12, payment: "upfront" },
    },
    {
      provider: "lium",
      gpu: "rtx-5090",
      vram_gb: 32,
      usd_hr: 0.69,
      kind: "marketplace",
      source_url: "https://lium.io/api/public/v1/nodes",
      fetched_at: "2026-08-22T05:46:34.841250Z",
      availability: "in-stock",
      instance: "Marketplace node 1d518f99-df47-4117-a785-aacdccee2794; 2 GPUs on host",
      min_gpus: 1,
      gpu_count_reported: true,
      region: "Austin, United States",
      ram_label: "30 GB on whole host; partial rental gets a share",
      disk_label: "931 GB on whole host; partial rental gets a share",
    },
    { provider: "fireworks", gpu: "h100-sxm", vram_gb: 80, usd_hr: 5.8, kind: "dedicated" },
    // A fetch time in minutes only (the README's example), 45 days old though the provider is ok.
    {
      provider: "jarvislabs",
      gpu: "a100-sxm-80",
      vram_gb: 80,
      usd_hr: 1.29,
      kind: "on-demand",
      fetched_at: "2026-07-08T07:42Z",
    },
    // A JSON integer price.
    { provider: "crusoe", gpu: "b200", vram_gb: 180, usd_hr: 7, kind: "on-demand" },
    { provider: "lambda", gpu: "a100-sxm-80", vram_gb: 80, usd_hr: 1.79, kind: "on-demand" },
    { provider: "spheron", gpu: "rtx-5090", vram_gb: 32, usd_hr: 0.76, kind: "on-demand" },
    // No usable price.
    { provider: "spheron", gpu: "rtx-5090", vram_gb: 32, usd_hr: 0, kind: "spot" },
  ],
  providers: {
    // COPIED from data/snapshots/2026-07-12.json, four days later.
    vultr: {
      ok: false,
      last_verified: "2026-08-18T14:15:13.130Z",
      stale: true,
      error: "vultr http 403",
    },
  },
  extra: { schema_note: "a top-level key the documentation does not name" },
});

/** Two days before: a plain day, with a provider (salad) that is gone by the fault day. */
export const LEDGER_EARLIER_DAY: UtcDay = "2026-08-20";
export const LEDGER_EARLIER_DAY_SNAPSHOT: LedgerSnapshotRecord = ledgerSnapshot({
  date: LEDGER_EARLIER_DAY,
  offers: [
    { provider: "runpod", gpuName: "H100 SXM", usd_hr: 2.59, kind: "community" },
    { provider: "aws", gpuName: "H100 SXM", usd_hr: 12.29, min_gpus: 8 },
    { provider: "lambda", gpuName: "A100 SXM4", usd_hr: 1.79 },
    { provider: "runpod", gpuName: "RTX PRO 6000 WS", usd_hr: 1.89, kind: "secure" },
    { provider: "salad", gpuName: "RTX 5090", usd_hr: 0.25, kind: "community" },
  ],
});

/** 2026-08-21 is missing from the dataset (never published, or pruned). */
export const LEDGER_MISSING_DAY: UtcDay = "2026-08-21";

// --- canned faults ---

export const LEDGER_FAULTS = {
  /** The Hub's answer to an anonymous caller for a repository it will not show. */
  repoNotFound: {
    status: 401,
    headers: { "x-error-code": "RepoNotFound", "x-error-message": "Repository not found" },
    body: JSON.stringify({ error: "Repository not found" }),
  },
  forbidden: { status: 403, body: JSON.stringify({ error: "Access to this dataset is disabled" }) },
  entryNotFound: {
    status: 404,
    headers: { "x-error-code": "EntryNotFound", "content-type": "text/plain; charset=utf-8" },
    body: "Entry not found",
  },
  /** A 429 of the resolver bucket: `t` is the seconds until the 5-minute window resets. */
  rateLimited: (resetSeconds: number): StubReply => ({
    status: 429,
    headers: {
      ratelimit: `"resolvers";r=0;t=${resetSeconds}`,
      "ratelimit-policy": `"fixed window";"resolvers";q=3000;w=300`,
    },
    body: JSON.stringify({ error: "You have exceeded our rate limit" }),
  }),
  unavailable: (status = 503): StubReply => ({
    status,
    headers: { "content-type": "text/plain" },
    body: "Service Unavailable",
  }),
  /** The body's first half, then the connection drops. */
  cutMidBody: (snapshot: LedgerSnapshotRecord): StubReply => ({
    body: JSON.stringify(snapshot),
    cutMidBody: true,
  }),
  /** A complete answer whose body is not complete JSON. */
  invalidJson: {
    body: '{"date":"2026-08-22","generated_at":"2026-08-22T06:21:55.020Z","offers":[',
  },
  emptyOffers: (date: UtcDay): StubReply => ({
    body: JSON.stringify({
      date,
      generated_at: `${date}T06:21:55.020Z`,
      offers: [],
      providers: {},
    }),
  }),
} satisfies Record<string, StubReply | ((...args: never[]) => StubReply)>;

// --- the stub ---

export const LEDGER_REVISION = "main";
export const LEDGER_PATHS = {
  latest: `/datasets/${GPU_LEDGER_DATASET}/resolve/${LEDGER_REVISION}/data/latest.json`,
  day: (day: UtcDay) =>
    `/datasets/${GPU_LEDGER_DATASET}/resolve/${LEDGER_REVISION}/data/snapshots/${day}.json`,
  tree: `/api/datasets/${GPU_LEDGER_DATASET}/tree/${LEDGER_REVISION}/data/snapshots`,
};

export type GpuLedgerStub = LoopbackStub & {
  /** The dataset's day files: a snapshot (served as compact JSON) or exact body text. */
  days: Map<UtcDay, LedgerSnapshotRecord | string>;
  /** The day `latest.json` serves; null answers 404 EntryNotFound. */
  latestDay: UtcDay | null;
  /** Tree entries per page; a longer listing pages through `Link: <...>; rel="next"`. */
  treePageSize: number;
  /** File requests answer `302 Location: /cdn/<sha256>` first, as LFS/Xet files do. */
  viaCdn: boolean;
  /** Back to the fixture days (earlier day, fault day; the missing day absent), latest = fault day. */
  reset(): void;
};

function bodyOf(file: LedgerSnapshotRecord | string): string {
  return typeof file === "string" ? file : JSON.stringify(file);
}

export async function startGpuLedgerStub(): Promise<GpuLedgerStub> {
  const cdn = new Map<string, string>();
  const file = (body: string): StubReply => {
    if (!stub.viaCdn) return { body };
    const hash = createHash("sha256").update(body).digest("hex");
    cdn.set(hash, body);
    return { status: 302, headers: { location: `/cdn/${hash}` }, body: "" };
  };
  // Answers read the stub's settings as they are when the request arrives (tests assign them).
  const loopback = await startLoopbackStub((request, stubUrl): StubReply => {
    if (request.path.startsWith("/cdn/")) {
      const body = cdn.get(request.path.slice("/cdn/".length));
      return body === undefined ? { status: 404, body: "" } : { body };
    }
    if (request.path === LEDGER_PATHS.latest) {
      const latest = stub.latestDay === null ? undefined : stub.days.get(stub.latestDay);
      return latest === undefined ? LEDGER_FAULTS.entryNotFound : file(bodyOf(latest));
    }
    const day = /\/data\/snapshots\/(\d{4}-\d{2}-\d{2})\.json$/.exec(request.path)?.[1];
    if (day !== undefined && request.path === LEDGER_PATHS.day(day)) {
      const snapshot = stub.days.get(day);
      return snapshot === undefined ? LEDGER_FAULTS.entryNotFound : file(bodyOf(snapshot));
    }
    if (request.path === LEDGER_PATHS.tree) {
      const entries = [...stub.days.keys()].sort().map((listed) => {
        const body = bodyOf(stub.days.get(listed) ?? "");
        return {
          type: "file",
          oid: createHash("sha1").update(body).digest("hex"),
          size: Buffer.byteLength(body),
          path: `data/snapshots/${listed}.json`,
        };
      });
      const from = Number(request.query.get("cursor") ?? "0");
      const next = from + stub.treePageSize;
      return {
        body: JSON.stringify(entries.slice(from, next)),
        headers:
          next < entries.length
            ? { link: `<${stubUrl}${LEDGER_PATHS.tree}?cursor=${next}>; rel="next"` }
            : {},
      };
    }
    return LEDGER_FAULTS.entryNotFound;
  });
  const stub: GpuLedgerStub = Object.assign(loopback, {
    days: new Map<UtcDay, LedgerSnapshotRecord | string>(),
    latestDay: null as UtcDay | null,
    treePageSize: 1_000,
    viaCdn: false,
    reset() {
      stub.requests.length = 0;
      stub.queue = {};
      stub.days = new Map<UtcDay, LedgerSnapshotRecord | string>([
        [LEDGER_EARLIER_DAY, LEDGER_EARLIER_DAY_SNAPSHOT],
        [LEDGER_FAULT_DAY, LEDGER_FAULT_DAY_SNAPSHOT],
      ]);
      stub.latestDay = LEDGER_FAULT_DAY;
      stub.treePageSize = 1_000;
      stub.viaCdn = false;
      cdn.clear();
    },
  });
  stub.reset();
  return stub;
}
