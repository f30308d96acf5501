// @module-tag zone
import { endDataLoad, planDataLoad, tryLockDataLoad, type DataLoadLock } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type HttpResult, type TestApi } from "../../testing/test-api";
import { LOADING_RETRY_AFTER_SECONDS } from "../http/errors";
import { MarketLoading } from "./market-loading";

/**
 * A market whose first load runs in another process (here: this test, holding the load's lock as
 * the loading instance would) answers its data routes 503 `loading` with Retry-After on every
 * door (REST, MCP, tRPC), keeps its catalogue, methodology and /health answering, and answers as
 * usual once the load is over and this instance has read what it wrote.
 */
const NOW = new Date("2026-03-31T09:30:00.000Z");
const DAYS = ["2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28"];
const TOKEN_INTERNAL = "market-loading-internal-token";
const OTPI = "/api/otpi?lab=anthropic";

let api: TestApi;
let loading: MarketLoading;
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    internalToken: TOKEN_INTERNAL,
    configure: (deps) => {
      loading = new MarketLoading(deps.db, deps.marketList, deps.markets);
      return { ...deps, marketLoading: loading };
    },
  });
  // Every market's published sets loaded, as the server holds them when it listens.
  await Promise.all(api.deps.markets.publications.map((publication) => publication.refresh()));
}, 60_000);
afterAll(async () => api?.close());

/** The token market's first load, recorded and locked as the instance running it does. */
async function holdTokenFirstLoad(): Promise<{ id: number; lock: DataLoadLock }> {
  const load = await planDataLoad(api.db, {
    market: "token",
    source: "held-by-test",
    firstDay: DAYS[0] ?? "",
    lastDay: DAYS.at(-1) ?? "",
    now: NOW,
  });
  const lock = await tryLockDataLoad(api.databaseUrl, load.id);
  if (lock === null) throw new Error("the load's lock is taken");
  return { id: load.id, lock };
}

const mcpCall = (name: string, args: Record<string, unknown>) =>
  api.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });

const trpcPublicIndex = () =>
  api.get(`/trpc/publicIndex?input=${encodeURIComponent(JSON.stringify({ lab: "anthropic" }))}`, {
    authorization: `Bearer ${TOKEN_INTERNAL}`,
  });

function expectLoading(res: HttpResult): void {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe(String(LOADING_RETRY_AFTER_SECONDS));
  expect(res.body).toEqual({
    error: "Loading",
    message: expect.stringContaining("token market is loading its published data") as string,
  });
}

describe("a market whose first load is running", () => {
  it("answers its data routes 503 loading until the load is over, then as usual", async () => {
    await loading.refresh();
    expect(loading.isLoading("token")).toBe(false);
    const held = await holdTokenFirstLoad();
    // The instance reads the loads' states on its reload interval; the test asks at once.
    await loading.refresh();
    expect(loading.isLoading("token")).toBe(true);

    expectLoading(await api.get(OTPI));
    // Twice: the fast lane holds no answer from a refusal.
    expectLoading(await api.get(OTPI));

    const mcp = await mcpCall("get_token_index", { lab: "anthropic" });
    const toolResult = (mcp.body as { result: { isError: boolean; structuredContent: unknown } })
      .result;
    expect(toolResult.isError).toBe(true);
    expect(toolResult.structuredContent).toEqual({
      error: "Loading",
      message: expect.stringContaining("is loading its published data") as string,
    });

    const trpc = await trpcPublicIndex();
    expect(trpc.status).toBe(503);
    expect(trpc.headers.get("retry-after")).toBe(String(LOADING_RETRY_AFTER_SECONDS));
    expect(JSON.stringify(trpc.body)).toContain("is loading its published data");

    // What needs no published value keeps answering; other markets are served as usual.
    expect((await api.get("/api/token-types")).status).toBe(200);
    expect((await api.get("/api/otpi/methodology")).status).toBe(200);
    expect((await api.get("/api/llm-coding/products")).status).toBe(200);
    const health = await api.get("/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "loading", data: { token: "loading" } });

    // The load writes its days and ends; the instance notices on its next read of the states.
    await api.load(
      DAYS.flatMap((date) => [
        observation({ date, modelId: "anthropic/claude-a" }),
        observation({ date, modelId: "openai/gpt-a" }),
      ]),
    );
    await endDataLoad(api.db, held.id, { status: "complete", message: "loaded", now: NOW });
    await held.lock.release();
    await loading.refresh();
    expect(loading.isLoading("token")).toBe(false);

    const served = await api.get(OTPI);
    expect(served.status).toBe(200);
    expect(served.headers.get("retry-after")).toBeNull();
    expect((await trpcPublicIndex()).status).toBe(200);
  });
});
