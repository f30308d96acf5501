import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { createLimitedServer } from "../platform/http/server-limits";
import { readEnv, serverLimitsFrom } from "../platform/runtime/env";
import type { Router } from "express";
import { inject } from "vitest";
import {
  CHAT_RATE_LIMIT,
  DEFAULT_METHODOLOGY_RULES,
  DEFAULT_GPU_METHOD_RULES,
  PUBLIC_RATE_LIMIT,
  type AccountPlan,
  type GpuMethodRules,
  type MethodologyRules,
  type QuoteSnapshot,
} from "@tpi/domain";
import {
  createAccount,
  createDb,
  createTestDatabase,
  insertApiKey,
  insertGpuTradesIfAbsent,
  insertObservationsIfAbsent,
  storeQuoteSnapshot,
  type Db,
  type DbTimeouts,
  type GpuTradeInput,
  type ObservationInput,
  type QuoteAttribution,
} from "@tpi/db";
import { createApi } from "../platform/app";
import {
  type AppDeps,
  DEFAULT_RATE_LIMIT_SETTINGS,
  type RateLimitSettings,
} from "../platform/core/deps";
import { ApiKeyAuthenticator } from "../platform/auth/api-key-authenticator";
import { generateApiKey } from "../platform/auth/api-key-secret";
import { DatabaseHealth } from "../platform/health/database-health";
import { createLogger, type Logger } from "../platform/observability/logger";
import type { Market } from "../platform/core/market";
import { MARKETS } from "../markets";
import { settleGpuIndex } from "../markets/gpu/jobs/settlement";
import { GPU } from "../markets/gpu/read-model/state";
import { GpuPublishedIndex } from "../markets/gpu/read-model/published-index";
import { settleDueDays } from "../markets/token/jobs/settlement";
import { TOKEN } from "../markets/token/read-model/state";
import { PublishedIndex } from "../markets/token/read-model/published-index";
import { openTestMarkets } from "./market-states";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/**
 * A real api over HTTP on a fresh PostgreSQL database, for integration tests. The clock is
 * adjustable so that tests can pin "today" and move it.
 */
export type TestApi = {
  url: string;
  db: Db;
  databaseUrl: string;
  deps: AppDeps;
  databaseProxy: TcpProxy | undefined;
  clock: { now: Date };
  get: (path: string, headers?: Record<string, string>) => Promise<HttpResult>;
  request: (path: string, init?: RequestInit) => Promise<HttpResult>;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<HttpResult>;
  /** Inserts observations, settles what is due at the test clock, and reloads the published set. */
  load(observations: readonly ObservationInput[]): Promise<void>;
  /** Inserts GPU trades, publishes the prints and daily values due at the test clock, and reloads them. */
  loadGpuTrades(trades: readonly GpuTradeInput[]): Promise<void>;
  /**
   * Stores GPU quote snapshots (each with the citation and licence it was collected under), then
   * settles and reloads like `loadGpuTrades`. Prints read them only under `gpuRules` that read
   * their source (see `startTestApi`).
   */
  loadGpuQuotes(
    snapshots: readonly { snapshot: QuoteSnapshot; attribution: QuoteAttribution }[],
  ): Promise<void>;
  createKey(
    plan?: AccountPlan,
    options?: { trialEndsAt?: Date | null },
  ): Promise<{ key: string; keyId: string; accountId: string }>;
  close(): Promise<void>;
};

/**
 * Test apis count requests like production but with allowances high enough that tests about
 * other things never meet them (every request of a test file comes from 127.0.0.1). Tests about
 * the limiters pass `rateLimits: CONTRACT_RATE_LIMITS` (or their own variant) through `configure`.
 */
export const CONTRACT_RATE_LIMITS: RateLimitSettings = DEFAULT_RATE_LIMIT_SETTINGS;
export const RELAXED_RATE_LIMITS: RateLimitSettings = {
  ...DEFAULT_RATE_LIMIT_SETTINGS,
  public: { ...PUBLIC_RATE_LIMIT, limit: 100_000 },
  chat: { ...CHAT_RATE_LIMIT, limit: 100_000 },
};

export type HttpResult = { status: number; body: unknown; headers: Headers; text: string };
export type Served = {
  url: string;
  request: (path: string, init?: RequestInit) => Promise<HttpResult>;
  get: (path: string, headers?: Record<string, string>) => Promise<HttpResult>;
  /** A JSON POST. */
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<HttpResult>;
  close: () => Promise<void>;
};

/**
 * Error bodies quote the request's id (`requestId`, a fresh one per request). It is checked here
 * against the X-Request-Id header and left out of `body`, so that tests compare error bodies as
 * `{ error, message }`; `text` keeps the body as sent.
 */
function withoutRequestId(body: unknown, headers: Headers): unknown {
  if (body === null || typeof body !== "object" || !("requestId" in body)) return body;
  const { requestId, ...rest } = body as Record<string, unknown>;
  if (requestId !== headers.get("x-request-id"))
    throw new Error(`error body's requestId ${String(requestId)} is not the X-Request-Id header`);
  return rest;
}

/** Serves an app built from `deps` on a free loopback port (one more "instance" over the same database). */
export async function serveApp(
  deps: AppDeps,
  extraRoutes: readonly Router[] = [],
  port = 0,
): Promise<Served> {
  const api = createApi(deps, extraRoutes);
  const server: Server = await new Promise((resolve) => {
    // The production server's limits (65 s keep-alive, not Node's 5 s): a test's client must not
    // reuse a kept-alive connection at the instant the server closes it (ECONNRESET under load).
    const listening = createLimitedServer(
      api.listener,
      serverLimitsFrom(readEnv(MARKETS, {})),
    ).listen(port, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = async (path: string, init?: RequestInit): Promise<HttpResult> => {
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      status: response.status,
      body: withoutRequestId(body, response.headers),
      headers: response.headers,
      text,
    };
  };
  return {
    url,
    request,
    get: (path, headers) => request(path, { headers }),
    post: (path, body, headers = {}) =>
      request(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    async close() {
      // As the server's stop does: the open streams end first (a stream never ends by itself,
      // so the close would wait for it), then the connections drain.
      await api.liveEvents.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

export async function startTestApi(
  options: {
    now: Date;
    rules?: MethodologyRules;
    /** The GPU settlement's rules (default: winsorizing bounds only, no quote source read). */
    gpuRules?: GpuMethodRules;
    internalToken?: string;
    /** Route the api's database connections through a proxy the test can cut (`api.databaseProxy`). */
    proxyDatabase?: boolean;
    /** The api's pool bounds (the request defaults otherwise). */
    databaseTimeouts?: DbTimeouts;
    /** How long a key's last known state serves while the database is down (milliseconds). */
    keyStaleGraceMs?: number;
    /** How long a key lookup is trusted while the database answers (milliseconds). */
    keyCacheTtlMs?: number;
    /** Where the api logs (silent otherwise). */
    log?: Logger;
    /** The markets served: MARKETS unless a test adds one (the fixture market). */
    marketList?: readonly Market[];
    configure?: (deps: AppDeps) => AppDeps;
    extraRoutes?: readonly Router[];
    /** The loopback port to serve on (a free one when absent; see `freePort`). */
    port?: number;
  } = { now: new Date() },
): Promise<TestApi> {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  let databaseProxy: TcpProxy | undefined;
  let appDatabaseUrl = database.url;
  if (options.proxyDatabase) {
    const target = new URL(database.url);
    databaseProxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.port = String(databaseProxy.port);
    target.hostname = "127.0.0.1";
    appDatabaseUrl = target.toString();
  }
  const db = createDb(appDatabaseUrl, 4, options.databaseTimeouts);
  const clock = { now: options.now };
  const log = options.log ?? createLogger("silent");
  const rules = options.rules ?? DEFAULT_METHODOLOGY_RULES;
  const token = TOKEN.open(new PublishedIndex(db), { rules });
  const gpuRules = options.gpuRules ?? DEFAULT_GPU_METHOD_RULES;
  const gpu = GPU.open(new GpuPublishedIndex(db), { rules: gpuRules });
  const marketList = options.marketList ?? MARKETS;
  const databaseHealth = new DatabaseHealth(log, () => db.$queryRaw`select 1`);
  const auth = new ApiKeyAuthenticator(db, () => clock.now, {
    staleGraceMs: options.keyStaleGraceMs,
    cacheTtlMs: options.keyCacheTtlMs,
    databaseHealth,
  });
  const baseDeps: AppDeps = {
    db,
    databaseHealth,
    marketList,
    // Every market's published sets stay empty until a test loads them (`load`, or
    // MEMORY.of(api.deps).index.refresh() and the like); token and GPU take the test's rules.
    markets: openTestMarkets(
      db,
      () => clock.now,
      { [TOKEN.name]: token, [GPU.name]: gpu },
      marketList,
    ),
    auth,
    clock: () => clock.now,
    log,
    internalToken: options.internalToken,
    rateLimits: RELAXED_RATE_LIMITS,
  };
  const deps = options.configure ? options.configure(baseDeps) : baseDeps;
  const served = await serveApp(deps, options.extraRoutes, options.port);

  return {
    url: served.url,
    db,
    databaseUrl: database.url,
    deps,
    databaseProxy,
    clock,
    request: served.request,
    get: served.get,
    post: served.post,
    async load(observations) {
      await insertObservationsIfAbsent(db, observations);
      await settleDueDays(db, { now: clock.now, rules });
      await token.index.refresh();
    },
    async loadGpuTrades(trades) {
      await insertGpuTradesIfAbsent(db, trades);
      await settleGpuIndex(db, { now: clock.now, rules: gpuRules });
      await gpu.index.refresh();
    },
    async loadGpuQuotes(snapshots) {
      for (const { snapshot, attribution } of snapshots)
        await storeQuoteSnapshot(db, snapshot, attribution, clock.now);
      await settleGpuIndex(db, { now: clock.now, rules: gpuRules });
      await gpu.index.refresh();
    },
    async createKey(plan = "full", keyOptions = {}) {
      const account = await createAccount(db, {
        name: `test-${plan}`,
        plan,
        trialEndsAt: keyOptions.trialEndsAt ?? null,
      });
      const secret = generateApiKey();
      const record = await insertApiKey(db, {
        accountId: account.id,
        name: "test key",
        displayPrefix: secret.displayPrefix,
        keyHash: secret.keyHash,
      });
      return { key: secret.key, keyId: record.id, accountId: account.id };
    },
    async close() {
      await served.close();
      databaseHealth.stop();
      await auth.stop();
      await db.$disconnect();
      await databaseProxy?.close();
      await database.drop();
    },
  };
}

/**
 * A loopback port free right now, for an api whose own address must be configured before it
 * listens (the OAuth issuer, TPI_PUBLIC_SITE_URL's origin).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The Authorization header that presents an API key. */
export function bearer(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}

/** A test api with one key of each plan, for files that compare what each plan is served. */
export type PlanKeyedTestApi = TestApi & { planKeys: Record<AccountPlan, string> };

export async function startTestApiWithPlanKeys(
  options: Parameters<typeof startTestApi>[0],
): Promise<PlanKeyedTestApi> {
  const api = await startTestApi(options);
  const planKeys: Record<AccountPlan, string> = {
    trial: (await api.createKey("trial")).key,
    premium: (await api.createKey("premium")).key,
    full: (await api.createKey("full")).key,
  };
  return Object.assign(api, { planKeys });
}

/**
 * An observation with sensible defaults for tests. Prices in USD per Mtok; the total follows the
 * split unless given (a total-only observation passes null for both sides and its total).
 */
export function observation(
  partial: Partial<ObservationInput> & Pick<ObservationInput, "date" | "modelId">,
): ObservationInput {
  const lab = (partial.lab ?? partial.modelId.split("/")[0]) as ObservationInput["lab"];
  const inputTokens = partial.inputTokens === undefined ? 800_000n : partial.inputTokens;
  const outputTokens = partial.outputTokens === undefined ? 200_000n : partial.outputTokens;
  return {
    lab,
    inputPricePerMtok: 1,
    outputPricePerMtok: 4,
    source: "test",
    priceBasis: "reported",
    priceSnapshotId: null,
    ...partial,
    inputTokens,
    outputTokens,
    totalTokens: partial.totalTokens ?? (inputTokens ?? 0n) + (outputTokens ?? 0n),
  };
}
