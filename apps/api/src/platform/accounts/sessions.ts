import {
  ACCOUNT_MESSAGES,
  DomainError,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SIGN_IN_ACCOUNT_SLOWDOWN,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT,
  SIGN_IN_PER_ADDRESS_LIMIT,
  SIGN_IN_SLOWDOWN_MS,
  forbidden,
  keyCreationRefusal,
  normalizeEmail,
  parseEmail,
  sessionEndsAt,
  sessionIsLive,
  type AccountPlan,
  type AccountRole,
  type SessionCookie,
} from "@tpi/domain";
import {
  findCredentialsByEmail,
  findWebSessionByHash,
  insertWebSession,
  listLiveSessions,
  revokeOtherSessions,
  revokeWebSession,
  type Credentials,
} from "@tpi/db";
import type { AttemptLimiter } from "../rate-limit/attempt-limiter";
import { mailOneTimeLink } from "./account-mail";
import { dummyPasswordHash, verifyPassword } from "./password-hash";
import { newOpaqueToken, sha256Hex } from "./secrets";
import { liveSessionBounds, type AccountServiceDeps, type FormToken } from "./session-guard";
import type { Visitor } from "./visitor-address";

/**
 * A signed-in browser's life: the sign-in form's token, sign-in, the account's view of itself,
 * its live sessions, and signing out (this browser or every other one).
 */
export type SessionServiceDeps = AccountServiceDeps & {
  /** For the address-check link mailed again when an unverified account signs in. */
  siteUrl: string;
  limiter: AttemptLimiter;
  /** Waits this long (the sign-in slowdown); tests record the waits instead. */
  sleep: (ms: number) => Promise<void>;
};

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

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {
    // Made now, not at the first unknown address: that sign-in would otherwise cost two derivations.
    void dummyPasswordHash();
  }

  /** A fresh pre-session form token: the website sets it as a cookie and a hidden field. */
  formToken() {
    return this.deps.guard.formToken();
  }

  /**
   * Signs in. The limits (rules.ts): the visitor's failures on this account, the visitor's
   * failures on any account, and above the account's ceiling a wait before the password is
   * checked. A wrong password from one address never refuses the right one from another.
   */
  async signIn(
    input: {
      email: string;
      password: string;
      formToken: FormToken;
      /** The session cookie the browser held before this sign-in, if any: ended, never promoted. */
      previousSessionToken?: string;
    },
    visitor: Visitor,
  ): Promise<SignedIn> {
    this.deps.guard.checkForm(input.formToken);
    const { limiter } = this.deps;
    const emailKey = normalizeEmail(input.email);
    const pairKey = `${visitor.key}|${emailKey}`;
    // Counted before the password is checked (concurrent guesses cannot slip past the limit);
    // a successful sign-in gives them back below.
    await limiter.hit(SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT, pairKey);
    await limiter.hit(SIGN_IN_PER_ADDRESS_LIMIT, visitor.key);
    if ((await limiter.count(SIGN_IN_ACCOUNT_SLOWDOWN, emailKey)) >= SIGN_IN_ACCOUNT_SLOWDOWN.limit)
      await this.deps.sleep(SIGN_IN_SLOWDOWN_MS);
    const email = parseEmail(input.email);
    const found = email.ok ? await findCredentialsByEmail(this.deps.db, email.value) : null;
    // An unknown address costs one derivation too, against a fixed dummy hash: no timing signal.
    const stored = found?.passwordHash ?? (await dummyPasswordHash());
    const matches = await verifyPassword(input.password, stored);
    if (found === null || found.passwordHash === null || !matches) {
      await limiter.add(SIGN_IN_ACCOUNT_SLOWDOWN, emailKey);
      throw new DomainError("invalid_credentials", ACCOUNT_MESSAGES.invalidCredentials);
    }
    const now = this.deps.clock();
    if (found.emailVerifiedAt === null) {
      await this.deps.db.$transaction((tx) =>
        mailOneTimeLink(tx, {
          accountId: found.id,
          to: found.email ?? emailKey,
          purpose: "verify",
          siteUrl: this.deps.siteUrl,
          now,
        }),
      );
      this.deps.mailQueued();
      throw forbidden(ACCOUNT_MESSAGES.emailNotVerified);
    }
    // The right password: this visitor's failures on the account are forgiven, and this attempt
    // was no failure. The account's ceiling stays: others may still be guessing.
    await limiter.reset(SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT, pairKey);
    await limiter.giveBack(SIGN_IN_PER_ADDRESS_LIMIT, visitor.key);
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
      cookie: this.deps.guard.cookie,
      csrfToken: this.deps.guard.csrfToken(session.id),
      expiresAt: sessionEndsAt(session.createdAt, session.lastSeenAt).toISOString(),
      account: view(found),
    };
  }

  async me(input: { sessionToken: string }) {
    const session = await this.deps.guard.session(input.sessionToken);
    return {
      account: view(session.account),
      csrfToken: this.deps.guard.csrfToken(session.id),
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  async signOut(input: { sessionToken: string; csrfToken: string }) {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    await revokeWebSession(this.deps.db, session.id, this.deps.clock());
    return { message: ACCOUNT_MESSAGES.signedOut };
  }

  /** The account's live sessions, newest first; `current` marks the one asking. */
  async list(input: { sessionToken: string }) {
    const session = await this.deps.guard.session(input.sessionToken);
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
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
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

  private async endSession(sessionToken: string): Promise<void> {
    const found = await findWebSessionByHash(this.deps.db, sha256Hex(sessionToken));
    if (found !== null) await revokeWebSession(this.deps.db, found.id, this.deps.clock());
  }
}
