import {
  ACCOUNT_MESSAGES,
  DomainError,
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  PASSWORD_RESET_PER_EMAIL_LIMIT,
  PASSWORD_RESET_PER_IP_LIMIT,
  PASSWORD_RESET_TOKEN_LIFETIME_MS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SIGN_IN_PER_EMAIL_LIMIT,
  SIGN_IN_PER_IP_LIMIT,
  SIGN_UP_PER_IP_LIMIT,
  addDays,
  badRequest,
  eachUtcDay,
  forbidden,
  formTokenCookie,
  keyCreationRefusal,
  normalizeEmail,
  parseEmail,
  passwordProblem,
  sessionCookie,
  sessionEndsAt,
  sessionIsLive,
  trialEndFor,
  utcDayOf,
  type AccountPlan,
  type AccountRole,
  type SessionCookie,
  type UtcDay,
} from "@tpi/domain";
import {
  consumeEmailToken,
  enqueueMail,
  findAccountDetails,
  findCredentialsByEmail,
  findEmailToken,
  findWebSessionByHash,
  insertAdminAction,
  insertEmailToken,
  insertWebAccount,
  insertWebSession,
  listAccounts,
  listAdminActions,
  listApiKeys,
  listKeyUsage,
  listRevisions,
  markEmailVerified,
  revokeAccountSessions,
  revokeOtherSessions,
  listLiveSessions,
  revokeApiKey,
  revokeWebSession,
  setAccountPlan,
  setPasswordHash,
  touchWebSession,
  type AccountRecord,
  type Credentials,
  type Db,
  type EmailTokenPurpose,
  type Prisma,
} from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { KEY_USAGE_FLUSH_MS } from "../auth/api-key-authenticator";
import type { AttemptLimiter } from "../rate-limit/attempt-limiter";
import type { LimiterState } from "../rate-limit/limiters";
import { createApiKey, type CreatedApiKey } from "./create-key";
import {
  alreadyRegisteredMail,
  noAccountMail,
  passwordResetMail,
  verificationMail,
  type AccountMail,
} from "./mail-texts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
import {
  issueFormToken,
  newOpaqueToken,
  sessionCsrfToken,
  sha256Hex,
  verifyFormToken,
  verifySessionCsrfToken,
} from "./secrets";

/**
 * The website's accounts: sign-up, sign-in, sessions, mail links, the account's own keys and
 * usage, and the operators' procedures. Called by the internal tRPC router only (behind the
 * internal service token); the website keeps the session token in an httpOnly cookie and passes
 * it, the CSRF token and the client's address with each call. Refusals are DomainErrors, mapped
 * to tRPC errors once at the router.
 */
export type WebAccountsDeps = {
  db: Db;
  clock: () => Date;
  /** HMAC key of the CSRF tokens (derived from INTERNAL_API_TOKEN: see secrets.ts). */
  csrfKey: Buffer;
  /** False only when the website is plain http on loopback (TPI_SITE_PLAIN_HTTP). */
  cookieSecure: boolean;
  /** The website's public address, for the links in mails (TPI_PUBLIC_SITE_URL). */
  siteUrl: string;
  trialPeriodHours: number;
  maxKeysPerAccount: number;
  /** Key revocations and plan changes apply at once on this instance (the others within the cache TTL). */
  auth: ApiKeyAuthenticator;
  limiter: AttemptLimiter;
  chatState: (keyId: string) => Promise<LimiterState>;
};

/** Both copies of the pre-session form token: the cookie's and the form field's. */
export type FormToken = { cookie: string; form: string };

export type AccountView = {
  id: string;
  email: string | null;
  name: string;
  plan: AccountPlan;
  role: AccountRole;
  emailVerified: boolean;
  trialEndsAt: string | null;
  /** Null when the plan may create keys; otherwise the api's 403 words, which say how to upgrade. */
  keyCreationRefusal: string | null;
};

export type SignedIn = {
  sessionToken: string;
  cookie: SessionCookie;
  csrfToken: string;
  expiresAt: string;
  account: AccountView;
};

type LiveSession = { id: string; account: Credentials; expiresAt: Date };

/** Days of usage shown: the current UTC day and the 29 before it. */
export const USAGE_DAYS = 30;
/** Admin action log entries returned at most. */
const ADMIN_ACTIONS_SHOWN = 200;

/** A session is live only if signed in and used recently enough (domain's sessionEndsAt). */
function liveSessionBounds(now: Date) {
  return {
    signedInAfter: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
    seenAfter: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS),
  };
}

function view(account: Credentials): AccountView {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    plan: account.plan,
    role: account.role,
    emailVerified: account.emailVerifiedAt !== null,
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    keyCreationRefusal: keyCreationRefusal(account.plan),
  };
}

const sessionRequired = () => new DomainError("session_required", ACCOUNT_MESSAGES.sessionRequired);
const csrfRefused = () => forbidden(ACCOUNT_MESSAGES.csrfRefused);

export class WebAccounts {
  constructor(private readonly deps: WebAccountsDeps) {
    // Made now, not at the first unknown address: that sign-in would otherwise cost two derivations.
    void dummyPasswordHash();
  }

  /** The cookie the website sets for the session token. */
  get cookie(): SessionCookie {
    return sessionCookie(this.deps.cookieSecure);
  }

  /** A fresh pre-session form token: the website sets it as a cookie and a hidden field. */
  formToken(): { token: string; cookie: SessionCookie } {
    return {
      token: issueFormToken(this.deps.csrfKey, this.deps.clock()),
      cookie: formTokenCookie(this.deps.cookieSecure),
    };
  }

  private checkForm(token: FormToken): void {
    if (!verifyFormToken(this.deps.csrfKey, token, this.deps.clock())) throw csrfRefused();
  }

  // --- anonymous forms ---

  async signUp(input: { email: string; password: string; clientIp: string; formToken: FormToken }) {
    this.checkForm(input.formToken);
    await this.deps.limiter.hit(SIGN_UP_PER_IP_LIMIT, input.clientIp);
    const email = parseEmail(input.email);
    if (!email.ok) throw email.error;
    const problem = passwordProblem(input.password, email.value);
    if (problem !== null) throw badRequest(problem);
    // Hashed whether or not the address is taken, so both paths cost the same derivation.
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.clock();
    await this.deps.db.$transaction(async (tx) => {
      const created = await insertWebAccount(tx, {
        email: email.value,
        passwordHash,
        name: email.value,
        plan: "trial",
        trialEndsAt: trialEndFor("trial", now, this.deps.trialPeriodHours),
        createdAt: now,
      });
      if (created === null) {
        // Taken: the same answer as a new address; the owner hears of it by mail.
        await this.enqueue(tx, email.value, alreadyRegisteredMail(this.deps.siteUrl), now);
        return;
      }
      await this.mailToken(tx, created.id, email.value, "verify", now);
    });
    return { message: ACCOUNT_MESSAGES.signUpCheckMail };
  }

  async signIn(input: {
    email: string;
    password: string;
    clientIp: string;
    formToken: FormToken;
    /** The session cookie the browser held before this sign-in, if any: ended, never promoted. */
    previousSessionToken?: string;
  }): Promise<SignedIn> {
    this.checkForm(input.formToken);
    const emailKey = normalizeEmail(input.email);
    await this.deps.limiter.hit(SIGN_IN_PER_IP_LIMIT, input.clientIp);
    await this.deps.limiter.hit(SIGN_IN_PER_EMAIL_LIMIT, emailKey);
    const email = parseEmail(input.email);
    const found = email.ok ? await findCredentialsByEmail(this.deps.db, email.value) : null;
    // An unknown address costs one derivation too, against a fixed dummy hash: no timing signal.
    const stored = found?.passwordHash ?? (await dummyPasswordHash());
    const matches = await verifyPassword(input.password, stored);
    if (found === null || found.passwordHash === null || !matches)
      throw new DomainError("invalid_credentials", ACCOUNT_MESSAGES.invalidCredentials);
    const now = this.deps.clock();
    if (found.emailVerifiedAt === null) {
      await this.deps.db.$transaction((tx) =>
        this.mailToken(tx, found.id, found.email ?? emailKey, "verify", now),
      );
      throw forbidden(ACCOUNT_MESSAGES.emailNotVerified);
    }
    await this.deps.limiter.reset(SIGN_IN_PER_EMAIL_LIMIT, emailKey);
    if (input.previousSessionToken !== undefined) await this.endSession(input.previousSessionToken);
    // Always a new token: a token planted before sign-in never becomes a signed-in session.
    const sessionToken = newOpaqueToken();
    const session = await insertWebSession(this.deps.db, {
      accountId: found.id,
      tokenHash: sha256Hex(sessionToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    });
    return {
      sessionToken,
      cookie: this.cookie,
      csrfToken: sessionCsrfToken(this.deps.csrfKey, session.id),
      expiresAt: sessionEndsAt(session.createdAt, session.lastSeenAt).toISOString(),
      account: view(found),
    };
  }

  async verifyEmail(input: { token: string }) {
    const now = this.deps.clock();
    const verified = await this.deps.db.$transaction(async (tx) => {
      const accountId = await consumeEmailToken(tx, sha256Hex(input.token), "verify", now);
      if (accountId !== null) await markEmailVerified(tx, accountId, now);
      return accountId !== null;
    });
    if (!verified) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    return { message: ACCOUNT_MESSAGES.emailVerified };
  }

  async requestPasswordReset(input: { email: string; clientIp: string; formToken: FormToken }) {
    this.checkForm(input.formToken);
    await this.deps.limiter.hit(PASSWORD_RESET_PER_IP_LIMIT, input.clientIp);
    const email = parseEmail(input.email);
    if (!email.ok) throw email.error;
    await this.deps.limiter.hit(PASSWORD_RESET_PER_EMAIL_LIMIT, email.value);
    const found = await findCredentialsByEmail(this.deps.db, email.value);
    const now = this.deps.clock();
    // Either way one transaction writes a mail (a link and a mail, or a mail), so the answer's
    // timing differs by one insert at most, not by a transaction.
    await this.deps.db.$transaction((tx) =>
      found === null
        ? this.enqueue(tx, email.value, noAccountMail(this.deps.siteUrl), now)
        : this.mailToken(tx, found.id, email.value, "reset", now),
    );
    return { message: ACCOUNT_MESSAGES.resetCheckMail };
  }

  async resetPassword(input: { token: string; password: string; formToken: FormToken }) {
    this.checkForm(input.formToken);
    const now = this.deps.clock();
    const tokenHash = sha256Hex(input.token);
    const token = await findEmailToken(this.deps.db, tokenHash);
    const usable =
      token !== null && token.purpose === "reset" && token.usedAt === null && token.expiresAt > now;
    const account = usable ? await findAccountDetails(this.deps.db, token.accountId) : null;
    if (account === null) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    // The password is checked before the link is spent, so a refused password can be corrected.
    const problem = passwordProblem(input.password, account.email ?? "");
    if (problem !== null) throw badRequest(problem);
    const passwordHash = await hashPassword(input.password);
    const changed = await this.deps.db.$transaction(async (tx) => {
      if ((await consumeEmailToken(tx, tokenHash, "reset", now)) === null) return false;
      await setPasswordHash(tx, account.id, passwordHash);
      // The link reached the mailbox, which proves the address.
      await markEmailVerified(tx, account.id, now);
      await revokeAccountSessions(tx, account.id, now);
      return true;
    });
    if (!changed) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }

  // --- signed in ---

  /** The live session of a token, touched at most every few minutes; 401 otherwise. */
  async session(sessionToken: string): Promise<LiveSession> {
    const now = this.deps.clock();
    const found = await findWebSessionByHash(this.deps.db, sha256Hex(sessionToken));
    if (found === null || !sessionIsLive(found, now)) throw sessionRequired();
    const account = await findAccountDetails(this.deps.db, found.accountId);
    if (account === null) throw sessionRequired();
    let lastSeenAt = found.lastSeenAt;
    if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await touchWebSession(this.deps.db, found.id, now);
      lastSeenAt = now;
    }
    return { id: found.id, account, expiresAt: sessionEndsAt(found.createdAt, lastSeenAt) };
  }

  /** A live session whose CSRF token matches: every state-changing procedure starts here. */
  private async changing(sessionToken: string, csrfToken: string): Promise<LiveSession> {
    const session = await this.session(sessionToken);
    if (!verifySessionCsrfToken(this.deps.csrfKey, session.id, csrfToken)) throw csrfRefused();
    return session;
  }

  private async admin(sessionToken: string, csrfToken?: string): Promise<LiveSession> {
    const session =
      csrfToken === undefined
        ? await this.session(sessionToken)
        : await this.changing(sessionToken, csrfToken);
    if (session.account.role !== "admin") throw forbidden(ACCOUNT_MESSAGES.adminRequired);
    return session;
  }

  async me(input: { sessionToken: string }) {
    const session = await this.session(input.sessionToken);
    return {
      account: view(session.account),
      csrfToken: sessionCsrfToken(this.deps.csrfKey, session.id),
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  async signOut(input: { sessionToken: string; csrfToken: string }) {
    const session = await this.changing(input.sessionToken, input.csrfToken);
    await revokeWebSession(this.deps.db, session.id, this.deps.clock());
    return { message: ACCOUNT_MESSAGES.signedOut };
  }

  /** The account's live sessions, newest first; `current` marks the one asking. */
  async listSessions(input: { sessionToken: string }) {
    const session = await this.session(input.sessionToken);
    const now = this.deps.clock();
    const rows = await listLiveSessions(this.deps.db, session.account.id, liveSessionBounds(now));
    return rows
      .filter((row) => sessionIsLive(row, now))
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        endsAt: sessionEndsAt(row.createdAt, row.lastSeenAt).toISOString(),
        current: row.id === session.id,
      }));
  }

  /** Signs out every other browser of the account (a lost laptop, a shared computer). */
  async signOutOthers(input: { sessionToken: string; csrfToken: string }) {
    const session = await this.changing(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const ended = await revokeOtherSessions(
      this.deps.db,
      session.account.id,
      session.id,
      liveSessionBounds(now),
      now,
    );
    return { message: ACCOUNT_MESSAGES.otherSessionsSignedOut, ended };
  }

  async listKeys(input: { sessionToken: string }) {
    const session = await this.session(input.sessionToken);
    const keys = await listApiKeys(this.deps.db, session.account.id);
    return keys.map((key) => ({
      id: key.id,
      name: key.name,
      displayPrefix: key.displayPrefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    }));
  }

  /** `POST /api/create-api-key`'s rules: trial accounts refused in its words, the same per-account limit. */
  async createKey(input: {
    sessionToken: string;
    csrfToken: string;
    name: string;
  }): Promise<Omit<CreatedApiKey, "accountId">> {
    const session = await this.changing(input.sessionToken, input.csrfToken);
    const refusal = keyCreationRefusal(session.account.plan);
    if (refusal !== null) throw forbidden(refusal);
    const created = await createApiKey(this.deps.db, {
      accountId: session.account.id,
      name: input.name,
      maxKeysPerAccount: this.deps.maxKeysPerAccount,
    });
    if (!created.ok) throw created.error;
    const { accountId: _account, ...key } = created.value;
    return key;
  }

  async revokeKey(input: { sessionToken: string; csrfToken: string; keyId: string }) {
    const session = await this.changing(input.sessionToken, input.csrfToken);
    const own = (await listApiKeys(this.deps.db, session.account.id)).some(
      (key) => key.id === input.keyId,
    );
    // Another account's key answers like a missing one: ids of other accounts stay unknown.
    if (!own) throw new DomainError("no_data", ACCOUNT_MESSAGES.keyNotFound);
    const revoked = await revokeApiKey(this.deps.db, input.keyId, this.deps.clock());
    this.deps.auth.invalidate();
    return {
      id: input.keyId,
      revokedAt: revoked?.key.revokedAt?.toISOString() ?? null,
      alreadyRevoked: revoked?.alreadyRevoked ?? false,
    };
  }

  /** Requests per key per UTC day over the last 30 days, and each key's current chat window. */
  async usage(input: { sessionToken: string }) {
    const session = await this.session(input.sessionToken);
    const today = utcDayOf(this.deps.clock());
    const days: UtcDay[] = eachUtcDay(addDays(today, -(USAGE_DAYS - 1)), today);
    const keys = await listApiKeys(this.deps.db, session.account.id);
    const [firstDay = today] = days;
    const rows = await listKeyUsage(
      this.deps.db,
      keys.map((key) => key.id),
      firstDay,
    );
    const counts = new Map(rows.map((row) => [`${row.keyId}|${row.day}`, row.count]));
    return {
      days,
      flushIntervalSeconds: KEY_USAGE_FLUSH_MS / 1000,
      keys: await Promise.all(
        keys.map(async (key) => {
          const chat = await this.deps.chatState(key.id);
          return {
            keyId: key.id,
            name: key.name,
            displayPrefix: key.displayPrefix,
            revoked: key.revokedAt !== null,
            requestsPerDay: days.map((day) => ({
              day,
              requests: counts.get(`${key.id}|${day}`) ?? 0,
            })),
            currentMinute: {
              limiter: "chat" as const,
              limit: chat.limit,
              used: chat.used,
              resetsAt: chat.resetsAt?.toISOString() ?? null,
            },
          };
        }),
      ),
    };
  }

  // --- operators ---

  async adminAccounts(input: { sessionToken: string }) {
    await this.admin(input.sessionToken);
    const accounts = await listAccounts(this.deps.db);
    return accounts.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      plan: account.plan,
      role: account.role,
      trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
      activeKeys: account.activeKeys,
    }));
  }

  /** Every key still active, with its account, oldest first: what an admin may revoke. */
  async adminKeys(input: { sessionToken: string }) {
    await this.admin(input.sessionToken);
    const [accounts, keys] = await Promise.all([
      listAccounts(this.deps.db),
      listApiKeys(this.deps.db),
    ]);
    const accountsById = new Map(accounts.map((account) => [account.id, account]));
    return keys
      .filter((key) => key.revokedAt === null)
      .map((key) => {
        const account = accountsById.get(key.accountId);
        return {
          id: key.id,
          name: key.name,
          displayPrefix: key.displayPrefix,
          accountId: key.accountId,
          account: account?.email ?? account?.name ?? key.accountId,
          plan: account?.plan ?? null,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        };
      });
  }

  async adminSetPlan(input: {
    sessionToken: string;
    csrfToken: string;
    accountId: string;
    plan: AccountPlan;
  }) {
    const session = await this.admin(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const updated = await this.deps.db.$transaction(async (tx) => {
      const before = await findAccountDetails(tx, input.accountId);
      if (before === null) return null;
      const after = await setAccountPlan(
        tx,
        input.accountId,
        input.plan,
        trialEndFor(input.plan, now, this.deps.trialPeriodHours),
      );
      await recordAdminAction(
        tx,
        session.account,
        "set-plan",
        `account:${input.accountId}`,
        {
          from: before.plan,
          to: input.plan,
        },
        now,
      );
      return after;
    });
    if (updated === null) throw new DomainError("no_data", ACCOUNT_MESSAGES.accountNotFound);
    // The plan is cached with each key's lookup: drop it here (other instances follow within the TTL).
    this.deps.auth.invalidate();
    return {
      id: updated.id,
      plan: updated.plan,
      trialEndsAt: updated.trialEndsAt?.toISOString() ?? null,
    };
  }

  async adminRevokeKey(input: { sessionToken: string; csrfToken: string; keyId: string }) {
    const session = await this.admin(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const revoked = await this.deps.db.$transaction(async (tx) => {
      const result = await revokeApiKey(tx, input.keyId, now);
      if (result === null) return null;
      await recordAdminAction(
        tx,
        session.account,
        "revoke-key",
        `key:${input.keyId}`,
        {
          accountId: result.key.accountId,
          alreadyRevoked: result.alreadyRevoked,
        },
        now,
      );
      return result;
    });
    if (revoked === null) throw new DomainError("no_data", ACCOUNT_MESSAGES.keyNotFound);
    this.deps.auth.invalidate();
    return {
      id: revoked.key.id,
      accountId: revoked.key.accountId,
      revokedAt: revoked.key.revokedAt?.toISOString() ?? null,
      alreadyRevoked: revoked.alreadyRevoked,
    };
  }

  async adminRevisions(input: { sessionToken: string }) {
    await this.admin(input.sessionToken);
    const revisions = await listRevisions(this.deps.db, {});
    return revisions.map((revision) => ({
      ...revision,
      oldComputedAt: revision.oldComputedAt?.toISOString() ?? null,
      restatedAt: revision.restatedAt.toISOString(),
    }));
  }

  async adminActions(input: { sessionToken: string }) {
    await this.admin(input.sessionToken);
    const actions = await listAdminActions(this.deps.db, ADMIN_ACTIONS_SHOWN);
    return actions.map((action) => ({ ...action, at: action.at.toISOString() }));
  }

  // --- helpers ---

  private async endSession(sessionToken: string): Promise<void> {
    const found = await findWebSessionByHash(this.deps.db, sha256Hex(sessionToken));
    if (found !== null) await revokeWebSession(this.deps.db, found.id, this.deps.clock());
  }

  /** A one-time link (hash stored) and its mail, in the caller's transaction. */
  private async mailToken(
    tx: Prisma.TransactionClient,
    accountId: string,
    to: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<void> {
    const token = newOpaqueToken();
    const lifetime =
      purpose === "verify"
        ? EMAIL_VERIFICATION_TOKEN_LIFETIME_MS
        : PASSWORD_RESET_TOKEN_LIFETIME_MS;
    await insertEmailToken(tx, {
      accountId,
      purpose,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetime),
    });
    const mail =
      purpose === "verify"
        ? verificationMail(this.deps.siteUrl, token)
        : passwordResetMail(this.deps.siteUrl, token);
    await this.enqueue(tx, to, mail, now);
  }

  private async enqueue(
    tx: Prisma.TransactionClient,
    to: string,
    mail: AccountMail,
    now: Date,
  ): Promise<void> {
    await enqueueMail(tx, {
      to,
      subject: mail.subject,
      textBody: mail.textBody,
      kind: mail.kind,
      createdAt: now,
    });
  }
}

/** An operator's action, recorded with who (the admin account, or `cli`) and when. */
export async function recordAdminAction(
  tx: Prisma.TransactionClient | Db,
  actor: Pick<AccountRecord, "id" | "email"> | "cli",
  action: string,
  target: string,
  details: Prisma.InputJsonValue,
  at: Date,
): Promise<void> {
  await insertAdminAction(tx, {
    actorAccountId: actor === "cli" ? null : actor.id,
    actor: actor === "cli" ? "cli" : `account:${actor.id} ${actor.email ?? ""}`.trim(),
    action,
    target,
    details,
    at,
  });
}
