import { timingSafeEqual } from "node:crypto";
import {
  PUBLIC_ACCESS,
  accessForPlan,
  bearerTokenOf,
  err,
  inactiveApiKey,
  invalidApiKey,
  isWellFormedApiKey,
  ok,
  trialHasEnded,
  type AccessLevel,
  type AccountPlan,
  type DomainError,
  type Result,
  utcDayOf,
} from "@tpi/domain";
import { addKeyUsage, findApiKeyByHash, isDatabaseUnavailable, type Db } from "@tpi/db";
import type { DatabaseHealth } from "../health/database-health";
import { hashApiKey } from "./api-key-secret";

/**
 * Who asks. A `session` caller is a website account signed in with a live plan: the website's
 * server asks on its behalf (platform/trpc/session-procedure.ts) and every route treats it as a
 * key of that plan, since access follows the plan and never the door. An MCP client signed in
 * through OAuth is a `session` caller too, with the `grantId` of the person's consent.
 */
export type Caller =
  | { kind: "anonymous"; access: AccessLevel }
  | { kind: "key"; access: AccessLevel; keyId: string; accountId: string; plan: AccountPlan }
  | {
      kind: "session";
      access: AccessLevel;
      accountId: string;
      plan: AccountPlan;
      /** Set for an OAuth access token's caller: the consent it was issued under. */
      grantId?: string;
    };

export const ANONYMOUS: Caller = { kind: "anonymous", access: PUBLIC_ACCESS };

/** The plan whose rules apply to a caller; undefined for a keyless one. */
export function planOfCaller(caller: Caller): AccountPlan | undefined {
  return caller.kind === "anonymous" ? undefined : caller.plan;
}

/**
 * The caller an account of this plan stands for, as its keys would: the plan's access; an ended
 * trial grants nothing, so it is the keyless caller (its keys get 401 from `decide`).
 */
export function accountCaller(
  account: { id: string; plan: AccountPlan; trialEndsAt: Date | null },
  now: Date,
): Caller {
  if (trialHasEnded(account.plan, account.trialEndsAt, now)) return ANONYMOUS;
  return {
    kind: "session",
    access: accessForPlan(account.plan),
    accountId: account.id,
    plan: account.plan,
  };
}

type CachedLookup = {
  expiresAt: number;
  /** When the database last confirmed this state (epoch milliseconds). */
  verifiedAt: number;
  found: {
    keyId: string;
    accountId: string;
    plan: AccountPlan;
    keyHash: string;
    revokedAt: Date | null;
    trialEndsAt: Date | null;
  } | null;
};

/** How long a key lookup is trusted; a revoked key stops working on every instance within this. */
export const KEY_CACHE_TTL_MS = 4_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;
/**
 * Milliseconds between batched writes of key usage, `lastUsedAt` and the per-day request counts
 * (run by the server's scheduler, and once more on shutdown).
 */
export const KEY_USAGE_FLUSH_MS = 10_000;
/** Default of KEY_STALE_GRACE_SECONDS: how long a key's last known state serves while the database is down. */
export const DEFAULT_KEY_STALE_GRACE_SECONDS = 300;

export type AuthenticatorOptions = {
  /** How long a lookup is trusted while the database answers (KEY_CACHE_TTL_MS; tests shorten it). */
  cacheTtlMs?: number;
  /**
   * While the database cannot be reached, a key whose state the database confirmed within this
   * many milliseconds keeps that state (valid, revoked or unknown); a key never seen, or seen
   * longer ago, cannot be checked and its request gets 503.
   */
  staleGraceMs?: number;
  /** Outage tracking: a key check does not wait on a database known to be down. */
  databaseHealth?: DatabaseHealth;
};

/**
 * Resolves the Authorization header to a caller. Lookups are cached for a few seconds so that a
 * busy key costs one database read per interval, not one per request; `lastUsedAt` is collected in
 * memory and written in batches for the same reason.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CachedLookup>();
  private readonly lastUsed = new Map<string, Date>();
  /** Requests per `<key id>|<UTC day>` since the last flush: counted in memory, never awaited. */
  private readonly requestCounts = new Map<string, number>();
  /** Lookups answered from the cache and from the database, for the metrics. */
  readonly cacheLookups = { hits: 0, misses: 0 };

  private readonly cacheTtlMs: number;
  private readonly staleGraceMs: number;
  private readonly databaseHealth: DatabaseHealth | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    options: AuthenticatorOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? KEY_CACHE_TTL_MS;
    this.staleGraceMs = options.staleGraceMs ?? DEFAULT_KEY_STALE_GRACE_SECONDS * 1000;
    this.databaseHealth = options.databaseHealth;
  }

  async authenticate(
    authorizationHeader: string | undefined,
  ): Promise<Result<Caller, DomainError>> {
    const presented = this.presentedKey(authorizationHeader);
    if (presented.kind === "answered") return presented.result;
    const { keyHash } = presented;
    return this.fromCache(keyHash) ?? this.decide(keyHash, await this.lookup(keyHash));
  }

  /**
   * The answer when it needs no database read: no header, a malformed one, or a key whose lookup
   * is cached and fresh. Undefined when the database must be asked (`authenticate`). Synchronous,
   * so a busy key's request is answered without a turn of the event loop.
   */
  authenticateFromCache(
    authorizationHeader: string | undefined,
  ): Result<Caller, DomainError> | undefined {
    const presented = this.presentedKey(authorizationHeader);
    return presented.kind === "answered" ? presented.result : this.fromCache(presented.keyHash);
  }

  /** Anonymous, malformed (answered without a lookup), or the hash of a well-formed key. */
  private presentedKey(
    authorizationHeader: string | undefined,
  ): { kind: "answered"; result: Result<Caller, DomainError> } | { kind: "key"; keyHash: string } {
    if (authorizationHeader === undefined) return { kind: "answered", result: ok(ANONYMOUS) };
    const key = bearerTokenOf(authorizationHeader);
    if (key === undefined || !isWellFormedApiKey(key))
      return { kind: "answered", result: err(invalidApiKey()) };
    return { kind: "key", keyHash: hashApiKey(key) };
  }

  private fromCache(keyHash: string): Result<Caller, DomainError> | undefined {
    const cached = this.cache.get(keyHash);
    if (cached === undefined || cached.expiresAt <= Date.now()) return undefined;
    this.cacheLookups.hits++;
    return this.decide(keyHash, cached);
  }

  /** The caller a looked-up key stands for, or why it is refused. */
  private decide(keyHash: string, lookup: CachedLookup): Result<Caller, DomainError> {
    const found = lookup.found;
    if (
      !found ||
      !timingSafeEqual(Buffer.from(found.keyHash, "hex"), Buffer.from(keyHash, "hex"))
    ) {
      return err(invalidApiKey());
    }
    const now = this.clock();
    if (found.revokedAt !== null) return err(inactiveApiKey());
    if (trialHasEnded(found.plan, found.trialEndsAt, now)) return err(inactiveApiKey());
    this.lastUsed.set(found.keyId, now);
    const countKey = `${found.keyId}|${utcDayOf(now)}`;
    this.requestCounts.set(countKey, (this.requestCounts.get(countKey) ?? 0) + 1);
    return ok({
      kind: "key",
      access: accessForPlan(found.plan),
      keyId: found.keyId,
      accountId: found.accountId,
      plan: found.plan,
    });
  }

  /** A lookup that is not cached, or no longer fresh: from the database (or its last state). */
  private async lookup(keyHash: string): Promise<CachedLookup> {
    const nowMs = Date.now();
    const cached = this.cache.get(keyHash);
    this.cacheLookups.misses++;
    const stale = cached && nowMs - cached.verifiedAt <= this.staleGraceMs ? cached : undefined;
    // A database known to be down is not waited on for a key whose last state is still usable.
    if (stale && this.databaseHealth?.available === false) return stale;
    let row: Awaited<ReturnType<typeof findApiKeyByHash>>;
    try {
      row = await findApiKeyByHash(this.db, keyHash);
    } catch (error) {
      if (stale === undefined || !isDatabaseUnavailable(error)) throw error; // 503 at the edge
      this.databaseHealth?.reportFailure(error);
      return stale;
    }
    this.databaseHealth?.reportSuccess();
    const entry: CachedLookup = {
      expiresAt: nowMs + this.cacheTtlMs,
      verifiedAt: nowMs,
      found: row && {
        keyId: row.id,
        accountId: row.accountId,
        plan: row.account.plan,
        keyHash: row.keyHash,
        revokedAt: row.revokedAt,
        trialEndsAt: row.account.trialEndsAt,
      },
    };
    if (this.cache.size >= KEY_CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(keyHash, entry);
    return entry;
  }

  /** Forget cached lookups (after a local revocation, so it applies at once here). */
  invalidate(): void {
    this.cache.clear();
  }

  /**
   * Writes the collected usage: per-day request counts, added to what other instances wrote
   * (counts that fail to write are kept for the next flush), and one last-use update per key.
   */
  async flushLastUsed(): Promise<number> {
    const counts = [...this.requestCounts.entries()];
    this.requestCounts.clear();
    try {
      await addKeyUsage(
        this.db,
        counts.map(([countKey, count]) => {
          const [keyId = "", day = ""] = countKey.split("|");
          return { keyId, day: day, count };
        }),
      );
    } catch (error) {
      for (const [countKey, count] of counts)
        this.requestCounts.set(countKey, (this.requestCounts.get(countKey) ?? 0) + count);
      throw error;
    }
    const entries = [...this.lastUsed.entries()];
    this.lastUsed.clear();
    for (const [id, at] of entries) {
      await this.db.apiKey.updateMany({
        where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
        data: { lastUsedAt: at },
      });
    }
    return entries.length;
  }

  /** Writes what is still collected; the periodic flush is the server's scheduler's. */
  async stop(): Promise<void> {
    await this.flushLastUsed().catch(() => undefined);
  }
}
