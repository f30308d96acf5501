import type { GpuName } from "@tpi/domain";
import {
  startLoopbackStub,
  type LoopbackStub,
  type StubReply,
  type StubRequest,
} from "./loopback-stub";

/**
 * A loopback stand-in for Vast.ai's offer search, `POST /api/v0/bundles/`, in the documented
 * shapes: it needs `Authorization: Bearer <key>` (a missing or unknown key gets the documented
 * `404 Invalid user key`) and a JSON body, answers `{"offers": [...]}` filtered by the body's
 * `gpu_name.in`, sorted by its `order` and cut at its `limit`, so the request's shape is tested
 * too. Like Vast, it enforces a minimum interval between one key's requests and answers a
 * too-eager client `429 text/plain` without Retry-After. Seed offers with `vastOffer`; script
 * faults with `queue` and `VAST_FAULTS`.
 */

export const VAST_STUB_KEY = "vast-test-key-3f6c0e9a1b2d4c5e8f7a6b5c4d3e2f1a";
export const VAST_SEARCH_PATH = "/api/v0/bundles/";

/** An offer as the search returns it (the fields the index reads, and some it must not keep). */
export type VastOfferRecord = {
  id: number;
  machine_id: number;
  host_id: number;
  num_gpus: number | null;
  gpu_name: string;
  gpu_ram: number | null;
  dph_base: number | null;
  dph_total: number | null;
  min_bid: number | null;
  rentable: boolean;
  is_bid: boolean;
  verification: string;
  reliability2: number;
  geolocation: string;
  hosting_type: number;
  public_ipaddr: string;
  hostname: string;
  [key: string]: unknown;
};

/** Per-GPU memory (MB) Vast lists for each of our GPUs, for offers that do not say. */
const GPU_RAM_MB: Record<string, number> = {
  "H100 SXM": 81559,
  H200: 143771,
  "A100 SXM4": 81920,
  "RTX 5090": 32607,
  B200: 183359,
  "RTX PRO 6000 WS": 97887,
};

let nextId = 40_000_000;

export type VastOfferInput = Partial<VastOfferRecord> & {
  gpu_name: GpuName | (string & {});
  /** USD per GPU-hour instead of `dph_base`: the whole offer's price is this times `num_gpus`. */
  perGpuUsd?: number;
};

/**
 * One offer: `vastOffer({ gpu_name: "H100 SXM", num_gpus: 8, perGpuUsd: 2 })` is an 8-GPU H100
 * SXM offer at `dph_base` 16 USD per hour (2.00 per GPU-hour), with a fresh id and machine, a
 * verified datacenter host, and host identifiers the connector must drop.
 */
export function vastOffer(input: VastOfferInput): VastOfferRecord {
  const { perGpuUsd, ...offer } = input;
  const id = offer.id ?? nextId++;
  const gpus = offer.num_gpus === undefined ? 1 : offer.num_gpus;
  const base =
    offer.dph_base !== undefined ? offer.dph_base : (perGpuUsd ?? 1) * (gpus === null ? 1 : gpus);
  return {
    id,
    machine_id: id % 1_000_000,
    host_id: 4242,
    num_gpus: gpus,
    gpu_ram: GPU_RAM_MB[offer.gpu_name] ?? 24576,
    dph_base: base,
    dph_total: base === null ? null : base + 0.05,
    min_bid: base === null ? null : base / 2,
    rentable: true,
    is_bid: false,
    verification: "verified",
    reliability2: 0.994,
    geolocation: "Texas, US",
    hosting_type: 1,
    public_ipaddr: "203.0.113.7",
    hostname: "gpu-host-17.example",
    ...offer,
  };
}

/**
 * Every documented hazard of an on-demand search. Kept per GPU after the rules: RTX PRO 6000 WS
 * 1.70 (machine 31337 as its 8-GPU bundle), A100 SXM4 1.20 (machine 5200), RTX 5090 0.40, 0.45,
 * 0.50 and the outlier 4.50 (machines 7001-7004), H100 SXM 2.00 (machine 6100), B200 4.00
 * (machine 6200).
 */
export const VAST_FIXTURE_OFFERS: readonly VastOfferRecord[] = [
  // The note's reconstructed offer: 13.6 / 8 = 1.70 per GPU.
  vastOffer({
    id: 40112233,
    machine_id: 31337,
    num_gpus: 8,
    gpu_name: "RTX PRO 6000 WS",
    dph_base: 13.6,
    dph_total: 13.65,
    min_bid: 6.4,
  }),
  // The same machine as smaller bundles: duplicates.
  vastOffer({
    id: 40112234,
    machine_id: 31337,
    num_gpus: 1,
    gpu_name: "RTX PRO 6000 WS",
    dph_base: 1.75,
  }),
  vastOffer({
    id: 40112235,
    machine_id: 31337,
    num_gpus: 2,
    gpu_name: "RTX PRO 6000 WS",
    dph_base: 3.48,
  }),
  vastOffer({
    id: 40112236,
    machine_id: 31337,
    num_gpus: 4,
    gpu_name: "RTX PRO 6000 WS",
    dph_base: 6.88,
  }),
  // A100 SXM4 at 40 GB (dropped) and at 80 GB (kept: 9.6 / 8 = 1.20).
  vastOffer({
    id: 40115100,
    machine_id: 5100,
    num_gpus: 4,
    gpu_name: "A100 SXM4",
    gpu_ram: 40960,
    dph_base: 2.8,
  }),
  vastOffer({
    id: 40115200,
    machine_id: 5200,
    num_gpus: 8,
    gpu_name: "A100 SXM4",
    gpu_ram: 81920,
    dph_base: 9.6,
  }),
  // Other H100 products: never asked for, dropped if an answer carries them anyway.
  vastOffer({ id: 40115300, machine_id: 5300, num_gpus: 1, gpu_name: "H100 PCIE", dph_base: 1.6 }),
  vastOffer({
    id: 40115400,
    machine_id: 5400,
    num_gpus: 2,
    gpu_name: "H100 NVL",
    gpu_ram: 95830,
    dph_base: 4.2,
  }),
  // No usable count or price; a bid in an on-demand answer.
  vastOffer({ id: 40115500, machine_id: 5500, num_gpus: 0, gpu_name: "RTX 5090", dph_base: 0.4 }),
  vastOffer({ id: 40115600, machine_id: 5600, num_gpus: 1, gpu_name: "H200", dph_base: null }),
  vastOffer({
    id: 40115700,
    machine_id: 5700,
    num_gpus: 1,
    gpu_name: "H100 SXM",
    dph_base: 1.1,
    is_bid: true,
  }),
  // RTX 5090 asks around 0.45, and a host asking ten times that.
  vastOffer({ id: 40117001, machine_id: 7001, num_gpus: 1, gpu_name: "RTX 5090", dph_base: 0.4 }),
  vastOffer({ id: 40117002, machine_id: 7002, num_gpus: 2, gpu_name: "RTX 5090", dph_base: 0.9 }),
  vastOffer({ id: 40117003, machine_id: 7003, num_gpus: 1, gpu_name: "RTX 5090", dph_base: 0.5 }),
  vastOffer({ id: 40117004, machine_id: 7004, num_gpus: 1, gpu_name: "RTX 5090", dph_base: 4.5 }),
  vastOffer({ id: 40116100, machine_id: 6100, num_gpus: 8, gpu_name: "H100 SXM", dph_base: 16 }),
  vastOffer({ id: 40116200, machine_id: 6200, num_gpus: 8, gpu_name: "B200", dph_base: 32 }),
];

// --- canned faults ---

export const VAST_FAULTS = {
  /** The documented answer to a missing or unknown key. */
  invalidKey: {
    status: 404,
    body: JSON.stringify({ error: "unauthorized", msg: "Invalid user key" }),
  },
  unauthorized: {
    status: 401,
    body: JSON.stringify({ error: "unauthorized", msg: "Unauthorized" }),
  },
  forbidden: {
    status: 403,
    body: JSON.stringify({
      success: false,
      error: "forbidden",
      msg: "Key lacks the misc permission",
    }),
  },
  invalidRequest: {
    status: 400,
    body: JSON.stringify({ error: "invalid_request", msg: "Invalid json body" }),
  },
  /** Vast's rate limit: plain text, no Retry-After. */
  tooFrequent: {
    status: 429,
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: "API requests too frequent: endpoint threshold=3.0",
  },
  unavailable: (status = 503): StubReply => ({
    status,
    headers: { "content-type": "text/html" },
    body: `<html><body><h1>${status} Service Temporarily Unavailable</h1></body></html>`,
  }),
  /** A proxy's error page served with 200. */
  htmlPage: {
    headers: { "content-type": "text/html; charset=utf-8" },
    body: "<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>",
  },
  noOffers: { body: JSON.stringify({ success: true }) },
  /** The body's first half, then the connection drops. */
  cutMidBody: (offers: readonly VastOfferRecord[]): StubReply => ({
    body: JSON.stringify({ offers }),
    cutMidBody: true,
  }),
  /** A complete answer whose body is not complete JSON. */
  invalidJson: { body: '{"offers":[{"id":40112233,"machine_id":31337,"num_gpus":8,' },
} satisfies Record<string, StubReply | ((...args: never[]) => StubReply)>;

// --- the stub ---

/** The request's JSON object body, or undefined when it is not `application/json` or not an object. */
function jsonBodyOf(request: StubRequest): Record<string, unknown> | undefined {
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) return undefined;
  try {
    const body: unknown = JSON.parse(request.body);
    return typeof body === "object" && body !== null
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const SEARCH_TYPES = ["on-demand", "ondemand", "bid", "reserved"];
const DEFAULT_STUB_INTERVAL_MS = 100;

export type VastStub = LoopbackStub & {
  /** The market: what a search can find. */
  offers: VastOfferRecord[];
  /**
   * Least time between one key's requests (milliseconds; Vast's is 6 s, the stub's 100 ms by
   * default so that tests stay fast): a request sooner gets 429 instead of the documented
   * answer. Scripted replies go out as scripted, but their requests count.
   */
  minIntervalMs: number;
  /** Answer every offer, ignoring the body's `gpu_name` filter (an API that drops a filter). */
  ignoreGpuFilter: boolean;
  /** Back to the fixture offers, the key's interval reset, no scripted replies. */
  reset(): void;
};

export async function startVastStub(
  options: { key?: string; minIntervalMs?: number } = {},
): Promise<VastStub> {
  const key = options.key ?? VAST_STUB_KEY;
  const lastArrival = new Map<string, number>();
  const tooEager = new WeakSet<StubRequest>();
  const loopback = await startLoopbackStub(
    (request): StubReply => {
      if (tooEager.has(request)) return VAST_FAULTS.tooFrequent;
      if (request.path !== VAST_SEARCH_PATH || request.method !== "POST")
        return { status: 404, body: JSON.stringify({ error: "not_found", msg: "Not found" }) };
      if (request.headers.authorization !== `Bearer ${key}`) return VAST_FAULTS.invalidKey;
      const query = jsonBodyOf(request);
      if (query === undefined) return VAST_FAULTS.invalidRequest;
      if (typeof query.type !== "string" || !SEARCH_TYPES.includes(query.type))
        return {
          status: 400,
          body: JSON.stringify({
            error: "invalid_request",
            msg: `Invalid type: ${String(query.type)}`,
          }),
        };
      const names = (query.gpu_name as { in?: unknown } | undefined)?.in;
      let offers = stub.offers.filter(
        (offer) => stub.ignoreGpuFilter || !Array.isArray(names) || names.includes(offer.gpu_name),
      );
      const [order] = Array.isArray(query.order) ? (query.order as [string, string][]) : [];
      if (order !== undefined) {
        const [field, direction] = order;
        // Offers without the field go last either way.
        const value = (offer: VastOfferRecord) => {
          const v = offer[field];
          return typeof v === "number" ? (direction === "desc" ? -v : v) : Number.MAX_VALUE;
        };
        offers = [...offers].sort((a, b) => value(a) - value(b));
      }
      if (typeof query.limit === "number") offers = offers.slice(0, query.limit);
      return { body: JSON.stringify({ offers }) };
    },
    (request) => {
      // Vast's rate-limit identity includes the bearer token; every request counts.
      const identity = request.headers.authorization ?? "";
      const previous = lastArrival.get(identity);
      lastArrival.set(identity, request.at);
      if (previous !== undefined && request.at - previous < stub.minIntervalMs)
        tooEager.add(request);
    },
  );
  const stub: VastStub = Object.assign(loopback, {
    offers: [] as VastOfferRecord[],
    minIntervalMs: options.minIntervalMs ?? DEFAULT_STUB_INTERVAL_MS,
    ignoreGpuFilter: false,
    reset() {
      stub.requests.length = 0;
      stub.queue = {};
      stub.offers = [...VAST_FIXTURE_OFFERS];
      stub.minIntervalMs = options.minIntervalMs ?? DEFAULT_STUB_INTERVAL_MS;
      stub.ignoreGpuFilter = false;
      lastArrival.clear();
    },
  });
  stub.reset();
  return stub;
}
