import { MARKETS } from "../../markets";
import {
  ACCOUNT_MESSAGES,
  PASSWORD_RESET_PER_EMAIL_AND_ADDRESS_LIMIT,
  PASSWORD_RESET_PER_EMAIL_LIMIT,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT,
  SIGN_UP_PER_ADDRESS_LIMIT,
  TRIAL_KEY_CREATION_MESSAGE,
  VISITOR_ADDRESS_HEADER,
  keyLimitMessage,
} from "@tpi/domain";
import { listApiKeys, listOutbox, setAccountPlan } from "@tpi/db";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mailSettingsFrom, readEnv } from "../runtime/env";
import { ACCOUNT_COMMANDS } from "../cli/account-commands";
import { startTestApi, type HttpResult, type TestApi } from "../../testing/test-api";
import { SecretLog } from "../../testing/secret-log";
import { flushOutbox, logTransport } from "./mailer";
import { passwordHashing } from "./password-hash";
import { signVisitorAddress, visitorKeyFrom } from "./visitor-address";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-account-tests-0123";
const MAX_KEYS = 2;
const PASSWORD = "correct horse battery";

/**
 * Everything the api logs during these tests (and the CLI, and the mails, flushed at the end as
 * production sends them), with every secret the tests handled: the last test requires that no
 * line holds one.
 */
const logged = new SecretLog();
logged.secret(TOKEN, "the internal token");
logged.secret(PASSWORD, "a password");

let api: TestApi;
/**
 * What the outbox held each time the accounts woke it (`mailQueued`): the mails to whom, read
 * from another connection, so a wake before the commit would find the new mail missing.
 */
const outboxAtWake: Promise<string[]>[] = [];
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    internalToken: TOKEN,
    log: logged.log,
    configure: (deps) => ({
      ...deps,
      maxKeysPerAccount: MAX_KEYS,
      mailQueued: () =>
        outboxAtWake.push(listOutbox(api.db).then((mails) => mails.map((mail) => mail.to))),
    }),
  });
});
afterAll(async () => api.close());
afterEach(() => vi.restoreAllMocks());

type TrpcAnswer = {
  status: number;
  data: Record<string, unknown> & Record<string, never>;
  error?: { message: string; data: { code: string; error?: string; retryAfterSeconds?: number } };
  res: HttpResult;
};

const internal = { authorization: `Bearer ${TOKEN}` };
const VISITOR_KEY = visitorKeyFrom(TOKEN);

/** The header the website's server sends with an anonymous form: the visitor's address, signed. */
function from(address: string): Record<string, string> {
  return { [VISITOR_ADDRESS_HEADER]: signVisitorAddress(VISITOR_KEY, address, Date.now()) };
}

async function answer(res: HttpResult): Promise<TrpcAnswer> {
  const body = res.body as { result?: { data: never }; error?: TrpcAnswer["error"] };
  logged.secretsIn(body.result?.data, "an answer");
  return { status: res.status, data: body.result?.data ?? ({} as never), error: body.error, res };
}

/** A mutation; `address` is the visitor the website signs for (anonymous forms). */
async function mutate(path: string, input: unknown, address?: string): Promise<TrpcAnswer> {
  logged.secretsIn(input, "an input");
  const headers = address === undefined ? internal : { ...internal, ...from(address) };
  return answer(await api.post(`/trpc/account.${path}`, input, headers));
}

async function query(path: string, input?: unknown): Promise<TrpcAnswer> {
  logged.secretsIn(input, "an input");
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return answer(await api.get(`/trpc/account.${path}${search}`, internal));
}

async function formToken(): Promise<{ cookie: string; form: string }> {
  const { data } = await query("formToken");
  const token = data.token as unknown as string;
  return { cookie: token, form: token };
}

let ipCounter = 0;
/** A fresh client address per call, so that only the tests about limits meet them. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.1`;
};

async function mailsTo(email: string) {
  const mails = (await listOutbox(api.db)).filter((mail) => mail.to === email);
  for (const mail of mails)
    for (const [, token] of mail.textBody.matchAll(/token=([A-Za-z0-9_-]+)/g))
      logged.secret(token ?? "", `the link token of a ${mail.kind} mail`);
  return mails;
}

function linkToken(body: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no link in ${body}`);
  return match[1];
}

async function signUp(email: string, password = PASSWORD) {
  return mutate("signUp", { email, password, formToken: await formToken() }, freshIp());
}

async function signIn(
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
  address = freshIp(),
) {
  return mutate("signIn", { email, password, formToken: await formToken(), ...extra }, address);
}

/** Signs up, confirms the address through the mailed link, signs in. */
async function verifiedSession(email: string) {
  expect((await signUp(email)).status).toBe(200);
  const [mail] = await mailsTo(email);
  expect((await mutate("verifyEmail", { token: linkToken(mail?.textBody ?? "") })).status).toBe(
    200,
  );
  const signedIn = await signIn(email);
  expect(signedIn.status).toBe(200);
  const { sessionToken, csrfToken } = signedIn.data as unknown as {
    sessionToken: string;
    csrfToken: string;
  };
  const me = await query("me", { sessionToken });
  const accountId = (me.data.account as unknown as { id: string }).id;
  return { sessionToken, csrfToken, accountId };
}

describe("sign-up", () => {
  it("creates a trial account with a scrypt hash and mails a verification link", async () => {
    const res = await signUp("  New.User@Example.com ");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ message: ACCOUNT_MESSAGES.signUpCheckMail });
    const row = await api.db.account.findUniqueOrThrow({
      where: { email: "new.user@example.com" },
    });
    expect(row.plan).toBe("trial");
    expect(row.role).toBe("user");
    expect(row.passwordHash).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
    const [mail] = await mailsTo("new.user@example.com");
    expect(mail?.kind).toBe("verify");
    expect(mail?.textBody).toContain("http://localhost:3000/account/verify-email?token=");
    // Only the token's hash is stored.
    const stored = await api.db.emailToken.findFirstOrThrow({ where: { accountId: row.id } });
    expect(stored.tokenHash).not.toBe(linkToken(mail?.textBody ?? ""));
  });

  it("wakes the mail outbox once the mail is committed, so it leaves without waiting for the next flush", async () => {
    outboxAtWake.length = 0;
    expect((await signUp("woken@example.com")).status).toBe(200);
    expect(outboxAtWake).toHaveLength(1);
    expect(await outboxAtWake[0]).toContain("woken@example.com");
  });

  it("answers an existing address exactly like a new one, mails its owner, and hashes in both", async () => {
    const derive = vi.spyOn(passwordHashing, "derive");
    const fresh = await signUp("owner@example.com");
    const derivationsNew = derive.mock.calls.length;
    const again = await signUp("OWNER@example.com", "another password!");
    expect(derive.mock.calls.length - derivationsNew).toBe(derivationsNew);
    expect(again.status).toBe(fresh.status);
    expect(again.data).toEqual(fresh.data);
    const mails = await mailsTo("owner@example.com");
    expect(mails.map((mail) => mail.kind)).toEqual(["verify", "already-registered"]);
    expect(await api.db.account.count({ where: { email: "owner@example.com" } })).toBe(1);
  });

  it("refuses a bad address or password with the domain's words", async () => {
    const bad = await signUp("not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(bad.error?.data.error).toBe("Bad request");
    expect((await signUp("short@example.com", "short")).error?.message).toBe(
      ACCOUNT_MESSAGES.passwordTooShort,
    );
    expect((await signUp("same@example.com", "same@example.com")).error?.message).toBe(
      ACCOUNT_MESSAGES.passwordIsEmail,
    );
  });

  it("is limited per visitor address: the next one is 429 with Retry-After, others go on", async () => {
    const address = freshIp();
    const attempt = async (n: number, from = address) =>
      mutate(
        "signUp",
        { email: `limited${n}@example.com`, password: PASSWORD, formToken: await formToken() },
        from,
      );
    for (let n = 0; n < SIGN_UP_PER_ADDRESS_LIMIT.limit; n++)
      expect((await attempt(n)).status).toBe(200);
    const refused = await attempt(99);
    expect(refused.status).toBe(429);
    expect(refused.error?.data.error).toBe("Too many requests");
    expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.res.headers.get("retry-after")).toBe(
      String(refused.error?.data.retryAfterSeconds),
    );
    expect(await api.db.account.count({ where: { email: "limited99@example.com" } })).toBe(0);
    // Sign-up stays open to every other visitor.
    expect((await attempt(100, freshIp())).status).toBe(200);
  });

  it("counts visitors without a valid signed address as one: a forged header gains nothing", async () => {
    const forger = visitorKeyFrom("not-the-internal-token-0123456789");
    const unsigned = (n: number) => ({
      [VISITOR_ADDRESS_HEADER]: signVisitorAddress(forger, `198.51.100.${n}`, Date.now()),
    });
    const stale = (n: number) => ({
      [VISITOR_ADDRESS_HEADER]: signVisitorAddress(
        VISITOR_KEY,
        `198.51.100.${n}`,
        Date.now() - 120_000,
      ),
    });
    // Each request claims another address; none is believed, so they share one allowance.
    const claims = [
      {},
      unsigned(1),
      unsigned(2),
      stale(3),
      { [VISITOR_ADDRESS_HEADER]: "198.51.100.4" },
      { [VISITOR_ADDRESS_HEADER]: "198.51.100.5;t=1;sig=x" },
    ];
    const statuses: number[] = [];
    for (const [n, claim] of claims.entries()) {
      const input = {
        email: `unverified${n}@example.com`,
        password: PASSWORD,
        formToken: await formToken(),
      };
      logged.secretsIn(input, "an input");
      const res = await api.post("/trpc/account.signUp", input, { ...internal, ...claim });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The header's address itself, correctly signed, is its own visitor.
    expect(
      (
        await mutate(
          "signUp",
          { email: "signed@example.com", password: PASSWORD, formToken: await formToken() },
          "198.51.100.1",
        )
      ).status,
    ).toBe(200);
  });

  it("takes no address from the input: the website's old clientIp field is refused", async () => {
    const res = await mutate(
      "signUp",
      {
        email: "old@example.com",
        password: PASSWORD,
        clientIp: "1.2.3.4",
        formToken: await formToken(),
      },
      freshIp(),
    );
    expect(res.status).toBe(400);
  });
});

describe("CSRF on the anonymous forms", () => {
  it("refuses a missing, mismatched, forged or expired form token and changes nothing", async () => {
    const good = await formToken();
    const other = await formToken();
    const forged = `${Date.now()}.AAAAAAAAAAAAAAAAAAAAAA.${"A".repeat(43)}`;
    const cases = [
      { cookie: "", form: "" },
      { cookie: good.cookie, form: other.form },
      { cookie: forged, form: forged },
    ];
    for (const token of cases) {
      const res = await mutate(
        "signUp",
        { email: "csrf@example.com", password: PASSWORD, formToken: token },
        freshIp(),
      );
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe(ACCOUNT_MESSAGES.csrfRefused);
    }
    api.clock.now = new Date(NOW.getTime() + 3 * 3_600_000);
    try {
      const late = await mutate(
        "signUp",
        { email: "csrf@example.com", password: PASSWORD, formToken: good },
        freshIp(),
      );
      expect(late.status).toBe(403);
    } finally {
      api.clock.now = NOW;
    }
    expect(await api.db.account.count({ where: { email: "csrf@example.com" } })).toBe(0);
    expect(await mailsTo("csrf@example.com")).toEqual([]);
  });
});

describe("sign-in", () => {
  it("needs a confirmed address, then gives a session with the cookie's attributes", async () => {
    expect((await signUp("ada@example.com")).status).toBe(200);
    const early = await signIn("ada@example.com");
    expect(early.status).toBe(403);
    expect(early.error?.message).toBe(ACCOUNT_MESSAGES.emailNotVerified);
    const mails = await mailsTo("ada@example.com");
    expect(mails).toHaveLength(2); // a new link with the refusal
    const token = linkToken(mails[1]?.textBody ?? "");
    expect((await mutate("verifyEmail", { token })).data).toEqual({
      message: ACCOUNT_MESSAGES.emailVerified,
    });
    const reused = await mutate("verifyEmail", { token });
    expect(reused.status).toBe(400);
    expect(reused.error?.message).toBe(ACCOUNT_MESSAGES.invalidEmailToken);

    const res = await signIn("ADA@example.com");
    expect(res.status).toBe(200);
    expect(res.data.cookie).toEqual({
      name: "__Host-tpi_session",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      path: "/",
      maxAgeSeconds: 14 * 24 * 3600,
    });
    const sessionToken = res.data.sessionToken as unknown as string;
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await api.db.webSession.findMany();
    expect(stored.some((row) => row.tokenHash === sessionToken)).toBe(false);
    const me = await query("me", { sessionToken });
    expect(me.status).toBe(200);
    expect(me.data.account).toMatchObject({
      email: "ada@example.com",
      plan: "trial",
      role: "user",
      emailVerified: true,
      keyCreationRefusal: TRIAL_KEY_CREATION_MESSAGE,
    });
    expect(me.data.csrfToken).toBe(res.data.csrfToken);
  });

  it("answers an unknown address and a wrong password alike, one derivation each", async () => {
    await verifiedSession("grace@example.com");
    const derive = vi.spyOn(passwordHashing, "derive");
    const wrong = await signIn("grace@example.com", "wrong password here");
    expect(derive).toHaveBeenCalledTimes(1);
    const unknown = await signIn("nobody@example.com", "wrong password here");
    expect(derive).toHaveBeenCalledTimes(2);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.error?.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      expect(res.error?.data.error).toBe("Unauthorized");
    }
  });

  it("limits one visitor's failures on an account: 429 with Retry-After for that visitor only", async () => {
    await verifiedSession("target@example.com");
    const guesser = freshIp();
    for (let n = 0; n < SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT.limit; n++)
      expect((await signIn("target@example.com", `guess number ${n}`, {}, guesser)).status).toBe(
        401,
      );
    // The right password does not help the guesser once its allowance is spent...
    const refused = await signIn("target@example.com", PASSWORD, {}, guesser);
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(/^Too many attempts\. Retry after \d+ seconds\.$/);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // ...and the owner, from another address, signs in.
    expect((await signIn("target@example.com", PASSWORD, {}, freshIp())).status).toBe(200);
  });

  it("never promotes a token held before sign-in (fixation) and rotates on every sign-in", async () => {
    const first = await verifiedSession("fix@example.com");
    const planted = "planted-token-planted-token-planted-token-1";
    expect((await query("me", { sessionToken: planted })).status).toBe(401);
    const second = await signIn("fix@example.com", PASSWORD, {
      previousSessionToken: first.sessionToken,
    });
    const secondToken = second.data.sessionToken as unknown as string;
    expect(secondToken).not.toBe(first.sessionToken);
    expect(secondToken).not.toBe(planted);
    expect((await query("me", { sessionToken: first.sessionToken })).status).toBe(401);
    expect((await query("me", { sessionToken: planted })).status).toBe(401);
    expect((await query("me", { sessionToken: secondToken })).status).toBe(200);
  });

  it("ends a session after 24 hours idle", async () => {
    const { sessionToken } = await verifiedSession("idle@example.com");
    api.clock.now = new Date(NOW.getTime() + 24 * 3_600_000);
    try {
      const res = await query("me", { sessionToken });
      expect(res.status).toBe(401);
      expect(res.error?.message).toBe(ACCOUNT_MESSAGES.sessionRequired);
    } finally {
      api.clock.now = NOW;
    }
  });
});

describe("signed-in changes need the session's CSRF token", () => {
  it("sign-out with a wrong token is refused and changes nothing; with the right one it ends the session", async () => {
    const { sessionToken, csrfToken } = await verifiedSession("out@example.com");
    for (const wrong of ["", "x", csrfToken.slice(1) + "A"]) {
      const res = await mutate("signOut", { sessionToken, csrfToken: wrong });
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe(ACCOUNT_MESSAGES.csrfRefused);
    }
    expect((await query("me", { sessionToken })).status).toBe(200);
    const out = await mutate("signOut", { sessionToken, csrfToken });
    expect(out.data).toEqual({ message: ACCOUNT_MESSAGES.signedOut });
    expect((await query("me", { sessionToken })).status).toBe(401);
  });

  it("another session's CSRF token does not work", async () => {
    const a = await verifiedSession("csrf-a@example.com");
    const b = await verifiedSession("csrf-b@example.com");
    await setAccountPlan(api.db, a.accountId, "full", null);
    const res = await mutate("keys.create", {
      sessionToken: a.sessionToken,
      csrfToken: b.csrfToken,
      name: "x",
    });
    expect(res.status).toBe(403);
    expect(await listApiKeys(api.db, a.accountId)).toEqual([]);
  });
});

describe("sessions", () => {
  it("lists the account's live sessions and signs out every other one", async () => {
    const first = await verifiedSession("two.browsers@example.com");
    const secondSignIn = await signIn("two.browsers@example.com");
    const second = secondSignIn.data.sessionToken as unknown as string;
    type Listed = { id: string; current: boolean; createdAt: string; endsAt: string };
    const listed = async (sessionToken: string) =>
      (await query("sessions", { sessionToken })).data as unknown as Listed[];

    const seenByFirst = await listed(first.sessionToken);
    expect(seenByFirst).toHaveLength(2);
    expect(seenByFirst.filter((entry) => entry.current)).toHaveLength(1);
    const seenBySecond = await listed(second);
    expect(seenBySecond.find((entry) => entry.current)?.id).not.toBe(
      seenByFirst.find((entry) => entry.current)?.id,
    );
    // Another account's sessions are never listed.
    await verifiedSession("someone.else@example.com");
    expect(await listed(first.sessionToken)).toHaveLength(2);

    // A session that ended by itself (unused for two days) is neither listed nor counted.
    const idleSince = new Date(NOW.getTime() - 2 * 86_400_000);
    await api.db.webSession.create({
      data: {
        accountId: first.accountId,
        tokenHash: "ended-by-itself",
        createdAt: idleSince,
        expiresAt: new Date(idleSince.getTime() + 14 * 86_400_000),
        lastSeenAt: idleSince,
      },
    });
    expect(await listed(first.sessionToken)).toHaveLength(2);

    const forged = await mutate("signOutOthers", {
      sessionToken: first.sessionToken,
      csrfToken: "forged",
    });
    expect(forged.status).toBe(403);
    expect((await query("me", { sessionToken: second })).status).toBe(200);

    const done = await mutate("signOutOthers", {
      sessionToken: first.sessionToken,
      csrfToken: first.csrfToken,
    });
    expect(done.data).toEqual({ message: ACCOUNT_MESSAGES.otherSessionsSignedOut, ended: 1 });
    expect((await query("me", { sessionToken: second })).status).toBe(401);
    expect((await query("me", { sessionToken: first.sessionToken })).status).toBe(200);
    expect((await listed(first.sessionToken)).map((entry) => entry.current)).toEqual([true]);
    expect((await query("sessions", { sessionToken: second })).status).toBe(401);
  });
});

describe("password reset", () => {
  const askReset = async (email: string, address = freshIp()) =>
    mutate("requestPasswordReset", { email, formToken: await formToken() }, address);

  it("limits one visitor's requests for an address; the owner elsewhere can still ask", async () => {
    await verifiedSession("pestered@example.com");
    const pest = freshIp();
    for (let i = 0; i < PASSWORD_RESET_PER_EMAIL_AND_ADDRESS_LIMIT.limit; i += 1)
      expect((await askReset("pestered@example.com", pest)).status).toBe(200);
    const refused = await askReset("pestered@example.com", pest);
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toMatch(/^Too many attempts\. Retry after \d+ seconds?\.$/);
    expect((await askReset("pestered@example.com")).status).toBe(200);
  });

  it("bounds the mail to one address, known or not, from any number of visitors", async () => {
    await verifiedSession("often@example.com");
    for (const email of ["often@example.com", "never.registered@example.com"]) {
      for (let i = 0; i < PASSWORD_RESET_PER_EMAIL_LIMIT.limit; i += 1)
        expect((await askReset(email)).status, `${email} #${i + 1}`).toBe(200);
      const refused = await askReset(email);
      expect(refused.status, email).toBe(429);
      expect(refused.error?.message, email).toMatch(
        /^Too many attempts\. Retry after \d+ seconds?\.$/,
      );
    }
    expect((await mailsTo("never.registered@example.com")).map((m) => m.kind)).toEqual(
      Array.from({ length: PASSWORD_RESET_PER_EMAIL_LIMIT.limit }, () => "no-account"),
    );
  });

  it("answers alike for unknown addresses, changes the password and ends every session", async () => {
    const { sessionToken } = await verifiedSession("reset@example.com");
    const unknown = await askReset("ghost@example.com");
    const known = await askReset("reset@example.com");
    expect(unknown.data).toEqual({ message: ACCOUNT_MESSAGES.resetCheckMail });
    expect(known.data).toEqual(unknown.data);
    // The unknown address is told that no account uses it: no link, nothing created.
    const ghostMails = await mailsTo("ghost@example.com");
    expect(ghostMails.map((m) => m.kind)).toEqual(["no-account"]);
    expect(ghostMails[0]?.textBody).toContain("http://localhost:3000/account/sign-up");
    expect(ghostMails[0]?.textBody).not.toContain("token=");
    const mail = (await mailsTo("reset@example.com")).find((m) => m.kind === "reset");
    expect(mail?.textBody).toContain("http://localhost:3000/account/reset-password?token=");
    const token = linkToken(mail?.textBody ?? "");

    // A refused password does not spend the link.
    const weak = await mutate("resetPassword", {
      token,
      password: "short",
      formToken: await formToken(),
    });
    expect(weak.error?.message).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    const noCsrf = await mutate("resetPassword", {
      token,
      password: "a brand new password",
      formToken: { cookie: "a", form: "b" },
    });
    expect(noCsrf.status).toBe(403);
    expect((await query("me", { sessionToken })).status).toBe(200);

    const done = await mutate("resetPassword", {
      token,
      password: "a brand new password",
      formToken: await formToken(),
    });
    expect(done.data).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await query("me", { sessionToken })).status).toBe(401);
    expect((await signIn("reset@example.com")).status).toBe(401);
    expect((await signIn("reset@example.com", "a brand new password")).status).toBe(200);
    const again = await mutate("resetPassword", {
      token,
      password: "another new password",
      formToken: await formToken(),
    });
    expect(again.error?.message).toBe(ACCOUNT_MESSAGES.invalidEmailToken);
  });
});

describe("the account's keys", () => {
  it("trial accounts are refused in the api's 403 words", async () => {
    const { sessionToken, csrfToken } = await verifiedSession("trial@example.com");
    const res = await mutate("keys.create", { sessionToken, csrfToken, name: "bot" });
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe(TRIAL_KEY_CREATION_MESSAGE);
    expect(res.error?.data.error).toBe("Forbidden");
  });

  it("paid accounts create (shown once), list, hit the per-account limit and revoke; REST refuses the revoked key at once", async () => {
    const { sessionToken, csrfToken, accountId } = await verifiedSession("paid@example.com");
    await setAccountPlan(api.db, accountId, "premium", null);
    const created = await mutate("keys.create", { sessionToken, csrfToken, name: " deploy bot " });
    expect(created.status).toBe(200);
    const key = created.data as unknown as { key: string; id: string; name: string };
    expect(key.key).toMatch(/^tpi_sk_/);
    expect(key.name).toBe("deploy bot");
    expect((await mutate("keys.create", { sessionToken, csrfToken, name: "two" })).status).toBe(
      200,
    );
    const third = await mutate("keys.create", { sessionToken, csrfToken, name: "three" });
    expect(third.status).toBe(409);
    expect(third.error?.message).toBe(keyLimitMessage(MAX_KEYS));

    const listed = await query("keys.list", { sessionToken });
    expect(JSON.stringify(listed.data)).not.toContain(key.key);
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: key.id,
        name: "deploy bot",
        lastUsedAt: null,
        revokedAt: null,
      }),
      expect.objectContaining({ name: "two" }),
    ]);

    const bearer = { authorization: `Bearer ${key.key}` };
    expect((await api.get("/api/otpi", bearer)).status).not.toBe(401);
    const revoked = await mutate("keys.revoke", { sessionToken, csrfToken, keyId: key.id });
    expect(revoked.status).toBe(200);
    const refused = await api.get("/api/otpi", bearer);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "Unauthorized", message: "API key is inactive" });
  });

  it("cannot revoke another account's key", async () => {
    const owner = await api.createKey("full");
    const { sessionToken, csrfToken } = await verifiedSession("thief@example.com");
    const res = await mutate("keys.revoke", { sessionToken, csrfToken, keyId: owner.keyId });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe(ACCOUNT_MESSAGES.keyNotFound);
    const [key] = await listApiKeys(api.db, owner.accountId);
    expect(key?.revokedAt).toBeNull();
  });

  it("usage: requests per key per UTC day after a flush, and the current minute's chat window", async () => {
    const { sessionToken, csrfToken, accountId } = await verifiedSession("usage@example.com");
    await setAccountPlan(api.db, accountId, "full", null);
    const created = await mutate("keys.create", { sessionToken, csrfToken, name: "meter" });
    const key = created.data as unknown as { key: string; id: string };
    const bearer = { authorization: `Bearer ${key.key}` };
    for (let n = 0; n < 3; n++) await api.get("/api/otpi", bearer);
    await api.post("/api/chat", { message: "hello" }, bearer);
    const before = await query("usage", { sessionToken });
    type Usage = {
      days: string[];
      keys: {
        keyId: string;
        requestsPerDay: { day: string; requests: number }[];
        currentMinute: { limiter: string; limit: number; used: number; resetsAt: string | null };
      }[];
    };
    const unflushed = before.data as unknown as Usage;
    expect(unflushed.days).toHaveLength(30);
    expect(unflushed.days.at(-1)).toBe("2026-11-20");
    expect(unflushed.keys[0]?.requestsPerDay.at(-1)).toEqual({ day: "2026-11-20", requests: 0 });
    expect(unflushed.keys[0]?.currentMinute).toMatchObject({ limiter: "chat", used: 1 });

    await api.deps.auth.flushLastUsed();
    const after = (await query("usage", { sessionToken })).data as unknown as Usage;
    expect(after.keys[0]?.requestsPerDay.at(-1)).toEqual({ day: "2026-11-20", requests: 4 });
    const [listed] = (await query("keys.list", { sessionToken })).data as unknown as {
      lastUsedAt: string | null;
    }[];
    expect(listed?.lastUsedAt).toBe(NOW.toISOString());
  });
});

describe("operators", () => {
  it("admin procedures need the admin role, granted on the command line; actions are recorded", async () => {
    const admin = await verifiedSession("admin@example.com");
    const refused = await query("admin.accounts", { sessionToken: admin.sessionToken });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(ACCOUNT_MESSAGES.adminRequired);

    const env = readEnv(MARKETS, { DATABASE_URL: api.databaseUrl, LOG_LEVEL: "silent" });
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) =>
      printed.push(parts.join(" ")),
    );
    await ACCOUNT_COMMANDS.commands.accounts?.(["grant-admin", "ADMIN@example.com"], {
      env,
      log: logged.log,
      markets: MARKETS,
    });
    vi.restoreAllMocks();
    expect(printed.join("\n")).toContain("granted the admin role to account");

    const customer = await verifiedSession("customer@example.com");
    const accounts = await query("admin.accounts", { sessionToken: admin.sessionToken });
    expect(accounts.status).toBe(200);
    expect(accounts.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: customer.accountId, plan: "trial", role: "user" }),
      ]),
    );
    const noCsrf = await mutate("admin.setPlan", {
      sessionToken: admin.sessionToken,
      csrfToken: "wrong",
      accountId: customer.accountId,
      plan: "full",
    });
    expect(noCsrf.status).toBe(403);
    const set = await mutate("admin.setPlan", {
      sessionToken: admin.sessionToken,
      csrfToken: admin.csrfToken,
      accountId: customer.accountId,
      plan: "full",
    });
    expect(set.data).toMatchObject({ id: customer.accountId, plan: "full", trialEndsAt: null });
    const created = await mutate("keys.create", {
      sessionToken: customer.sessionToken,
      csrfToken: customer.csrfToken,
      name: "now allowed",
    });
    const keyId = (created.data as unknown as { id: string }).id;
    type AdminKey = { id: string; account: string; name: string; plan: string | null };
    const activeKeys = async () =>
      (await query("admin.keys", { sessionToken: admin.sessionToken }))
        .data as unknown as AdminKey[];
    expect(await activeKeys()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: keyId,
          account: "customer@example.com",
          name: "now allowed",
          plan: "full",
        }),
      ]),
    );
    expect((await query("admin.keys", { sessionToken: customer.sessionToken })).status).toBe(403);
    const revoked = await mutate("admin.revokeKey", {
      sessionToken: admin.sessionToken,
      csrfToken: admin.csrfToken,
      keyId,
    });
    expect(revoked.data).toMatchObject({ id: keyId, alreadyRevoked: false });
    // A revoked key leaves the list of what an admin may revoke.
    expect((await activeKeys()).map((key) => key.id)).not.toContain(keyId);

    const actions = await query("admin.actions", { sessionToken: admin.sessionToken });
    const log = actions.data as unknown as {
      actor: string;
      actorAccountId: string | null;
      action: string;
      target: string;
      details: unknown;
      at: string;
    }[];
    expect(log.slice(0, 3)).toEqual([
      expect.objectContaining({
        actorAccountId: admin.accountId,
        actor: `account:${admin.accountId} admin@example.com`,
        action: "revoke-key",
        target: `key:${keyId}`,
        at: NOW.toISOString(),
      }),
      expect.objectContaining({
        actorAccountId: admin.accountId,
        action: "set-plan",
        target: `account:${customer.accountId}`,
        details: { from: "trial", to: "full" },
      }),
      expect.objectContaining({
        actorAccountId: null,
        actor: "cli",
        action: "grant-admin",
        target: `account:${admin.accountId}`,
      }),
    ]);
    const revisions = await query("admin.revisions", { sessionToken: admin.sessionToken });
    expect(revisions.status).toBe(200);
    expect(revisions.data).toEqual([]);
    // A user's session cannot read them.
    expect((await query("admin.actions", { sessionToken: customer.sessionToken })).status).toBe(
      403,
    );
  });
});

describe("the log", () => {
  it("holds no password, session, CSRF or form token, mailed link or API key", async () => {
    // The mails go out as production sends them without SMTP (the api refuses to start with
    // the log transport in production unless MAIL_LOG_LINKS is set; false here).
    const mail = mailSettingsFrom(
      readEnv(MARKETS, { NODE_ENV: "production", MAIL_LOG_LINKS: "false" }),
    );
    expect(mail).toEqual({ transport: "log", links: false });
    const sent = await flushAll(
      logTransport(logged.log, { links: mail.transport === "log" && mail.links }),
    );
    expect(sent).toBeGreaterThan(10);
    expect(logged.lines.filter((line) => line.includes("mail (MAIL_TRANSPORT=log)"))).toHaveLength(
      sent,
    );
    expect(logged.lines.length).toBeGreaterThan(sent);
    expect(logged.leaks()).toEqual([]);
  });
});

async function flushAll(transport: ReturnType<typeof logTransport>): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await flushOutbox(api.db, transport, logged.log, () => NOW);
    if (batch === 0) return sent;
    sent += batch;
  }
}
