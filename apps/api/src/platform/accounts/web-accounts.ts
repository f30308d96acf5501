import type { AccountPlan } from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import type { AttemptLimiter } from "../rate-limit/attempt-limiter";
import type { LimiterState } from "../rate-limit/limiters";
import type { Logger } from "../observability/logger";
import { AdminService } from "./admin";
import { ConnectionService } from "./connections";
import { CredentialService } from "./credentials";
import { KeyService } from "./keys";
import { SessionGuard } from "./session-guard";
import { SessionService } from "./sessions";
import { UpgradeService } from "./upgrades";
import { UsageService } from "./usage";
import { VisitorAddresses, visitorKeyFrom, type Visitor } from "./visitor-address";

// The CLI records its operator actions in the same log as the admin procedures.
export { recordAdminAction } from "./admin";

/**
 * The website's accounts: sign-up, sign-in, sessions, mail links, the account's own keys and
 * usage, and the operators' procedures. Called by the internal tRPC router only (behind the
 * internal service token); the website keeps the session token in an httpOnly cookie and passes
 * it and the CSRF token with each call, and the anonymous forms the visitor's address, signed
 * (visitor-address.ts). Refusals are DomainErrors, mapped to tRPC errors once at the router.
 */
export type WebAccountsDeps = {
  db: Db;
  clock: () => Date;
  log: Logger;
  /** HMAC key of the CSRF tokens (derived from INTERNAL_API_TOKEN: see secrets.ts). */
  csrfKey: Buffer;
  /** The internal token, from which the visitor address's key is derived. */
  internalToken: string;
  /** False only when the website is plain http on loopback (TPI_SITE_PLAIN_HTTP). */
  cookieSecure: boolean;
  /** The website's public address, for the links in mails (TPI_PUBLIC_SITE_URL). */
  siteUrl: string;
  /** The MCP authorization server's issuer (oauth/settings.ts): `iss` on the consent's redirects. */
  oauthIssuer: string;
  trialPeriodHours: number;
  /** The plan of a new sign-up (NEW_ACCOUNT_PLAN). */
  newAccountPlan: AccountPlan;
  /** Who is mailed a trial's upgrade request (OPERATOR_MAIL); empty: every confirmed admin. */
  operatorMail: readonly string[];
  maxKeysPerAccount: number;
  /** Key revocations and plan changes apply at once on this instance (the others within the cache TTL). */
  auth: ApiKeyAuthenticator;
  limiter: AttemptLimiter;
  /** The sign-in slowdown's wait (setTimeout; tests record it instead). */
  sleep: (ms: number) => Promise<void>;
  chatState: (keyId: string) => Promise<LimiterState>;
  /** Wakes the mail outbox after a mail was queued (AppDeps' `mailQueued`). */
  mailQueued: () => void;
};

/**
 * One service per responsibility, each given only what it uses; all of them check sessions
 * through the one guard. The router names the service it calls (`accounts.keys.create`).
 */
export class WebAccounts {
  readonly credentials: CredentialService;
  readonly sessions: SessionService;
  readonly keys: KeyService;
  readonly usage: UsageService;
  readonly admin: AdminService;
  readonly upgrades: UpgradeService;
  /** MCP clients the account connected through OAuth (the consent page, the account page). */
  readonly connections: ConnectionService;
  /** The session checks, for procedures that act for the account through another service (webhooks). */
  readonly guard: SessionGuard;
  private readonly visitors: VisitorAddresses;

  constructor(deps: WebAccountsDeps) {
    this.visitors = new VisitorAddresses(visitorKeyFrom(deps.internalToken), deps.log);
    const { db, clock, siteUrl, trialPeriodHours, limiter, auth, mailQueued } = deps;
    const guard = new SessionGuard({
      db,
      clock,
      csrfKey: deps.csrfKey,
      cookieSecure: deps.cookieSecure,
    });
    this.guard = guard;
    this.credentials = new CredentialService({
      db,
      clock,
      guard,
      mailQueued,
      siteUrl,
      trialPeriodHours,
      newAccountPlan: deps.newAccountPlan,
      limiter,
    });
    this.sessions = new SessionService({
      db,
      clock,
      guard,
      mailQueued,
      siteUrl,
      limiter,
      sleep: deps.sleep,
    });
    this.keys = new KeyService({
      db,
      clock,
      guard,
      mailQueued,
      auth,
      maxKeysPerAccount: deps.maxKeysPerAccount,
    });
    this.usage = new UsageService({ db, clock, guard, mailQueued, chatState: deps.chatState });
    this.admin = new AdminService({ db, clock, guard, mailQueued, auth, trialPeriodHours });
    this.upgrades = new UpgradeService({
      db,
      clock,
      guard,
      mailQueued,
      auth,
      siteUrl,
      operatorMail: deps.operatorMail,
    });
    this.connections = new ConnectionService({
      db,
      clock,
      guard,
      mailQueued,
      issuer: deps.oauthIssuer,
    });
  }

  /** The visitor of an anonymous form, from the website's signed header (`unverified` without one). */
  visitor(header: string | undefined): Visitor {
    return this.visitors.of(header);
  }
}
