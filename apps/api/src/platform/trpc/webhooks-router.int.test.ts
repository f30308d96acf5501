import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ACCOUNT_MESSAGES,
  EVENT_FILTER_MESSAGES,
  WEBHOOK_MESSAGES,
  type AccountPlan,
} from "@tpi/domain";
import { insertWebAccount, insertWebSession, markEmailVerified } from "@tpi/db";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { newOpaqueToken, sha256Hex } from "../accounts/secrets";

/**
 * The website's webhook procedures (`account.webhooks.*`) act for the session's account only,
 * changes need the session's CSRF token, and their answers and refusals are the service's.
 */
// The receiver verifies the signature's timestamp against its own clock (a 5-minute tolerance).
const NOW = new Date();
const TOKEN = "internal-token-for-webhook-procedure-tests";
const internal = { authorization: `Bearer ${TOKEN}` };

type Received = { headers: IncomingMessage["headers"]; body: string };

/** A loopback endpoint that answers 204 and hands each request to the waiting test. */
function startReceiver() {
  const waiting: ((received: Received) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(204).end();
      waiting.shift()?.({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    });
  });
  return {
    server,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  };
}

let api: TestApi;
const receiver = startReceiver();
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  api = await startTestApi({
    now: NOW,
    internalToken: TOKEN,
    // A loopback receiver: the operator's switches for private deployments and tests.
    configure: (deps) => ({
      ...deps,
      webhooks: { policy: { allowHttp: true, allowPrivateAddresses: true } },
    }),
  });
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});

type Answer = { status: number; data: unknown; message?: string };

async function answerOf(res: { status: number; body: unknown }): Promise<Answer> {
  const body = res.body as { result?: { data: unknown }; error?: { message: string } };
  return {
    status: res.status,
    data: body.result?.data,
    ...(body.error === undefined ? {} : { message: body.error.message }),
  };
}

async function mutate(path: string, input: unknown): Promise<Answer> {
  return answerOf(await api.post(`/trpc/account.webhooks.${path}`, input, internal));
}

async function query(path: string, input: unknown): Promise<Answer> {
  const search = `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return answerOf(await api.get(`/trpc/account.webhooks.${path}${search}`, internal));
}

let accounts = 0;
/** A verified account of this plan, signed in: its session and CSRF tokens. */
async function signedIn(plan: AccountPlan = "full") {
  accounts += 1;
  const account = await insertWebAccount(api.db, {
    email: `hooks${accounts}@example.com`,
    passwordHash: "not-used-by-these-tests",
    name: `hooks${accounts}`,
    plan,
    trialEndsAt: plan === "trial" ? new Date(NOW.getTime() + 86_400_000) : null,
    createdAt: NOW,
  });
  if (account === null) throw new Error("account not created");
  await markEmailVerified(api.db, account.id, NOW);
  const sessionToken = newOpaqueToken();
  await insertWebSession(api.db, {
    accountId: account.id,
    tokenHash: sha256Hex(sessionToken),
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 86_400_000),
  });
  const me = await answerOf(
    await api.get(
      `/trpc/account.me?input=${encodeURIComponent(JSON.stringify({ sessionToken }))}`,
      internal,
    ),
  );
  const { csrfToken } = me.data as { csrfToken: string };
  return { sessionToken, csrfToken };
}

type Created = { secret: string; subscription: { id: string; url: string; status: string } };

describe("the account's webhook procedures", () => {
  it("create, list, test-send (signed with the secret shown once), log, pause, resume and delete", async () => {
    const owner = await signedIn();
    const created = await mutate("create", {
      ...owner,
      url: receiver.url(),
      filter: {
        types: ["threshold.crossed"],
        markets: ["memory"],
        thresholds: [{ kind: "level", level: 100 }],
      },
    });
    expect(created.status).toBe(200);
    const { secret, subscription } = created.data as Created;
    expect(subscription.status).toBe("active");

    const list = await query("list", { sessionToken: owner.sessionToken });
    expect(list.data).toMatchObject({
      subscriptions: [{ id: subscription.id, lastDelivery: null }],
      allowance: { plan: "full", deliveriesToday: 0 },
    });
    // The secret is shown once: never in the list or the subscription's answer.
    expect(JSON.stringify(list.data)).not.toContain(secret);

    const arrived = receiver.next();
    const tested = await mutate("test", { ...owner, id: subscription.id });
    expect(tested.data).toMatchObject({ delivered: true, responseStatus: 204 });
    const received = await arrived;
    const headers = Object.fromEntries(
      Object.entries(received.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    expect(new Webhook(secret).verify(received.body, headers)).toMatchObject({
      type: "webhook.test",
    });

    const log = await query("deliveries", {
      sessionToken: owner.sessionToken,
      id: subscription.id,
    });
    expect(log.data).toMatchObject({
      deliveries: [],
      nextBefore: null,
      tests: [{ delivered: true, responseStatus: 204 }],
    });

    expect((await mutate("pause", { ...owner, id: subscription.id })).data).toMatchObject({
      status: "paused",
    });
    expect((await mutate("resume", { ...owner, id: subscription.id })).data).toMatchObject({
      status: "active",
    });
    const enabled = await mutate("enable", { ...owner, id: subscription.id });
    expect([enabled.status, enabled.message]).toEqual([
      409,
      WEBHOOK_MESSAGES.enableNotDisabled("active"),
    ]);
    expect((await mutate("remove", { ...owner, id: subscription.id })).status).toBe(200);
    const gone = await query("get", { sessionToken: owner.sessionToken, id: subscription.id });
    expect([gone.status, gone.message]).toEqual([404, WEBHOOK_MESSAGES.notFound]);
  });

  it("refuses a change without the session's CSRF token, and another account's subscription", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const created = await mutate("create", { ...owner, url: receiver.url(), filter: {} });
    const { subscription } = created.data as Created;

    const forged = await mutate("pause", {
      ...owner,
      csrfToken: other.csrfToken,
      id: subscription.id,
    });
    expect([forged.status, forged.message]).toEqual([403, ACCOUNT_MESSAGES.csrfRefused]);
    const noSession = await query("list", { sessionToken: "not-a-session" });
    expect([noSession.status, noSession.message]).toEqual([401, ACCOUNT_MESSAGES.sessionRequired]);

    for (const path of ["pause", "rotateSecret", "test", "remove"]) {
      const theirs = await mutate(path, { ...other, id: subscription.id });
      expect([theirs.status, theirs.message], path).toEqual([404, WEBHOOK_MESSAGES.notFound]);
    }
    const theirLog = await query("deliveries", {
      sessionToken: other.sessionToken,
      id: subscription.id,
    });
    expect(theirLog.status).toBe(404);
    expect(
      (await query("get", { sessionToken: owner.sessionToken, id: subscription.id })).data,
    ).toMatchObject({ status: "active" });
  });

  it("answers the service's refusals in its words: the filter, the URL, the plan's limit", async () => {
    const trial = await signedIn("trial");
    const badFilter = await mutate("create", {
      ...trial,
      url: receiver.url(),
      filter: { types: ["threshold.crossed"] },
    });
    expect([badFilter.status, badFilter.message]).toEqual([
      400,
      EVENT_FILTER_MESSAGES.typeWithoutThresholds,
    ]);
    const badUrl = await mutate("create", { ...trial, url: "ftp://example.com/", filter: {} });
    expect(badUrl.status).toBe(400);
    expect(badUrl.message).toMatch(/^Invalid 'url': /);

    expect((await mutate("create", { ...trial, url: receiver.url(), filter: {} })).status).toBe(
      200,
    );
    const second = await mutate("create", { ...trial, url: receiver.url(), filter: {} });
    expect(second.status).toBe(403);
    expect(second.message).toMatch(/already holds 1 webhook subscriptions/);
  });

  it("shows a rotated secret once and the time the previous one stops signing", async () => {
    const owner = await signedIn();
    const { subscription, secret } = (
      await mutate("create", { ...owner, url: receiver.url(), filter: {} })
    ).data as Created;
    const rotated = await mutate("rotateSecret", { ...owner, id: subscription.id });
    const answer = rotated.data as { secret: string; previousSecretExpiresAt: string };
    expect(answer.secret).not.toBe(secret);
    expect(Date.parse(answer.previousSecretExpiresAt)).toBeGreaterThan(NOW.getTime());
  });
});
