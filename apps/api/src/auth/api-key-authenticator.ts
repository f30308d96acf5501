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
  type AccessLevel,
  type AccountPlan,
  type DomainError,
  type Result,
} from "@tpi/domain";
import { findApiKeyByHash, type Db } from "@tpi/db";
import { hashApiKey } from "./api-key-secret";

export type Caller =
  | { kind: "anonymous"; access: AccessLevel }
  | { kind: "key"; access: AccessLevel; keyId: string; accountId: string; plan: AccountPlan };

export const ANONYMOUS: Caller = { kind: "anonymous", access: PUBLIC_ACCESS };

type CachedLookup = {
  expiresAt: number;
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
/** Milliseconds between batched writes of `lastUsedAt` (run by the server's scheduler). */
export const LAST_USED_FLUSH_MS = 30_000;

/**
 * Resolves the Authorization header to a caller. Lookups are cached for a few seconds so that a
 * busy key costs one database read per interval, not one per request; `lastUsedAt` is collected in
 * memory and written in batches for the same reason.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CachedLookup>();
  private readonly lastUsed = new Map<string, Date>();
  /** Lookups answered from the cache and from the database, for the metrics. */
  readonly cacheLookups = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async authenticate(
    authorizationHeader: string | undefined,
  ): Promise<Result<Caller, DomainError>> {
    if (authorizationHeader === undefined) return ok(ANONYMOUS);
    const key = bearerTokenOf(authorizationHeader);
    if (key === undefined || !isWellFormedApiKey(key)) return err(invalidApiKey());

    const keyHash = hashApiKey(key);
    const lookup = await this.lookup(keyHash);
    const found = lookup.found;
    if (
      !found ||
      !timingSafeEqual(Buffer.from(found.keyHash, "hex"), Buffer.from(keyHash, "hex"))
    ) {
      return err(invalidApiKey());
    }
    const now = this.clock();
    if (found.revokedAt !== null) return err(inactiveApiKey());
    if (
      found.plan === "trial" &&
      found.trialEndsAt !== null &&
      found.trialEndsAt.getTime() <= now.getTime()
    ) {
      return err(inactiveApiKey());
    }
    this.lastUsed.set(found.keyId, now);
    return ok({
      kind: "key",
      access: accessForPlan(found.plan),
      keyId: found.keyId,
      accountId: found.accountId,
      plan: found.plan,
    });
  }

  private async lookup(keyHash: string): Promise<CachedLookup> {
    const nowMs = Date.now();
    const cached = this.cache.get(keyHash);
    if (cached && cached.expiresAt > nowMs) {
      this.cacheLookups.hits++;
      return cached;
    }
    this.cacheLookups.misses++;
    const row = await findApiKeyByHash(this.db, keyHash);
    const entry: CachedLookup = {
      expiresAt: nowMs + KEY_CACHE_TTL_MS,
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

  /** Writes the collected last-use times, one update per key used since the last flush. */
  async flushLastUsed(): Promise<number> {
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
