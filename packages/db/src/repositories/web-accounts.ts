import type { AccountPlan, AccountRole, UtcDay } from "@tpi/domain";
import type { Db, Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { asAccount, type AccountRecord } from "./api-keys";
import { dateToDay, dayToDate } from "./conversions";

/**
 * Storage of the website's accounts: credentials, sessions, one-time mail tokens, the mail
 * outbox, per-key daily usage and the operators' action log. Tokens are stored as SHA-256
 * hashes only; the caller hashes.
 */
export type EmailTokenPurpose = "verify" | "reset";

export type Credentials = AccountRecord & {
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
};

export async function findCredentialsByEmail(db: Tx, email: string): Promise<Credentials | null> {
  const row = await db.account.findUnique({ where: { email } });
  return row
    ? { ...asAccount(row), passwordHash: row.passwordHash, emailVerifiedAt: row.emailVerifiedAt }
    : null;
}

export async function findAccountDetails(db: Tx, id: string): Promise<Credentials | null> {
  const row = await db.account.findUnique({ where: { id } });
  return row
    ? { ...asAccount(row), passwordHash: row.passwordHash, emailVerifiedAt: row.emailVerifiedAt }
    : null;
}

/** A new website account; null when the address is taken (a concurrent sign-up won). */
export async function insertWebAccount(
  tx: Tx,
  input: {
    email: string;
    passwordHash: string;
    name: string;
    plan: AccountPlan;
    trialEndsAt: Date | null;
    createdAt: Date;
  },
): Promise<AccountRecord | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    insert into account (id, name, plan, trial_ends_at, created_at, email, password_hash, role)
    values (gen_random_uuid(), ${input.name}, ${input.plan}, ${input.trialEndsAt}, ${input.createdAt},
            ${input.email}, ${input.passwordHash}, 'user')
    on conflict (email) do nothing
    returning id`;
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const row = await tx.account.findUniqueOrThrow({ where: { id } });
  return asAccount(row);
}

export async function setPasswordHash(tx: Tx, accountId: string, passwordHash: string) {
  await tx.account.update({ where: { id: accountId }, data: { passwordHash } });
}

export async function markEmailVerified(tx: Tx, accountId: string, at: Date): Promise<void> {
  await tx.account.updateMany({
    where: { id: accountId, emailVerifiedAt: null },
    data: { emailVerifiedAt: at },
  });
}

/** Sets an account's role, found by id or email; null when none matches. */
export async function setAccountRole(
  db: Tx,
  account: { id: string } | { email: string },
  role: AccountRole,
): Promise<AccountRecord | null> {
  const where = "id" in account ? { id: account.id } : { email: account.email };
  const found = await db.account.findUnique({ where });
  if (found === null) return null;
  return asAccount(await db.account.update({ where: { id: found.id }, data: { role } }));
}

// --- sessions ---

export type WebSessionRecord = {
  id: string;
  accountId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
};

export async function insertWebSession(
  tx: Tx,
  input: { accountId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<WebSessionRecord> {
  const { tokenHash: _hash, ...row } = await tx.webSession.create({
    data: { ...input, lastSeenAt: input.createdAt },
  });
  return row;
}

export async function findWebSessionByHash(
  db: Tx,
  tokenHash: string,
): Promise<(WebSessionRecord & { tokenHash: string }) | null> {
  return db.webSession.findUnique({ where: { tokenHash } });
}

export async function touchWebSession(db: Tx, id: string, at: Date): Promise<void> {
  await db.webSession.updateMany({
    where: { id, revokedAt: null, lastSeenAt: { lt: at } },
    data: { lastSeenAt: at },
  });
}

export async function revokeWebSession(db: Tx, id: string, at: Date): Promise<void> {
  await db.webSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
}

/** Ends every session of an account (password reset); returns how many were live. */
export async function revokeAccountSessions(db: Tx, accountId: string, at: Date): Promise<number> {
  const { count } = await db.webSession.updateMany({
    where: { accountId, revokedAt: null },
    data: { revokedAt: at },
  });
  return count;
}

/**
 * Deletes the website accounts whose address was never confirmed, created before `createdBefore`,
 * that hold no API key and no admin role (their sessions and mail links go with them). Returns
 * what it deleted, oldest first.
 */
export async function deleteUnverifiedAccounts(
  tx: Tx,
  createdBefore: Date,
): Promise<{ id: string; email: string; createdAt: Date }[]> {
  // One statement, so an account confirmed (or given a key) meanwhile is never deleted.
  return tx.$queryRaw<{ id: string; email: string; createdAt: Date }[]>`
    delete from account a
    where a.email is not null
      and a.email_verified_at is null
      and a.role = 'user'
      and a.created_at < ${createdBefore}
      and not exists (select 1 from api_key k where k.account_id = a.id)
    returning a.id::text as id, a.email, a.created_at as "createdAt"`.then((rows) =>
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
  );
}

/**
 * The account's sessions that may still be live, newest first: not revoked, signed in after
 * `signedInAfter` and used after `seenAfter` (the absolute and idle ends; see sessionIsLive).
 */
export async function listLiveSessions(
  db: Tx,
  accountId: string,
  bounds: { signedInAfter: Date; seenAfter: Date },
): Promise<WebSessionRecord[]> {
  return db.webSession.findMany({
    where: {
      accountId,
      revokedAt: null,
      createdAt: { gt: bounds.signedInAfter },
      lastSeenAt: { gt: bounds.seenAfter },
    },
    orderBy: { createdAt: "desc" },
    omit: { tokenHash: true },
  });
}

/**
 * Ends every live session of an account but one ("sign out everywhere else"), with the same
 * bounds as listLiveSessions; returns how many it ended.
 */
export async function revokeOtherSessions(
  db: Tx,
  accountId: string,
  keptId: string,
  bounds: { signedInAfter: Date; seenAfter: Date },
  at: Date,
): Promise<number> {
  const { count } = await db.webSession.updateMany({
    where: {
      accountId,
      revokedAt: null,
      id: { not: keptId },
      createdAt: { gt: bounds.signedInAfter },
      lastSeenAt: { gt: bounds.seenAfter },
    },
    data: { revokedAt: at },
  });
  return count;
}

// --- one-time mail tokens ---

export async function insertEmailToken(
  tx: Tx,
  input: {
    accountId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.emailToken.create({ data: input });
}

/** A token's state without using it (to check a new password before the reset link is spent). */
export async function findEmailToken(
  db: Tx,
  tokenHash: string,
): Promise<{ accountId: string; purpose: string; expiresAt: Date; usedAt: Date | null } | null> {
  return db.emailToken.findUnique({
    where: { tokenHash },
    select: { accountId: true, purpose: true, expiresAt: true, usedAt: true },
  });
}

/**
 * Uses a token once: marks it used if it exists for this purpose, is unused and unexpired, and
 * returns its account; null otherwise. One statement, so two concurrent uses cannot both win.
 */
export async function consumeEmailToken(
  tx: Tx,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  const rows = await tx.$queryRaw<{ account_id: string }[]>`
    update email_token set used_at = ${now}
    where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > ${now}
    returning account_id::text`;
  return rows[0]?.account_id ?? null;
}

// --- mail outbox ---

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  textBody: string;
  kind: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
};

export async function enqueueMail(
  tx: Tx,
  mail: { to: string; subject: string; textBody: string; kind: string; createdAt: Date },
): Promise<void> {
  await tx.mailOutbox.create({ data: mail });
}

/**
 * Claims up to `limit` unsent mails with attempts left, oldest first, by counting an attempt on
 * each: another instance's flusher skips rows being claimed (skip locked) and the attempt count
 * bounds retries even if this process dies while sending.
 */
export async function claimPendingMail(
  db: Db,
  limit: number,
  maxAttempts: number,
): Promise<OutboxMail[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    update mail_outbox set attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where sent_at is null and attempts < ${maxAttempts}
      order by created_at
      limit ${limit}
      for update skip locked)
    returning id::text`;
  if (rows.length === 0) return [];
  return db.mailOutbox.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    orderBy: { createdAt: "asc" },
  });
}

/** Sent: the body, which may hold a one-time link, is not kept. */
export async function markMailSent(db: Db, id: string, at: Date): Promise<void> {
  await db.mailOutbox.update({
    where: { id },
    data: { sentAt: at, lastError: null, textBody: "" },
  });
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.mailOutbox.update({ where: { id }, data: { lastError: error.slice(0, 1000) } });
}

export async function listOutbox(db: Db): Promise<OutboxMail[]> {
  return db.mailOutbox.findMany({ orderBy: { createdAt: "asc" } });
}

// --- per-key daily usage ---

/**
 * Adds counts (never sets them), so instances sharing the database each add their own. One
 * statement: a failed flush wrote nothing and can be retried whole. Keys deleted meanwhile (their
 * account removed) are skipped by the join.
 */
export async function addKeyUsage(
  db: Tx,
  rows: readonly { keyId: string; day: UtcDay; count: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const keyIds = rows.map((row) => row.keyId);
  const days = rows.map((row) => row.day);
  const counts = rows.map((row) => String(row.count));
  await db.$executeRaw`
    insert into api_key_usage (key_id, day, count)
    select k.id, u.day, u.count
    from unnest(${keyIds}::text[]::uuid[], ${days}::text[]::date[], ${counts}::text[]::bigint[])
      as u(key_id, day, count)
    join api_key k on k.id = u.key_id
    on conflict (key_id, day) do update set count = api_key_usage.count + excluded.count`;
}

export async function listKeyUsage(
  db: Tx,
  keyIds: readonly string[],
  fromDay: UtcDay,
): Promise<{ keyId: string; day: UtcDay; count: number }[]> {
  if (keyIds.length === 0) return [];
  const rows = await db.apiKeyUsage.findMany({
    where: { keyId: { in: [...keyIds] }, day: { gte: dayToDate(fromDay) } },
    orderBy: [{ day: "asc" }, { keyId: "asc" }],
  });
  return rows.map((row) => ({
    keyId: row.keyId,
    day: dateToDay(row.day),
    count: Number(row.count),
  }));
}

// --- operators' actions ---

export type AdminActionRecord = {
  id: number;
  actorAccountId: string | null;
  actor: string;
  action: string;
  target: string;
  details: Prisma.JsonValue;
  at: Date;
};

export async function insertAdminAction(
  tx: Tx,
  action: Omit<AdminActionRecord, "id" | "details"> & { details: Prisma.InputJsonValue },
): Promise<AdminActionRecord> {
  return tx.adminAction.create({ data: action });
}

/** The latest actions first. */
export async function listAdminActions(db: Tx, limit: number): Promise<AdminActionRecord[]> {
  return db.adminAction.findMany({ orderBy: { id: "desc" }, take: limit });
}
