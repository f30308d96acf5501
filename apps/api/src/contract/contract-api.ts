import { TOKEN } from "../markets/token/read-model/state";
import { WORKLOAD } from "../markets/workload/read-model/state";
import { createHash } from "node:crypto";
import { copyGpuTradesIfAbsent, generateGpuSample, revokeApiKey } from "@tpi/db";
import { restateLabDay } from "../markets/token/jobs/restatement";
import { seedTokenSample } from "../markets/token/jobs/sample-seed";
import { startTestApi, type TestApi } from "../testing/test-api";
import { CONTRACT_INTERNAL_TOKEN, type ContractKey, type ContractRequest } from "./requests";

/** The fixed clock of every contract run: the free windows, settled days and key states follow from it. */
export const CONTRACT_NOW = new Date("2026-11-22T12:00:00.000Z");

/** First day of the token and GPU samples loaded: before both free windows (1 and 3 months), so keyed history differs. */
const SAMPLE_FROM = "2026-08-01";

/** Bodies longer than this (UTF-16 code units) are stored as a hash, a length and an opening. */
const WHOLE_BODY_MAX_CHARS = 8 * 1024;
const OPENING_CHARS = 300;

/** Stored whole and pretty-printed whatever its size, so that changes to the document read as a diff. */
const WHOLE_DOCUMENT_PATHS = new Set(["/openapi.json"]);

/** The response headers kept in the snapshot besides the status and body. */
const RECORDED_HEADERS = [
  "content-type",
  "cache-control",
  "vary",
  "etag",
  "allow",
  "www-authenticate",
  "deprecation",
  "link",
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
] as const;

export type ContractApi = { api: TestApi; keys: Record<ContractKey, string> };

/**
 * A fresh api at the fixed clock over deterministic data: the token and GPU samples from
 * `SAMPLE_FROM` on, settled and published; one forced restatement (so that revisions exist);
 * and the keys the requests present.
 */
export async function startContractApi(): Promise<ContractApi> {
  const api = await startTestApi({ now: CONTRACT_NOW, internalToken: CONTRACT_INTERNAL_TOKEN });
  await seedTokenSample(api.db, { now: CONTRACT_NOW, from: SAMPLE_FROM });
  await api.load([]); // settles the seeded days and publishes them
  await copyGpuTradesIfAbsent(api.databaseUrl, () => generateGpuSample(CONTRACT_NOW, SAMPLE_FROM));
  await api.loadGpuTrades([]);
  const restated = await restateLabDay(
    api.db,
    TOKEN.of(api.deps).rules,
    {
      date: "2026-11-10",
      lab: "anthropic",
      reason: "Contract snapshot: a forced restatement.",
      force: true,
    },
    CONTRACT_NOW,
  );
  if (!restated.ok) throw new Error(`restatement failed: ${restated.error.message}`);
  await TOKEN.of(api.deps).index.refresh();
  // No session-cost week is stored: the Workload Cost index is its generated sample.
  await WORKLOAD.of(api.deps).index.refresh();

  const day = 24 * 3_600_000;
  const trialEndsAt = new Date(CONTRACT_NOW.getTime() + 7 * day);
  const revoked = await api.createKey("full");
  await revokeApiKey(api.db, revoked.keyId, CONTRACT_NOW);
  const keys: Record<ContractKey, string> = {
    trial: (await api.createKey("trial", { trialEndsAt })).key,
    premium: (await api.createKey("premium")).key,
    full: (await api.createKey("full")).key,
    expiredTrial: (
      await api.createKey("trial", { trialEndsAt: new Date(CONTRACT_NOW.getTime() - day) })
    ).key,
    revoked: revoked.key,
    limit: (await api.createKey("full")).key,
  };
  return { api, keys };
}

export type ContractResponse = {
  status: number;
  headers: Partial<Record<(typeof RECORDED_HEADERS)[number], string>>;
  text: string;
};

/** Sends the requests one after another (some change state: key creation) and collects the answers. */
export async function replayContract(
  { api, keys }: ContractApi,
  requests: readonly ContractRequest[],
): Promise<ContractResponse[]> {
  const responses: ContractResponse[] = [];
  for (const [index, request] of requests.entries()) {
    // Each request names its own id, so error bodies (which quote it) are the same every run.
    const headers: Record<string, string> = {
      "x-request-id": `contract-${String(index + 1).padStart(3, "0")}`,
    };
    if (request.as) headers.authorization = `Bearer ${keys[request.as]}`;
    let body: string | undefined;
    if (request.body !== undefined) {
      body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      if (typeof request.body !== "string") headers["content-type"] = "application/json";
    }
    Object.assign(headers, request.headers);
    const response = await fetch(`${api.url}${request.path}`, {
      method: request.method,
      headers,
      body,
      redirect: "manual",
    });
    // The api's own address (a free port each run), which the MCP metadata and its 401 name.
    const withoutOrigin = (text: string) => text.replaceAll(api.url, API_ORIGIN);
    const recorded: ContractResponse["headers"] = {};
    for (const name of RECORDED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) recorded[name] = withoutOrigin(value);
    }
    responses.push({
      status: response.status,
      headers: recorded,
      text: withoutOrigin(await response.text()),
    });
  }
  return responses;
}

const VOLATILE = "<volatile>";

/** How the snapshot writes the api's address (scheme, host and the port it listened on). */
const API_ORIGIN = "http://<api>";

/** Row stamps that settlement and restatement take from the wall clock, not the injected one. */
const WALL_CLOCK_FIELDS = ["computedAt", "oldComputedAt", "restatedAt"] as const;

/**
 * The one place that hides what legitimately differs between two runs of the same code at the
 * same fixed clock; everything else is compared byte for byte:
 * - `/health`'s `timestamp` (the wall clock of the request);
 * - `WALL_CLOCK_FIELDS` anywhere (settlement and restatement stamp rows with the wall clock);
 * - the secret, id, display prefix and creation time of a key made by `POST /api/create-api-key`;
 * - the value of every ETag: settled answers' strong ETags name the published version, which
 *   includes the wall-clock publication stamps; the snapshot keeps their form (strong or weak,
 *   and the content coding they name);
 * - the api's own address (its port is a free one each run), which the MCP metadata and the
 *   challenge of /mcp's 401 name: written `http://<api>`, replaced in bodies and headers as
 *   they are received (`replayContract`), before anything else looks at them.
 * Returns undefined when nothing is volatile in the body.
 */
function withoutVolatile(request: ContractRequest, json: unknown): unknown {
  let changed = false;
  const hide = (object: Record<string, unknown>, key: string) => {
    if (key in object) {
      object[key] = VOLATILE;
      changed = true;
    }
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") {
      const object = value as Record<string, unknown>;
      for (const key of WALL_CLOCK_FIELDS) hide(object, key);
      Object.values(object).forEach(walk);
    }
  };
  const copy = structuredClone(json);
  walk(copy);
  const pathname = new URL(request.path, "http://contract").pathname;
  if (copy !== null && typeof copy === "object" && !Array.isArray(copy)) {
    const object = copy as Record<string, unknown>;
    if (pathname === "/health") hide(object, "timestamp");
    if (pathname === "/api/create-api-key" && object.success === true) {
      for (const key of ["key", "id", "displayPrefix", "createdAt"]) hide(object, key);
    }
  }
  return changed ? copy : undefined;
}

/** An ETag's form without its value: `"<volatile>"`, `W/"<volatile>"`, `"<volatile>-gzip"`. */
function etagForm(etag: string): string {
  const match = /^(W\/)?"[^"]*?(-gzip|-br)?"$/.exec(etag);
  return match === null ? etag : `${match[1] ?? ""}"${VOLATILE}${match[2] ?? ""}"`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * One snapshot entry as text. A JSON body whose compact serialisation is exactly the bytes
 * received is written as that serialisation (pretty-printed for the whole documents); any other
 * body as a JSON string literal; a long body as its SHA-256, length and opening.
 */
export function renderEntry(
  index: number,
  request: ContractRequest,
  response: ContractResponse,
): string {
  const lines = [`=== ${String(index + 1).padStart(3, "0")} ${request.label}`];
  const sent = [request.method, request.path];
  if (request.as) sent.push(`(key: ${request.as})`);
  lines.push(`request: ${sent.join(" ")}`);
  lines.push(`status: ${response.status}`);

  const parsed = parseJson(response.text);
  const exactJson = parsed.ok && JSON.stringify(parsed.value) === response.text;
  const normalised = exactJson ? withoutVolatile(request, parsed.value) : undefined;
  for (const [name, value] of Object.entries(response.headers)) {
    lines.push(`${name}: ${name === "etag" ? etagForm(value) : value}`);
  }

  const text = normalised === undefined ? response.text : JSON.stringify(normalised);
  if (text.length === 0) lines.push("body: (empty)");
  else if (exactJson && WHOLE_DOCUMENT_PATHS.has(request.path)) {
    lines.push("body (json, compact on the wire):", JSON.stringify(JSON.parse(text), null, 2));
  } else if (text.length > WHOLE_BODY_MAX_CHARS) {
    const sha256 = createHash("sha256").update(text).digest("hex");
    lines.push(
      `body (${Buffer.byteLength(text)} bytes, sha256 ${sha256}), opening: ${JSON.stringify(text.slice(0, OPENING_CHARS))}`,
    );
  } else if (exactJson) lines.push(`body (json): ${text}`);
  else lines.push(`body (text): ${JSON.stringify(text)}`);
  return `${lines.join("\n")}\n`;
}

export function renderSnapshot(
  requests: readonly ContractRequest[],
  responses: readonly ContractResponse[],
): string {
  return requests
    .map((request, i) => renderEntry(i, request, responses[i] as ContractResponse))
    .join("\n");
}

/** The entries of a rendered snapshot, in order. */
export function snapshotEntries(snapshot: string): string[] {
  return snapshot
    .split(/^(?==== )/m)
    .map((entry) => entry.replace(/\n+$/, "\n"))
    .filter((entry) => entry.startsWith("=== "));
}

const EXCERPT_CHARS = 600;
const LINES_PER_ENTRY = 6;

/** A readable account of the first differing entries (label, then the lines that differ). */
export function describeDifferences(expected: string, actual: string, limit = 5): string {
  const before = snapshotEntries(expected);
  const after = snapshotEntries(actual);
  const report: string[] = [];
  if (before.length !== after.length) {
    report.push(`The snapshot has ${before.length} entries, the replay ${after.length}.`);
  }
  let shown = 0;
  let differing = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    if (before[i] === after[i]) continue;
    differing += 1;
    if (shown >= limit) continue;
    shown += 1;
    const expectedLines = (before[i] ?? "(missing)\n").split("\n");
    const actualLines = (after[i] ?? "(missing)\n").split("\n");
    report.push(`--- entry ${(after[i] ?? before[i] ?? "").split("\n")[0]?.slice(4)}`);
    let lines = 0;
    for (let line = 0; line < Math.max(expectedLines.length, actualLines.length); line++) {
      if (expectedLines[line] === actualLines[line]) continue;
      if (++lines > LINES_PER_ENTRY) {
        report.push("  (more differing lines)");
        break;
      }
      report.push(`  expected: ${(expectedLines[line] ?? "(nothing)").slice(0, EXCERPT_CHARS)}`);
      report.push(`  actual:   ${(actualLines[line] ?? "(nothing)").slice(0, EXCERPT_CHARS)}`);
    }
  }
  if (differing > shown) report.push(`... and ${differing - shown} more differing entries.`);
  return report.join("\n");
}
