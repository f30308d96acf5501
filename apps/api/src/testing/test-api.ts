import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { inject } from "vitest";
import { DEFAULT_METHODOLOGY_RULES, DEFAULT_WINSOR_BOUNDS, type AccountPlan, type MethodologyRules } from "@tpi/domain";
import { createAccount, createDb, createTestDatabase, insertApiKey, insertGpuTradesIfAbsent, insertObservationsIfAbsent, type Db, type GpuTradeInput, type ObservationInput } from "@tpi/db";
import { createApp, type AppDeps } from "../app";
import { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { generateApiKey } from "../auth/api-key-secret";
import { createLogger } from "../logger";
import { GpuPublishedIndex } from "../services/gpu-published-index";
import { settleGpuIndex } from "../services/gpu-settlement";
import { PublishedIndex } from "../services/published-index";
import { settleDueDays } from "../services/settlement";

/**
 * A real api over HTTP on a fresh PostgreSQL database, for integration tests. The clock is
 * adjustable so that tests can pin "today" and move it.
 */
export type TestApi = {
  url: string;
  db: Db;
  databaseUrl: string;
  deps: AppDeps;
  clock: { now: Date };
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers; text: string }>;
  request(path: string, init?: RequestInit): Promise<{ status: number; body: unknown; headers: Headers; text: string }>;
  /** Inserts observations, settles what is due at the test clock, and reloads the published set. */
  load(observations: readonly ObservationInput[]): Promise<void>;
  /** Inserts GPU trades, publishes the prints and daily values due at the test clock, and reloads them. */
  loadGpuTrades(trades: readonly GpuTradeInput[]): Promise<void>;
  createKey(plan?: AccountPlan, options?: { trialEndsAt?: Date | null }): Promise<{ key: string; keyId: string; accountId: string }>;
  close(): Promise<void>;
};

export async function startTestApi(
  options: { now: Date; rules?: MethodologyRules; internalToken?: string; configure?: (deps: AppDeps) => AppDeps } = { now: new Date() },
): Promise<TestApi> {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  const db = createDb(database.url, 4);
  const clock = { now: options.now };
  const log = createLogger("silent");
  const rules = options.rules ?? DEFAULT_METHODOLOGY_RULES;
  const index = new PublishedIndex(db, log);
  const auth = new ApiKeyAuthenticator(db, () => clock.now);
  const gpuIndex = new GpuPublishedIndex(db, log);
  const baseDeps: AppDeps = { db, index, gpuIndex, auth, rules, clock: () => clock.now, log, internalToken: options.internalToken };
  const deps = options.configure ? options.configure(baseDeps) : baseDeps;
  const server: Server = await new Promise((resolve) => {
    const listening = createApp(deps).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, headers: response.headers, text };
  };

  return {
    url,
    db,
    databaseUrl: database.url,
    deps,
    clock,
    request,
    get: (path, headers) => request(path, { headers }),
    async load(observations) {
      await insertObservationsIfAbsent(db, observations);
      await settleDueDays(db, { now: clock.now, rules });
      await index.refresh();
    },
    async loadGpuTrades(trades) {
      await insertGpuTradesIfAbsent(db, trades);
      await settleGpuIndex(db, { now: clock.now, bounds: DEFAULT_WINSOR_BOUNDS });
      await gpuIndex.refresh();
    },
    async createKey(plan = "full", keyOptions = {}) {
      const account = await createAccount(db, { name: `test-${plan}`, plan, trialEndsAt: keyOptions.trialEndsAt ?? null });
      const secret = generateApiKey();
      const record = await insertApiKey(db, { accountId: account.id, name: "test key", displayPrefix: secret.displayPrefix, keyHash: secret.keyHash });
      return { key: secret.key, keyId: record.id, accountId: account.id };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await auth.stop();
      await db.$disconnect();
      await database.drop();
    },
  };
}

/** An observation with sensible defaults for tests. Prices in USD per Mtok. */
export function observation(partial: Partial<ObservationInput> & Pick<ObservationInput, "date" | "modelId">): ObservationInput {
  const lab = (partial.lab ?? partial.modelId.split("/")[0]) as ObservationInput["lab"];
  return {
    lab,
    inputPricePerMtok: 1,
    outputPricePerMtok: 4,
    inputTokens: 800_000,
    outputTokens: 200_000,
    source: "test",
    ...partial,
  };
}
