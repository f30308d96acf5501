import { createHash } from "node:crypto";
import {
  GPU_LEDGER_CITATION,
  GPU_LEDGER_DATASET,
  GPU_LEDGER_DESCRIPTION,
  GPU_LEDGER_LICENCE,
  GPU_LEDGER_SOURCE,
  IMPORT_TEXT_MAX,
  ledgerQuotes,
  MAX_OFFER_LABEL_LENGTH,
  parseGpuDatetime,
  parseUtcDay,
  type QuoteSnapshot,
  type UtcDay,
} from "@tpi/domain";
import { z } from "zod";
import {
  jsonErrorText,
  PacedHttpClient,
  retryAfterMs,
  type HttpAnswer,
  type HttpBody,
  type PacingConfig,
} from "../../../platform/ingest/paced-http";
import { QUOTE_SOURCE_STOPPED_MESSAGE, QuoteSourceError } from "./quote-source-error";

/**
 * The daily GPU rental price ledger of gpurentalprices.com, read from its Hugging Face dataset
 * (`gpurentalprices/gpu-rental-prices`, CC BY 4.0): `data/latest.json` and one
 * `data/snapshots/YYYY-MM-DD.json` per day for a rolling 90 days, listed through the Hub's tree
 * API. Prices are USD per GPU-hour as published. No key: the dataset is public. A day's file can
 * be rewritten the same day, so every snapshot carries the SHA-256 of its exact bytes.
 */

export { GPU_LEDGER_CITATION, GPU_LEDGER_DESCRIPTION, GPU_LEDGER_LICENCE, GPU_LEDGER_SOURCE };

export type GpuLedgerConfig = PacingConfig & {
  /** The Hugging Face Hub. */
  baseUrl: string;
  /** `owner/name` of the dataset. */
  dataset: string;
  /** A branch or a 40-hex commit to pin the files to. */
  revision: string;
};

/**
 * The documented defaults. Anonymous Hub callers may make 500 API and 3,000 file requests per
 * 5 minutes per IP; one request a second keeps a 90-day backfill far below both.
 */
export const GPU_LEDGER_DEFAULTS: GpuLedgerConfig = {
  baseUrl: "https://huggingface.co",
  dataset: GPU_LEDGER_DATASET,
  revision: "main",
  timeoutMs: 30_000,
  maxRetries: 3,
  retryBaseMs: 2_000,
  minRequestIntervalMs: 1_000,
  maxRetryAfterMs: 5 * 60_000,
};

/** Pages of the tree listing followed at most (about 91 files fit in one). */
export const MAX_TREE_PAGES = 100;

// --- the documented shapes ---

/** ISO 8601 with a time: 1 to 9 fraction digits, or minutes only (`2026-07-08T07:42Z`). */
const LEDGER_DATETIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const ledgerDatetime = z
  .string()
  .regex(LEDGER_DATETIME, "an ISO 8601 time (YYYY-MM-DDTHH:MM[:SS[.f]] with Z or an offset)")
  .transform((text) => parseGpuDatetime(text))
  .pipe(z.date({ error: "a real calendar time" }));

const utcDay = z.string().refine((value) => parseUtcDay(value) !== undefined, {
  message: "a real UTC day in YYYY-MM-DD format",
});

/** A text the method reads (into an offer's provider, GPU, tier or label): bounded, characters. */
const methodText = (max: number) => z.string().max(max, `at most ${max} characters`);

/**
 * One offer row. Unknown keys pass (the publisher adds fields); prices are checked by the domain.
 * The texts the method reads are bounded (an over-long one is not the documented shape); the
 * rest (`source_url`, `source_quote`, `availability`) is never read or stored, and the whole
 * answer is bounded by the HTTP client's MAX_ANSWER_BYTES.
 */
export const ledgerOfferSchema = z.looseObject({
  provider: methodText(MAX_OFFER_LABEL_LENGTH).min(1),
  gpu: methodText(MAX_OFFER_LABEL_LENGTH).min(1),
  vram_gb: z.number(),
  /** USD per GPU-hour; a JSON integer (`7`) or float. */
  usd_hr: z.number(),
  kind: methodText(MAX_OFFER_LABEL_LENGTH),
  source_url: z.string(),
  fetched_at: ledgerDatetime,
  min_gpus: z.number().optional(),
  instance: methodText(IMPORT_TEXT_MAX.name).optional(),
  availability: z.string().optional(),
  region: methodText(IMPORT_TEXT_MAX.name).optional(),
  commitment: z.unknown().optional(),
  source_quote: z.string().optional(),
});

/** A provider's status: the method reads `stale` only; the rest is documented, not required. */
export const ledgerProviderStatusSchema = z.looseObject({
  ok: z.boolean().optional(),
  last_verified: z.string().optional(),
  stale: z.boolean(),
  source_url: z.string().optional(),
  error: z.string().optional(),
});

/**
 * The snapshot's summary counts. The method uses none of them (it counts offers and providers
 * itself), so a `meta` that differs from this shape is reported and ignored, never a reason to
 * refuse the day's offers.
 */
export const ledgerMetaSchema = z.looseObject({
  provider_count: z.number(),
  ok_count: z.number(),
  stale_count: z.number(),
  stale_providers: z.array(z.string()),
  unknown_skus: z.array(z.looseObject({ provider: z.string(), name: z.string() })),
  not_public_providers: z.array(z.unknown()).optional(),
});

/** `data/latest.json` and `data/snapshots/YYYY-MM-DD.json`: one day's snapshot. */
export const ledgerSnapshotSchema = z.looseObject({
  date: utcDay,
  generated_at: ledgerDatetime,
  offers: z.array(ledgerOfferSchema).min(1, "no offers: an empty snapshot is never used"),
  providers: z.record(z.string(), ledgerProviderStatusSchema),
  /** Absent from the first four snapshots (2026-07-05 to 07-08); checked by `ignoredParts`. */
  meta: z.unknown().optional(),
});

/**
 * The optional parts of a snapshot that differ from their documented shape, each with the first
 * difference (`meta.ok_count: Invalid input: expected number, received undefined`): they are
 * ignored, and the run's report names them.
 */
export function ignoredParts(snapshot: { meta?: unknown }): string[] {
  if (snapshot.meta === undefined || snapshot.meta === null) return [];
  const meta = ledgerMetaSchema.safeParse(snapshot.meta);
  if (meta.success) return [];
  const [issue] = meta.error.issues;
  const where = ["meta", ...(issue?.path ?? []).map(String)].join(".");
  return [`${where}: ${issue?.message ?? "not the documented shape"}`];
}

/** `GET /api/datasets/{repo}/tree/{revision}/{path}`: the folder's entries. */
export const hubTreeSchema = z.array(
  z.looseObject({
    type: z.string(),
    path: z.string(),
    oid: z.string().optional(),
    size: z.number().optional(),
  }),
);

const SNAPSHOT_PATH = /^data\/snapshots\/(\d{4}-\d{2}-\d{2})\.json$/;

// --- the client ---

export type GpuLedgerClientOptions = {
  /** Told the running count before each request goes out. */
  onRequest?: (requests: number) => Promise<void>;
  /** Once aborted, waits end and the request in flight is cut: QuoteSourceError `stopped`. */
  signal?: AbortSignal;
};

/** One run's connection to the ledger on the Hugging Face Hub. */
export class GpuLedgerClient {
  private readonly http: PacedHttpClient;

  constructor(
    private readonly config: GpuLedgerConfig,
    options: GpuLedgerClientOptions = {},
  ) {
    this.http = new PacedHttpClient(
      config,
      {
        sourceName: "Hugging Face",
        headers: { accept: "application/json" },
        refusal: (answer, what) => this.refusal(answer, what),
        errorDetail: hubErrorDetail,
        retryAfterMs: hubRetryAfterMs,
        stoppedMessage: QUOTE_SOURCE_STOPPED_MESSAGE,
        error: (problem, message) => new QuoteSourceError(GPU_LEDGER_SOURCE, problem, message),
      },
      options.onRequest,
      options.signal,
    );
  }

  /** Requests this client sent (attempts, retries included). */
  get requests(): number {
    return this.http.requests;
  }

  /** The days the dataset holds a snapshot of, oldest first (following the listing's pages). */
  async listDays(): Promise<UtcDay[]> {
    const folder = "data/snapshots";
    const days = new Set<UtcDay>();
    let url = `${this.base}/api/datasets/${this.config.dataset}/tree/${this.revision}/${folder}`;
    for (let page = 1; ; page++) {
      const what = `GET ${new URL(url).pathname}${page > 1 ? ` (page ${page})` : ""}`;
      const body = await this.http.sendOrAbsent({ url, what }, isEntryNotFound);
      if (body === null) return []; // no snapshot folder: no days
      const entries = this.http.parse(
        hubTreeSchema,
        this.http.json(body, what),
        `listing (${what})`,
      );
      for (const entry of entries) {
        const day = SNAPSHOT_PATH.exec(entry.path)?.[1];
        if (entry.type === "file" && day !== undefined && parseUtcDay(day) !== undefined)
          days.add(day);
      }
      const next = nextPageUrl(body.headers.get("link"), url);
      if (next === undefined) break;
      if (new URL(next).origin !== new URL(this.base).origin)
        throw this.http.fail(
          "malformed",
          `${what} points its next page to another host (${new URL(next).origin}); not followed`,
        );
      if (page >= MAX_TREE_PAGES)
        throw this.http.fail(
          "malformed",
          `the listing of ${folder} goes on past ${MAX_TREE_PAGES} pages; not followed further`,
        );
      url = next;
    }
    return [...days].sort();
  }

  /** The snapshot of `day`, or null when the dataset has no file for it (never published, or pruned). */
  async day(day: UtcDay): Promise<QuoteSnapshot | null> {
    if (parseUtcDay(day) === undefined) throw new RangeError(`not a UTC day: ${day}`);
    const path = `data/snapshots/${day}.json`;
    const what = `GET ${this.filePath(path)}`;
    const body = await this.http.sendOrAbsent({ url: this.fileUrl(path), what }, isEntryNotFound);
    if (body === null) return null;
    const snapshot = this.snapshotOf(body, what);
    if (snapshot.label !== day)
      throw new QuoteSourceError(
        GPU_LEDGER_SOURCE,
        "mismatch",
        `${what} holds the snapshot of ${snapshot.label}, not of ${day}; not used`,
      );
    return snapshot;
  }

  /**
   * The most recent snapshot (`data/latest.json`). With `expectedDay`, a snapshot of another day
   * is a `mismatch` (the day's file is not published yet: poll again later; never relabelled).
   */
  async latest(options: { expectedDay?: UtcDay } = {}): Promise<QuoteSnapshot> {
    const path = "data/latest.json";
    const what = `GET ${this.filePath(path)}`;
    const snapshot = this.snapshotOf(await this.http.send({ url: this.fileUrl(path), what }), what);
    const { expectedDay } = options;
    if (expectedDay !== undefined && snapshot.label !== expectedDay)
      throw new QuoteSourceError(
        GPU_LEDGER_SOURCE,
        "mismatch",
        `the latest ledger snapshot is of ${snapshot.label}, not of ${expectedDay}; poll again later`,
      );
    return snapshot;
  }

  private get base(): string {
    return this.config.baseUrl.replace(/\/+$/, "");
  }

  private get revision(): string {
    return encodeURIComponent(this.config.revision);
  }

  private filePath(path: string): string {
    return `/datasets/${this.config.dataset}/resolve/${this.revision}/${path}`;
  }

  private fileUrl(path: string): string {
    return `${this.base}${this.filePath(path)}`;
  }

  /** A whole file or nothing: any shape failure rejects the snapshot, never a partial day. */
  private snapshotOf(body: HttpBody, what: string): QuoteSnapshot {
    const record = this.http.parse(
      ledgerSnapshotSchema,
      this.http.json(body, what),
      `snapshot (${what})`,
    );
    const { quotes, dropped } = ledgerQuotes(record);
    return {
      source: GPU_LEDGER_SOURCE,
      asOf: record.generated_at,
      label: record.date,
      contentHash: createHash("sha256").update(body.bytes).digest("hex"),
      quotes,
      dropped,
      ignoredParts: ignoredParts(record),
    };
  }

  /** 401/403, or a repository or revision the Hub does not know: the configuration is wrong or the dataset went away. */
  private refusal(answer: HttpAnswer, what: string): string | undefined {
    const code = answer.headers.get("x-error-code");
    const gone = answer.status === 404 && (code === "RepoNotFound" || code === "RevisionNotFound");
    if (answer.status !== 401 && answer.status !== 403 && !gone) return undefined;
    return `Hugging Face refused ${what} (HTTP ${answer.status}${hubErrorDetail(answer)}): the dataset ${this.config.dataset} at ${this.config.revision} is not readable anonymously (removed, renamed or made private?); check the GPU ledger dataset setting`;
  }
}

/** The Hub's answer for a file or folder that is not in the repository. */
function isEntryNotFound(answer: HttpAnswer): boolean {
  return answer.status === 404 && answer.headers.get("x-error-code") === "EntryNotFound";
}

/** The Hub's error code header and `{ "error": "..." }` text, shortened. */
function hubErrorDetail(answer: HttpAnswer): string {
  const code = answer.headers.get("x-error-code");
  const message = jsonErrorText(answer.text, (body) => body.error);
  const parts = [code, message?.slice(0, 200)].filter((part) => part != null && part !== "");
  return parts.length === 0 ? "" : `: ${parts.join(": ")}`;
}

/**
 * The Hub's 429 wait: Retry-After when sent, else the `t=` of its `RateLimit` header (seconds
 * until the 5-minute window resets, e.g. `"resolvers";r=0;t=2`).
 */
export function hubRetryAfterMs(headers: Headers, nowMs: number): number | undefined {
  const retryAfter = retryAfterMs(headers.get("retry-after"), nowMs);
  if (retryAfter !== undefined) return retryAfter;
  const reset = /(?:^|;)\s*t=(\d+)\s*(?:;|$)/.exec(headers.get("ratelimit") ?? "")?.[1];
  return reset === undefined ? undefined : Number(reset) * 1000;
}

/** The `rel="next"` target of a Link header, resolved against the page's URL. */
export function nextPageUrl(link: string | null, pageUrl: string): string | undefined {
  if (link === null) return undefined;
  // Each link is `<target>` then its `; name=value` parameters, up to the next `<`.
  for (const match of link.matchAll(/<([^>]*)>([^<]*)/g))
    if (/;\s*rel\s*=\s*"?next"?\s*(?:[;,]|$)/i.test(match[2] ?? ""))
      return new URL(match[1] ?? "", pageUrl).toString();
  return undefined;
}
