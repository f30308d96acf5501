import {
  ACCOUNT_MESSAGES,
  DomainError,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
  forbidden,
  formTokenCookie,
  sessionCookie,
  sessionEndsAt,
  sessionIsLive,
  type SessionCookie,
} from "@tpi/domain";
import {
  findAccountDetails,
  findWebSessionByHash,
  touchWebSession,
  type Credentials,
  type Db,
} from "@tpi/db";
import {
  issueFormToken,
  sessionCsrfToken,
  sha256Hex,
  verifyFormToken,
  verifySessionCsrfToken,
} from "./secrets";

/**
 * The checks every account procedure starts with, in one place so that no service can check a
 * session differently: the pre-session form token of the anonymous forms, the session token,
 * the session's CSRF token for changes, and the admin role.
 */
export type SessionGuardDeps = {
  db: Db;
  clock: () => Date;
  /** HMAC key of the CSRF tokens (derived from INTERNAL_API_TOKEN: see secrets.ts). */
  csrfKey: Buffer;
  /** False only when the website is plain http on loopback (TPI_SITE_PLAIN_HTTP). */
  cookieSecure: boolean;
};

/** What every account service is given: each procedure starts with one of the guard's checks. */
export type AccountServiceDeps = {
  db: Db;
  clock: () => Date;
  guard: SessionGuard;
  /**
   * Called once a transaction that queued a mail has committed: the outbox sends it at once
   * instead of at its next periodic flush (which still sends it when no one calls this).
   */
  mailQueued: () => void;
};

/** Both copies of the pre-session form token: the cookie's and the form field's. */
export type FormToken = { cookie: string; form: string };

export type LiveSession = { id: string; account: Credentials; expiresAt: Date };

/** A session is live only if signed in and used recently enough (domain's sessionEndsAt). */
export function liveSessionBounds(now: Date) {
  return {
    signedInAfter: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
    seenAfter: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS),
  };
}

const sessionRequired = () => new DomainError("session_required", ACCOUNT_MESSAGES.sessionRequired);
const csrfRefused = () => forbidden(ACCOUNT_MESSAGES.csrfRefused);

export class SessionGuard {
  constructor(private readonly deps: SessionGuardDeps) {}

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

  /** The anonymous forms have no session yet: their proof of origin is the form token. */
  checkForm(token: FormToken): void {
    if (!verifyFormToken(this.deps.csrfKey, token, this.deps.clock())) throw csrfRefused();
  }

  /** The token the website sends back with the session's changes. */
  csrfToken(sessionId: string): string {
    return sessionCsrfToken(this.deps.csrfKey, sessionId);
  }

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
  async changing(sessionToken: string, csrfToken: string): Promise<LiveSession> {
    const session = await this.session(sessionToken);
    if (!verifySessionCsrfToken(this.deps.csrfKey, session.id, csrfToken)) throw csrfRefused();
    return session;
  }

  /** An admin's live session; with a CSRF token when the procedure changes something. */
  async admin(sessionToken: string, csrfToken?: string): Promise<LiveSession> {
    const session =
      csrfToken === undefined
        ? await this.session(sessionToken)
        : await this.changing(sessionToken, csrfToken);
    if (session.account.role !== "admin") throw forbidden(ACCOUNT_MESSAGES.adminRequired);
    return session;
  }
}
