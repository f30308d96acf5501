import type { UpgradeDecision, UpgradePlan } from "@tpi/domain";
import type { Tx } from "../client";

/**
 * Storage of the trial accounts' upgrade requests. At most one undecided request per account
 * (a partial unique index): a second insert while one is pending stores nothing.
 */
export type UpgradeRequestRecord = {
  id: string;
  accountId: string;
  plan: UpgradePlan;
  message: string | null;
  createdAt: Date;
  decision: UpgradeDecision | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  refusalReason: string | null;
};

/** A pending request with the account it is for, as an admin sees it. */
export type PendingUpgradeRequest = UpgradeRequestRecord & {
  account: { email: string | null; name: string; plan: string; trialEndsAt: Date | null };
};

const asRecord = (row: {
  id: string;
  accountId: string;
  plan: string;
  message: string | null;
  createdAt: Date;
  decision: string | null;
  decidedAt: Date | null;
  decidedBy: string | null;
  refusalReason: string | null;
}): UpgradeRequestRecord => ({
  ...row,
  plan: row.plan as UpgradePlan,
  decision: row.decision as UpgradeDecision | null,
});

/** Stores a pending request; null when the account already has one pending. */
export async function insertUpgradeRequest(
  tx: Tx,
  input: { accountId: string; plan: UpgradePlan; message: string | null; createdAt: Date },
): Promise<UpgradeRequestRecord | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    insert into upgrade_request (id, account_id, plan, message, created_at)
    values (gen_random_uuid(), ${input.accountId}::uuid, ${input.plan}, ${input.message}, ${input.createdAt})
    on conflict (account_id) where decided_at is null do nothing
    returning id::text as id`;
  const id = rows[0]?.id;
  if (id === undefined) return null;
  return asRecord(await tx.upgradeRequest.findUniqueOrThrow({ where: { id } }));
}

/** The account's latest request (pending or decided), or null. */
export async function findLatestUpgradeRequest(
  db: Tx,
  accountId: string,
): Promise<UpgradeRequestRecord | null> {
  const row = await db.upgradeRequest.findFirst({
    where: { accountId },
    orderBy: { createdAt: "desc" },
  });
  return row ? asRecord(row) : null;
}

/** Every pending request, oldest first, with its account. */
export async function listPendingUpgradeRequests(db: Tx): Promise<PendingUpgradeRequest[]> {
  const rows = await db.upgradeRequest.findMany({
    where: { decidedAt: null },
    orderBy: { createdAt: "asc" },
    include: { account: { select: { email: true, name: true, plan: true, trialEndsAt: true } } },
  });
  return rows.map(({ account, ...row }) => ({ ...asRecord(row), account }));
}

/**
 * Records the decision on a pending request; null when no pending request has this id (unknown,
 * or decided meanwhile: one statement, so two admins cannot both decide it).
 */
export async function decideUpgradeRequest(
  tx: Tx,
  input: {
    id: string;
    decision: UpgradeDecision;
    decidedAt: Date;
    decidedBy: string;
    refusalReason: string | null;
  },
): Promise<UpgradeRequestRecord | null> {
  const { count } = await tx.upgradeRequest.updateMany({
    where: { id: input.id, decidedAt: null },
    data: {
      decision: input.decision,
      decidedAt: input.decidedAt,
      decidedBy: input.decidedBy,
      refusalReason: input.refusalReason,
    },
  });
  if (count === 0) return null;
  return asRecord(await tx.upgradeRequest.findUniqueOrThrow({ where: { id: input.id } }));
}

/** Addresses of the admin accounts whose address is confirmed: who hears of a new request. */
export async function listAdminEmails(db: Tx): Promise<string[]> {
  const rows = await db.account.findMany({
    where: { role: "admin", email: { not: null }, emailVerifiedAt: { not: null } },
    select: { email: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.flatMap((row) => (row.email === null ? [] : [row.email]));
}
