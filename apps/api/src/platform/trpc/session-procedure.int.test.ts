import { searchesForDay, type AccountPlan } from "@tpi/domain";
import {
  writeCodingCountsOfDay,
  insertApiKey,
  insertWebAccount,
  insertWebSession,
  markEmailVerified,
  revokeWebSession,
} from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";
import { GPU_TEST_TRADES } from "../../testing/gpu-trades";
import { LLM_CODING } from "../../markets/llm-coding/read-model/state";
import { generateApiKey } from "../auth/api-key-secret";
import { newOpaqueToken, sha256Hex } from "../accounts/secrets";

/**
 * The signed-in website's data procedures answer exactly what the REST route answers a key of the
 * session's plan (and a keyless caller where no live plan stands behind the session): each case
 * compares the procedure with the REST answer for a key of the same account.
 */
const NOW = new Date("2026-11-22T12:00:00.000Z");
const TOKEN = "internal-token-for-session-procedure-tests";
const internal = { authorization: `Bearer ${TOKEN}` };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, internalToken: TOKEN });
  // A free lab and a keyed lab, inside the free window and months before it.
  await api.load(
    ["2026-06-10", "2026-09-01", "2026-11-19"].flatMap((date) => [
      observation({ date, modelId: "anthropic/a" }),
      observation({ date, modelId: "minimax/a" }),
    ]),
  );
  // GPU days of March: outside the keyless three months, inside a key's history.
  await api.loadGpuTrades(GPU_TEST_TRADES);
  // One day of GitHub counts behind the LLM Coding values (every one needs a key).
  await writeCodingCountsOfDay(api.db, {
    day: "2026-11-21",
    observations: searchesForDay("2026-11-21").map((request) => ({
      agent: request.agent,
      metric: request.metric,
      endpoint: request.endpoint,
      query: request.q,
      count: request.metric === "merged" ? 3 : 8,
    })),
    observedAt: NOW,
    observedOn: "2026-11-22",
    syncId: null,
  });
  await LLM_CODING.of(api.deps).counts.refresh();
});
afterAll(async () => api.close());

type Reader = { label: string; sessionToken?: string; key?: string };

let accountCounter = 0;
/** A verified website account of this plan, signed in (its session token) and holding one key. */
async function reader(
  label: string,
  plan: AccountPlan,
  trialEndsAt: Date | null = null,
): Promise<Reader & { sessionId: string }> {
  accountCounter += 1;
  const account = await insertWebAccount(api.db, {
    email: `reader${accountCounter}@example.com`,
    passwordHash: "not-used-by-these-tests",
    name: label,
    plan,
    trialEndsAt,
    createdAt: NOW,
  });
  if (account === null) throw new Error("account not created");
  await markEmailVerified(api.db, account.id, NOW);
  const sessionToken = newOpaqueToken();
  const session = await insertWebSession(api.db, {
    accountId: account.id,
    tokenHash: sha256Hex(sessionToken),
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 86_400_000),
  });
  const secret = generateApiKey();
  await insertApiKey(api.db, {
    accountId: account.id,
    name: "compare",
    displayPrefix: secret.displayPrefix,
    keyHash: secret.keyHash,
  });
  return { label, sessionToken, key: secret.key, sessionId: session.id };
}

type Answer = { status: number; body: unknown };

/** A procedure's answer in REST terms: the data with 200, or the error's status and words. */
async function procedure(path: string, input: Record<string, unknown>): Promise<Answer> {
  const res = await api.get(
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    internal,
  );
  const body = res.body as {
    result?: { data: unknown };
    error?: { message: string; data: { httpStatus: number; error?: string } };
  };
  if (body.error !== undefined)
    return {
      status: body.error.data.httpStatus,
      body: { error: body.error.data.error, message: body.error.message },
    };
  return { status: res.status, body: body.result?.data };
}

async function rest(pathAndQuery: string, key: string | undefined): Promise<Answer> {
  const res = await api.get(
    pathAndQuery,
    key === undefined ? {} : { authorization: `Bearer ${key}` },
  );
  return { status: res.status, body: res.body };
}

/** Each procedure with its REST route and parameters. */
const CASES = [
  {
    procedure: "planIndex",
    input: { lab: "minimax", startDate: "2026-01-01", endDate: "2026-11-22" },
    rest: "/api/otpi?lab=minimax&startDate=2026-01-01&endDate=2026-11-22",
  },
  {
    procedure: "planIndex",
    input: { lab: "anthropic", startDate: "2026-01-01", endDate: "2026-11-22" },
    rest: "/api/otpi?lab=anthropic&startDate=2026-01-01&endDate=2026-11-22",
  },
  {
    procedure: "planIndex",
    input: { lab: "anthropic", startDate: "2026-11-01", endDate: "2026-11-22" },
    rest: "/api/otpi?lab=anthropic&startDate=2026-11-01&endDate=2026-11-22",
  },
  {
    procedure: "planConstituents",
    input: { date: "2026-11-19", lab: "minimax" },
    rest: "/api/otpi/constituents?date=2026-11-19&lab=minimax",
  },
  {
    procedure: "gpu.planIndexHistory",
    input: { gpuName: "RTX PRO 6000 WS" },
    rest: `/api/gpu/${encodeURIComponent("RTX PRO 6000 WS")}/index-history`,
  },
  {
    procedure: "gpu.planIndexHistory",
    input: { gpuName: "H100 SXM" },
    rest: `/api/gpu/${encodeURIComponent("H100 SXM")}/index-history`,
  },
  {
    procedure: "gpu.planIndexHistory",
    input: { gpuName: "H100 SXM", startDate: "2025-01-01", endDate: "2026-11-22" },
    rest: `/api/gpu/${encodeURIComponent("H100 SXM")}/index-history?startDate=2025-01-01&endDate=2026-11-22`,
  },
  {
    procedure: "llmCoding.planIndex",
    input: { product: "codex-merge" },
    rest: "/api/llm-coding/index?product=codex-merge",
  },
  {
    procedure: "llmCoding.planHistory",
    input: { product: "cc-vs-codex", startDate: "2026-11-01" },
    rest: "/api/llm-coding/history?product=cc-vs-codex&startDate=2026-11-01",
  },
] as const;

describe("signed-in data procedures", () => {
  it("answer each plan what the REST route answers that plan's key; no live plan, what it answers without a key", async () => {
    const trial = await reader("trial", "trial", new Date(NOW.getTime() + 3_600_000));
    const premium = await reader("premium", "premium");
    const full = await reader("full", "full");
    const ended = await reader("ended trial", "trial", new Date(NOW.getTime() - 1));
    const revoked = await reader("revoked session", "full");
    await revokeWebSession(api.db, revoked.sessionId, NOW);
    // Who the procedure serves, and whose REST answer it must equal: an ended trial's key is
    // refused outright (401), so its session gets the keyless answer, as a visitor does.
    const expectations: { reader: Reader; restKey: string | undefined }[] = [
      { reader: trial, restKey: trial.key },
      { reader: premium, restKey: premium.key },
      { reader: full, restKey: full.key },
      { reader: ended, restKey: undefined },
      { reader: revoked, restKey: undefined },
      { reader: { label: "no session" }, restKey: undefined },
      {
        reader: { label: "unknown session", sessionToken: "planted-token-planted-token-000000" },
        restKey: undefined,
      },
    ];
    const keylessKeyed = await rest(CASES[0].rest, undefined);
    expect(keylessKeyed.status).toBe(401);
    expect((await rest(CASES[0].rest, full.key)).status).toBe(200);
    expect((await rest(CASES[0].rest, ended.key)).status).toBe(401);
    // The GPU answer names the plan: the same days, `premium` or `full`.
    const gpuPremium = await rest(CASES[5].rest, premium.key);
    expect(gpuPremium.status).toBe(200);
    expect(gpuPremium.body).toMatchObject({ access: "premium" });
    expect(await rest(CASES[5].rest, full.key)).toMatchObject({ body: { access: "full" } });
    for (const { reader: who, restKey } of expectations)
      for (const one of CASES) {
        const input =
          who.sessionToken === undefined
            ? one.input
            : { ...one.input, sessionToken: who.sessionToken };
        expect(await procedure(one.procedure, input), `${who.label}: ${one.rest}`).toEqual(
          await rest(one.rest, restKey),
        );
      }
  });

  it("refuse parameters the route refuses, in the route's words", async () => {
    const full = await reader("full", "full");
    const input = { lab: "nolab", sessionToken: full.sessionToken };
    const answer = await procedure("planIndex", input);
    expect(answer).toEqual(await rest("/api/otpi?lab=nolab", full.key));
    expect(answer.status).toBe(400);
    // An input the route does not have is refused before any session is read.
    expect((await procedure("planIndex", { colour: "red" })).status).toBe(400);
  });
});

describe("viewer", () => {
  it("names the signed-in account, its plan and the access its data procedures answer with", async () => {
    const full = await reader("Full reader", "full");
    const premium = await reader("Premium reader", "premium");
    const trialEnd = new Date(NOW.getTime() + 3_600_000);
    const trial = await reader("Trial reader", "trial", trialEnd);
    const ended = await reader("Ended reader", "trial", new Date(NOW.getTime() - 1));
    expect((await procedure("viewer", { sessionToken: full.sessionToken })).body).toMatchObject({
      plan: "full",
      planActive: true,
      tokenAccess: "full",
      gpuAccess: "full",
      trialEndsAt: null,
    });
    expect((await procedure("viewer", { sessionToken: premium.sessionToken })).body).toMatchObject({
      plan: "premium",
      planActive: true,
      tokenAccess: "full",
      gpuAccess: "premium",
    });
    expect((await procedure("viewer", { sessionToken: trial.sessionToken })).body).toMatchObject({
      plan: "trial",
      planActive: true,
      trialEndsAt: trialEnd.toISOString(),
    });
    expect((await procedure("viewer", { sessionToken: ended.sessionToken })).body).toMatchObject({
      plan: "trial",
      planActive: false,
      tokenAccess: null,
      gpuAccess: null,
    });
    expect(await procedure("viewer", {})).toEqual({ status: 200, body: null });
    expect(
      await procedure("viewer", { sessionToken: "planted-token-planted-token-000000" }),
    ).toEqual({ status: 200, body: null });
  });
});
