import { MARKETS } from "../../markets";
import {
  ACCOUNT_MESSAGES,
  TRIAL_KEY_CREATION_MESSAGE,
  UPGRADE_MESSAGES,
  VISITOR_ADDRESS_HEADER,
  type AccountPlan,
} from "@tpi/domain";
import { listAdminActions, listOutbox, setAccountRole } from "@tpi/db";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readEnv } from "../runtime/env";
import { DEFAULT_WEBSITE_ACCOUNT_SETTINGS } from "../core/deps";
import { ACCOUNT_COMMANDS } from "../cli/account-commands";
import { startTestApi, type HttpResult, type TestApi } from "../../testing/test-api";
import { createApiKey } from "./create-key";
import { signVisitorAddress, visitorKeyFrom } from "./visitor-address";

/**
 * The path from sign-up to a key without the operator's shell: the plan a sign-up gets is the
 * operator's choice (NEW_ACCOUNT_PLAN), and a trial asks for a paid plan that an admin approves
 * or refuses, with mail both ways.
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-upgrade-tests-0123";
const PASSWORD = "correct horse battery";
const internal = { authorization: `Bearer ${TOKEN}` };

type Answer = {
  status: number;
  data: Record<string, unknown>;
  error?: { message: string; data: { code: string } };
};

function client(api: () => TestApi) {
  let ip = 0;
  const visitor = () => {
    ip += 1;
    const address = `10.9.${Math.floor(ip / 250)}.${ip % 250}`;
    return {
      [VISITOR_ADDRESS_HEADER]: signVisitorAddress(visitorKeyFrom(TOKEN), address, Date.now()),
    };
  };
  const read = (res: HttpResult): Answer => {
    const body = res.body as {
      result?: { data: Record<string, unknown> };
      error?: Answer["error"];
    };
    // A query may answer null (no request yet): kept as null, not made an object.
    return { status: res.status, data: body.result ? body.result.data : {}, error: body.error };
  };
  const mutate = async (path: string, input: unknown, anonymous = false) =>
    read(
      await api().post(
        `/trpc/account.${path}`,
        input,
        anonymous ? { ...internal, ...visitor() } : internal,
      ),
    );
  const query = async (path: string, input?: unknown) =>
    read(
      await api().get(
        `/trpc/account.${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        internal,
      ),
    );
  const formToken = async () => {
    const token = (await query("formToken")).data.token as string;
    return { cookie: token, form: token };
  };
  const mailsTo = async (email: string) =>
    (await listOutbox(api().db)).filter((mail) => mail.to === email);
  const signIn = async (email: string) =>
    mutate("signIn", { email, password: PASSWORD, formToken: await formToken() }, true);
  /** Signs up, opens the mailed link, signs in: what a visitor does, no operator involved. */
  const verifiedSession = async (email: string) => {
    expect(
      (await mutate("signUp", { email, password: PASSWORD, formToken: await formToken() }, true))
        .status,
    ).toBe(200);
    // Before the mailed link is opened the account cannot sign in, so it cannot reach a key.
    const early = await signIn(email);
    expect(early.status).toBe(403);
    expect(early.error?.message).toBe(ACCOUNT_MESSAGES.emailNotVerified);
    const [verify] = (await mailsTo(email)).filter((mail) => mail.kind === "verify");
    const token = /token=([A-Za-z0-9_-]+)/.exec(verify?.textBody ?? "")?.[1];
    expect((await mutate("verifyEmail", { token })).status).toBe(200);
    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    const { sessionToken, csrfToken } = signedIn.data as {
      sessionToken: string;
      csrfToken: string;
    };
    const me = await query("me", { sessionToken });
    const account = (
      me.data as { account: { id: string; plan: AccountPlan; trialEndsAt: string | null } }
    ).account;
    return { sessionToken, csrfToken, account };
  };
  return { mutate, query, mailsTo, verifiedSession };
}

describe("NEW_ACCOUNT_PLAN=premium: a key at once after the address is confirmed", () => {
  let api: TestApi;
  const c = client(() => api);
  beforeAll(async () => {
    api = await startTestApi({
      now: NOW,
      internalToken: TOKEN,
      configure: (deps) => ({
        ...deps,
        websiteAccounts: { ...DEFAULT_WEBSITE_ACCOUNT_SETTINGS, newAccountPlan: "premium" },
      }),
    });
  });
  afterAll(async () => api.close());

  it("a sign-up is premium, without a trial end, and creates a key that the api accepts", async () => {
    expect((await c.query("newAccountTerms")).data).toEqual({
      plan: "premium",
      trialPeriodHours: 72,
    });
    const user = await c.verifiedSession("paid@example.com");
    expect(user.account.plan).toBe("premium");
    expect(user.account.trialEndsAt).toBeNull();
    const created = await c.mutate("keys.create", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      name: "laptop",
    });
    expect(created.status).toBe(200);
    const key = created.data.key as string;
    // The key works: it authenticates at the api, and a paid plan's key may make another.
    const another = await api.post(
      "/api/create-api-key",
      { name: "from the key" },
      { authorization: `Bearer ${key}` },
    );
    expect(another.status).toBe(201);
    // A paid account has nothing to request.
    const asked = await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "full",
    });
    expect(asked.status).toBe(400);
    expect(asked.error?.message).toBe(UPGRADE_MESSAGES.notTrial);
  });
});

describe("NEW_ACCOUNT_PLAN=trial (default): request, approve or refuse, mails both ways", () => {
  let api: TestApi;
  const c = client(() => api);
  beforeAll(async () => {
    api = await startTestApi({ now: NOW, internalToken: TOKEN });
  });
  afterAll(async () => api.close());
  afterEach(() => vi.restoreAllMocks());

  async function admin(email: string) {
    const session = await c.verifiedSession(email);
    await setAccountRole(api.db, { email }, "admin");
    return session;
  }

  it("a trial sign-up ends after the trial period and may not create keys (the contract's 403)", async () => {
    expect((await c.query("newAccountTerms")).data).toEqual({
      plan: "trial",
      trialPeriodHours: 72,
    });
    const user = await c.verifiedSession("trial@example.com");
    expect(user.account.plan).toBe("trial");
    expect(user.account.trialEndsAt).toBe(new Date(NOW.getTime() + 72 * 3_600_000).toISOString());
    const created = await c.mutate("keys.create", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      name: "laptop",
    });
    expect(created.status).toBe(403);
    expect(created.error?.message).toBe(TRIAL_KEY_CREATION_MESSAGE);
    // A key an operator gave the trial: the REST route answers the contract's 403 shape.
    const given = await createApiKey(api.db, {
      accountId: user.account.id,
      name: "given",
      maxKeysPerAccount: 5,
    });
    if (!given.ok) throw given.error;
    const rest = await api.post(
      "/api/create-api-key",
      { name: "more" },
      { authorization: `Bearer ${given.value.key}` },
    );
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ success: false, error: TRIAL_KEY_CREATION_MESSAGE });
  });

  it("a request reaches every confirmed admin; approval sets the plan, clears the trial, mails the user", async () => {
    const boss = await admin("boss@example.com");
    const user = await c.verifiedSession("asks@example.com");
    const sent = await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "full",
      message: "  For our research group.  ",
    });
    expect(sent.status).toBe(200);
    expect(sent.data.message).toBe(UPGRADE_MESSAGES.requestSent);
    const [toAdmin] = (await c.mailsTo("boss@example.com")).filter(
      (mail) => mail.kind === "upgrade-requested",
    );
    expect(toAdmin?.subject).toBe("Upgrade request: asks@example.com asks for Full");
    expect(toAdmin?.textBody).toContain("For our research group.");
    expect(toAdmin?.textBody).toContain("http://localhost:3000/account/admin");

    const mine = await c.query("upgrades.mine", { sessionToken: user.sessionToken });
    expect(mine.data).toMatchObject({ plan: "full", decision: null, createdAt: NOW.toISOString() });

    // One pending request per account.
    const again = await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "premium",
    });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe(UPGRADE_MESSAGES.alreadyPending);

    const pending = await c.query("upgrades.pending", { sessionToken: boss.sessionToken });
    expect(pending.status).toBe(200);
    const list = pending.data as unknown as { id: string; account: string; plan: string }[];
    const request = list.find((item) => item.account === "asks@example.com");
    expect(request?.plan).toBe("full");

    // Not an admin: 403, and nothing changes.
    const byUser = await c.mutate("upgrades.approve", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      requestId: request?.id,
    });
    expect(byUser.status).toBe(403);
    expect(byUser.error?.message).toBe(ACCOUNT_MESSAGES.adminRequired);
    expect((await c.query("upgrades.pending", { sessionToken: user.sessionToken })).status).toBe(
      403,
    );

    const approved = await c.mutate("upgrades.approve", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId: request?.id,
    });
    expect(approved.status).toBe(200);
    const me = await c.query("me", { sessionToken: user.sessionToken });
    expect(
      (me.data as { account: { plan: string; trialEndsAt: string | null } }).account,
    ).toMatchObject({
      plan: "full",
      trialEndsAt: null,
    });
    const [toUser] = (await c.mailsTo("asks@example.com")).filter(
      (mail) => mail.kind === "upgrade-approved",
    );
    expect(toUser?.subject).toBe("Your Token Price Index account is now Full");
    const [logged] = await listAdminActions(api.db, 1);
    expect(logged).toMatchObject({
      action: "approve-upgrade",
      actor: `account:${boss.account.id} boss@example.com`,
      target: `account:${user.account.id}`,
      at: NOW,
    });
    // Decided once: a second approval finds no pending request.
    const twice = await c.mutate("upgrades.approve", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId: request?.id,
    });
    expect(twice.status).toBe(404);
    expect(twice.error?.message).toBe(UPGRADE_MESSAGES.requestNotFound);
    // And the key follows at once.
    const created = await c.mutate("keys.create", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      name: "now allowed",
    });
    expect(created.status).toBe(200);
  });

  it("a refusal needs a reason, keeps the trial, mails the reason; the user may ask again", async () => {
    const boss = await admin("chief@example.com");
    const user = await c.verifiedSession("refused@example.com");
    await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "premium",
    });
    const mine = await c.query("upgrades.mine", { sessionToken: user.sessionToken });
    const requestId = mine.data.id as string;
    const noReason = await c.mutate("upgrades.refuse", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId,
      reason: "   ",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe(UPGRADE_MESSAGES.reasonRequired);
    const refused = await c.mutate("upgrades.refuse", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId,
      reason: "Please use your work address.",
    });
    expect(refused.status).toBe(200);
    const me = await c.query("me", { sessionToken: user.sessionToken });
    expect((me.data as { account: { plan: string } }).account.plan).toBe("trial");
    const [toUser] = (await c.mailsTo("refused@example.com")).filter(
      (mail) => mail.kind === "upgrade-refused",
    );
    expect(toUser?.textBody).toContain("Please use your work address.");
    const [logged] = await listAdminActions(api.db, 1);
    expect(logged).toMatchObject({
      action: "refuse-upgrade",
      details: {
        requestId,
        plan: "premium",
        from: "trial",
        reason: "Please use your work address.",
      },
    });
    const after = await c.query("upgrades.mine", { sessionToken: user.sessionToken });
    expect(after.data).toMatchObject({
      decision: "refused",
      refusalReason: "Please use your work address.",
    });
    const again = await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "full",
    });
    expect(again.status).toBe(200);
  });

  it("two requests sent at once: one is stored, the other refused (one pending per account)", async () => {
    const user = await c.verifiedSession("twice@example.com");
    const change = { sessionToken: user.sessionToken, csrfToken: user.csrfToken };
    const answers = await Promise.all([
      c.mutate("upgrades.request", { ...change, plan: "premium" }),
      c.mutate("upgrades.request", { ...change, plan: "full" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const pendingRows = await api.db.upgradeRequest.count({
      where: { accountId: user.account.id, decidedAt: null },
    });
    expect(pendingRows).toBe(1);
  });

  it("bad input is a 400 with the domain's words and stores nothing", async () => {
    const boss = await admin("head@example.com");
    const user = await c.verifiedSession("bad@example.com");
    const change = { sessionToken: user.sessionToken, csrfToken: user.csrfToken };
    const wrongPlan = await c.mutate("upgrades.request", { ...change, plan: "trial" });
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.error?.message).toBe(UPGRADE_MESSAGES.invalidPlan);
    const long = await c.mutate("upgrades.request", {
      ...change,
      plan: "full",
      message: "x".repeat(1_001),
    });
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe(UPGRADE_MESSAGES.messageTooLong);
    const noCsrf = await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: "x",
      plan: "full",
    });
    expect(noCsrf.status).toBe(403);
    const badId = await c.mutate("upgrades.approve", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId: "not-a-uuid",
    });
    expect(badId.status).toBe(400);
    const unknown = await c.mutate("upgrades.refuse", {
      sessionToken: boss.sessionToken,
      csrfToken: boss.csrfToken,
      requestId: "00000000-0000-4000-8000-000000000000",
      reason: "no",
    });
    expect(unknown.status).toBe(404);
    expect((await c.query("upgrades.mine", { sessionToken: user.sessionToken })).data).toBeNull();
  });

  it("OPERATOR_MAIL, when set, is who hears of a request; the command line lists and decides", async () => {
    await api.close();
    api = await startTestApi({
      now: NOW,
      internalToken: TOKEN,
      configure: (deps) => ({
        ...deps,
        websiteAccounts: { ...DEFAULT_WEBSITE_ACCOUNT_SETTINGS, operatorMail: ["ops@example.com"] },
      }),
    });
    await admin("quiet-admin@example.com");
    const user = await c.verifiedSession("cli@example.com");
    await c.mutate("upgrades.request", {
      sessionToken: user.sessionToken,
      csrfToken: user.csrfToken,
      plan: "premium",
    });
    expect((await c.mailsTo("ops@example.com")).map((mail) => mail.kind)).toEqual([
      "upgrade-requested",
    ]);
    expect(
      (await c.mailsTo("quiet-admin@example.com")).filter(
        (mail) => mail.kind === "upgrade-requested",
      ),
    ).toEqual([]);

    const env = readEnv(MARKETS, { DATABASE_URL: api.databaseUrl, LOG_LEVEL: "silent" });
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) =>
      printed.push(parts.join(" ")),
    );
    const context = { env, log: api.deps.log, markets: MARKETS };
    await ACCOUNT_COMMANDS.commands.upgrades?.(["list"], context);
    const line = printed.find((text) => text.includes("cli@example.com"));
    const id = line?.split(" ")[0] ?? "";
    expect(line).toContain("asks for premium");
    await ACCOUNT_COMMANDS.commands.upgrades?.(["approve", "--id", id], context);
    expect(printed.at(-1)).toContain("is now on plan premium");
    const me = await c.query("me", { sessionToken: user.sessionToken });
    expect((me.data as { account: { plan: string } }).account.plan).toBe("premium");
    const [logged] = await listAdminActions(api.db, 1);
    expect(logged).toMatchObject({ action: "approve-upgrade", actor: "cli" });
    await expect(
      ACCOUNT_COMMANDS.commands.upgrades?.(["refuse", "--id", id], context),
    ).rejects.toThrow(/--reason/);
  });
});
