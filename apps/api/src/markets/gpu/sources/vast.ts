import { createHash } from "node:crypto";
import {
  VAST_GPU_NAMES,
  VAST_SOURCE,
  VAST_TERMS,
  vastDescription,
  vastQuotes,
  type QuoteSnapshot,
  type VastOffer,
} from "@tpi/domain";
import { z } from "zod";
import {
  jsonErrorText,
  PacedHttpClient,
  type HttpAnswer,
  type PacingConfig,
} from "../../../platform/ingest/paced-http";
import { QUOTE_SOURCE_STOPPED_MESSAGE, QuoteSourceError } from "./quote-source-error";

/**
 * Vast.ai's offer search (`POST /api/v0/bundles/`, documented in vast-ai/docs and the official
 * CLI): the marketplace's unrented on-demand offers of our six GPUs, one request per poll. Every
 * offer prices a whole bundle (`dph_base`, USD per hour); the domain divides by its GPUs. The key
 * goes only in the Authorization header, never in the URL (Vast also accepts `?api_key=`, which
 * would land in access logs). Vast's terms forbid index use without a written data licence: the
 * source description (`vastDescription`) says whether the operator has one.
 */

export { VAST_SOURCE, VAST_TERMS, vastDescription };

export type VastConfig = PacingConfig & {
  /** Vast's console, without `/api/v0`. */
  baseUrl: string;
  /** A key with the `misc` permission only (search); sent as a bearer token, never logged. */
  apiKey: string;
  /** Offers asked for per poll; an answer of exactly this many may have been cut off. */
  limit: number;
};

/**
 * The documented defaults. Search allows 10 requests a minute per IP, enforced as a minimum
 * interval (6 s) between requests: 6.5 s keeps a margin. Vast sends no Retry-After with its 429,
 * so the backoff is our own: 15 s, 30 s, 60 s.
 */
export const VAST_DEFAULTS: Omit<VastConfig, "apiKey"> = {
  baseUrl: "https://console.vast.ai",
  timeoutMs: 30_000,
  maxRetries: 3,
  retryBaseMs: 15_000,
  minRequestIntervalMs: 6_500,
  maxRetryAfterMs: 5 * 60_000,
  limit: 1_000,
};

export const VAST_SEARCH_PATH = "/api/v0/bundles/";

/**
 * The search body: our six GPUs by their exact names, on demand, the filters the CLI applies by
 * default (verified hosts, rentable, not rented by us, no external offers), cheapest first.
 * `type` is `on-demand` as the CLI, SDK and the OpenAPI example send it.
 */
export function vastSearchBody(limit: number) {
  return {
    verified: { eq: true },
    external: { eq: false },
    rentable: { eq: true },
    rented: { eq: false },
    gpu_name: { in: Object.keys(VAST_GPU_NAMES) },
    type: "on-demand",
    order: [["dph_base", "asc"]],
    limit,
    // GB of disk that `dph_total` prices; `dph_base`, which we use, excludes storage.
    allocated_storage: 5,
  };
}

/** The fields the index reads; everything else (host identifiers included) is left behind. */
export const vastOfferSchema = z.looseObject({
  id: z.number().int(),
  machine_id: z.number().int(),
  gpu_name: z.string(),
  num_gpus: z.number().nullish(),
  gpu_ram: z.number().nullish(),
  dph_base: z.number().nullish(),
  is_bid: z.boolean().nullish(),
});

export const vastSearchSchema = z.looseObject({ offers: z.array(vastOfferSchema) });

/** One poll: the normalised snapshot, and whether the answer may have been cut off at `limit`. */
export type VastPoll = {
  snapshot: QuoteSnapshot;
  /** Offers in the answer, before normalisation. */
  offers: number;
  /** The answer held exactly `limit` offers: there may be more (raise the limit or split the request). */
  possiblyCutOff: boolean;
};

export type VastClientOptions = {
  /** Told the running count before each request goes out. */
  onRequest?: (requests: number) => Promise<void>;
  /** Once aborted, waits end and the request in flight is cut: QuoteSourceError `stopped`. */
  signal?: AbortSignal;
  /** The poll's time (quotes are observed then); defaults to when the answer arrived. */
  now?: () => Date;
};

export class VastClient {
  private readonly http: PacedHttpClient;
  private readonly now: () => Date;

  constructor(
    private readonly config: VastConfig,
    options: VastClientOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.http = new PacedHttpClient(
      config,
      {
        sourceName: "Vast.ai",
        headers: { accept: "application/json", authorization: `Bearer ${config.apiKey}` },
        secrets: [config.apiKey],
        refusal: vastRefusal,
        errorDetail: vastErrorDetail,
        stoppedMessage: QUOTE_SOURCE_STOPPED_MESSAGE,
        error: (problem, message) => new QuoteSourceError(VAST_SOURCE, problem, message),
      },
      options.onRequest,
      options.signal,
    );
  }

  /** Requests this client sent (attempts, retries included). */
  get requests(): number {
    return this.http.requests;
  }

  /** The on-demand offers of our six GPUs now, as quotes. The whole answer or an error: never part of one. */
  async searchOffers(): Promise<VastPoll> {
    const what = `POST ${VAST_SEARCH_PATH}`;
    const body = await this.http.send({
      url: `${this.config.baseUrl.replace(/\/+$/, "")}${VAST_SEARCH_PATH}`,
      what,
      method: "POST",
      jsonBody: vastSearchBody(this.config.limit),
      // Vast's CLI refuses anything else: an HTML page is a proxy's error, not an answer.
      requireJsonContentType: true,
    });
    const polledAt = this.now();
    const answer = this.http.parse(
      vastSearchSchema,
      this.http.json(body, what),
      `offer search answer (${what})`,
    );
    // Only the fields the index reads go on: host identifiers never leave this function.
    const offers: VastOffer[] = answer.offers.map((offer) => ({
      id: offer.id,
      machine_id: offer.machine_id,
      gpu_name: offer.gpu_name,
      num_gpus: offer.num_gpus,
      gpu_ram: offer.gpu_ram,
      dph_base: offer.dph_base,
      is_bid: offer.is_bid,
    }));
    const { quotes, dropped } = vastQuotes(offers, polledAt);
    return {
      snapshot: {
        source: VAST_SOURCE,
        asOf: polledAt,
        label: polledAt.toISOString(),
        contentHash: createHash("sha256").update(body.bytes).digest("hex"),
        quotes,
        dropped,
      },
      offers: offers.length,
      possiblyCutOff: offers.length >= this.config.limit,
    };
  }
}

/**
 * Vast's refusals of the key: 401 and 403, and the documented 404 `Invalid user key` (its
 * answer to a missing or unknown key). Never retried: a refused key stays refused.
 */
function vastRefusal(answer: HttpAnswer, what: string): string | undefined {
  const invalidKey = answer.status === 404 && /invalid user key/i.test(answer.text);
  if (answer.status !== 401 && answer.status !== 403 && !invalidKey) return undefined;
  return `the Vast.ai API key was refused (HTTP ${answer.status} on ${what}${vastErrorDetail(answer)}); check the key (a key with only the misc permission is enough)`;
}

/**
 * Vast's error text, shortened: a JSON body's `error` code and its `msg`, `message` or `detail`
 * (endpoints differ in which they send), or a plain-text body.
 */
function vastErrorDetail(answer: HttpAnswer): string {
  const code = jsonErrorText(answer.text, (body) => body.error);
  const message =
    jsonErrorText(answer.text, (body) => body.msg) ??
    jsonErrorText(answer.text, (body) => body.message) ??
    jsonErrorText(answer.text, (body) => body.detail);
  const plain = /^text\/plain\b/i.test(answer.headers.get("content-type") ?? "")
    ? answer.text.trim()
    : "";
  const text = [code, message].filter((part) => part !== undefined).join(": ") || plain;
  return text === "" ? "" : `: ${text.slice(0, 200)}`;
}
