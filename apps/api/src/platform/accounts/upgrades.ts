import {
  DomainError,
  UPGRADE_MESSAGES,
  badRequest,
  parseRefusalReason,
  parseUpgradeRequest,
  planMayCreateKeys,
  type UpgradeDecision,
} from "@tpi/domain";
import {
  decideUpgradeRequest,
  findAccountDetails,
  findLatestUpgradeRequest,
  insertUpgradeRequest,
  listAdminEmails,
  listPendingUpgradeRequests,
  setAccountPlan,
  type AccountRecord,
  type Db,
  type UpgradeRequestRecord,
} from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { enqueueAccountMail } from "./account-mail";
import { recordAdminAction } from "./admin";
import { upgradeApprovedMail, upgradeRefusedMail, upgradeRequestedMail } from "./mail-texts";
import type { AccountServiceDeps } from "./session-guard";

/**
 * The trial's way to a paid plan: the user asks from the account page (the operators are
 * mailed), an admin approves (the plan is set, the trial end cleared) or refuses with a reason
 * (the user is mailed either way). Decisions go to the admin action log, with who and when.
 */
export type UpgradeServiceDeps = AccountServiceDeps & {
  siteUrl: string;
  /** Who hears of a new request (OPERATOR_MAIL); empty: every admin account with a confirmed address. */
  operatorMail: readonly string[];
  /** A plan change applies at once on this instance (the others within the key cache's TTL). */
  auth: ApiKeyAuthenticator;
};

/** A request as the website shows it (dates as ISO strings). */
export type UpgradeRequestView = {
  id: string;
  plan: UpgradeRequestRecord["plan"];
  message: string | null;
  createdAt: string;
  decision: UpgradeDecision | null;
  decidedAt: string | null;
  refusalReason: string | null;
};

function view(request: UpgradeRequestRecord): UpgradeRequestView {
  return {
    id: request.id,
    plan: request.plan,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
    decision: request.decision,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    refusalReason: request.refusalReason,
  };
}

export class UpgradeService {
  constructor(private readonly deps: UpgradeServiceDeps) {}

  /** The account's latest request (pending or decided), or null: what its page says next. */
  async mine(input: { sessionToken: string }): Promise<UpgradeRequestView | null> {
    const session = await this.deps.guard.session(input.sessionToken);
    const latest = await findLatestUpgradeRequest(this.deps.db, session.account.id);
    return latest === null ? null : view(latest);
  }

  /** A trial account asks for a paid plan; one pending request per account. */
  async request(input: {
    sessionToken: string;
    csrfToken: string;
    plan: string;
    message?: string;
  }) {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    const account = session.account;
    if (planMayCreateKeys(account.plan)) throw badRequest(UPGRADE_MESSAGES.notTrial);
    const parsed = parseUpgradeRequest(input);
    if (!parsed.ok) throw parsed.error;
    const now = this.deps.clock();
    const created = await this.deps.db.$transaction(async (tx) => {
      const stored = await insertUpgradeRequest(tx, {
        accountId: account.id,
        plan: parsed.value.plan,
        message: parsed.value.message,
        createdAt: now,
      });
      if (stored === null) return null;
      const recipients =
        this.deps.operatorMail.length > 0 ? this.deps.operatorMail : await listAdminEmails(tx);
      const mail = upgradeRequestedMail(this.deps.siteUrl, {
        account: account.email ?? account.name,
        plan: stored.plan,
        message: stored.message,
      });
      for (const to of recipients) await enqueueAccountMail(tx, to, mail, now);
      return stored;
    });
    if (created === null) throw badRequest(UPGRADE_MESSAGES.alreadyPending);
    this.deps.mailQueued();
    return { message: UPGRADE_MESSAGES.requestSent, request: view(created) };
  }

  /** Every pending request, oldest first, with its account: the admin page's list. */
  async pending(input: { sessionToken: string }) {
    await this.deps.guard.admin(input.sessionToken);
    const requests = await listPendingUpgradeRequests(this.deps.db);
    return requests.map((request) => ({
      ...view(request),
      accountId: request.accountId,
      account: request.account.email ?? request.account.name,
      accountPlan: request.account.plan,
      trialEndsAt: request.account.trialEndsAt?.toISOString() ?? null,
    }));
  }

  async approve(input: { sessionToken: string; csrfToken: string; requestId: string }) {
    const session = await this.deps.guard.admin(input.sessionToken, input.csrfToken);
    const decided = await decideUpgrade(this.deps, {
      requestId: input.requestId,
      decision: "approved",
      reason: null,
      actor: session.account,
    });
    return { message: UPGRADE_MESSAGES.approved, request: view(decided) };
  }

  async refuse(input: {
    sessionToken: string;
    csrfToken: string;
    requestId: string;
    reason: string;
  }) {
    const session = await this.deps.guard.admin(input.sessionToken, input.csrfToken);
    const reason = parseRefusalReason(input.reason);
    if (!reason.ok) throw reason.error;
    const decided = await decideUpgrade(this.deps, {
      requestId: input.requestId,
      decision: "refused",
      reason: reason.value,
      actor: session.account,
    });
    return { message: UPGRADE_MESSAGES.refused, request: view(decided) };
  }
}

/**
 * Decides a pending request in one transaction: the decision with who and when, on approval the
 * plan (the trial's end cleared: paid plans do not expire), the admin action log, and the mail
 * to the user. Shared by the admin page and the command line (actor `cli`).
 */
export async function decideUpgrade(
  deps: {
    db: Db;
    clock: () => Date;
    siteUrl: string;
    /** This process's key cache, if it has one (the command line has none). */
    auth?: Pick<ApiKeyAuthenticator, "invalidate">;
    /** Wakes this process's mail outbox (the command line has none: the api's flush sends it). */
    mailQueued?: () => void;
  },
  input: {
    requestId: string;
    decision: UpgradeDecision;
    reason: string | null;
    actor: Pick<AccountRecord, "id" | "email"> | "cli";
  },
): Promise<UpgradeRequestRecord> {
  const now = deps.clock();
  const { actor } = input;
  const decidedBy = actor === "cli" ? "cli" : `account:${actor.id} ${actor.email ?? ""}`.trim();
  const decided = await deps.db.$transaction(async (tx) => {
    const request = await decideUpgradeRequest(tx, {
      id: input.requestId,
      decision: input.decision,
      decidedAt: now,
      decidedBy,
      refusalReason: input.reason,
    });
    if (request === null) return null;
    const account = await findAccountDetails(tx, request.accountId);
    if (input.decision === "approved")
      await setAccountPlan(tx, request.accountId, request.plan, null);
    await recordAdminAction(
      tx,
      actor,
      input.decision === "approved" ? "approve-upgrade" : "refuse-upgrade",
      `account:${request.accountId}`,
      {
        requestId: request.id,
        plan: request.plan,
        from: account?.plan ?? null,
        ...(input.reason === null ? {} : { reason: input.reason }),
      },
      now,
    );
    if (account?.email != null) {
      const mail =
        input.decision === "approved"
          ? upgradeApprovedMail(deps.siteUrl, request.plan)
          : upgradeRefusedMail(deps.siteUrl, request.plan, input.reason ?? "");
      await enqueueAccountMail(tx, account.email, mail, now);
    }
    return request;
  });
  if (decided === null) throw new DomainError("no_data", UPGRADE_MESSAGES.requestNotFound);
  deps.mailQueued?.();
  // The plan is cached with each key's lookup: drop it here (other instances follow within the TTL).
  if (input.decision === "approved") deps.auth?.invalidate();
  return decided;
}
