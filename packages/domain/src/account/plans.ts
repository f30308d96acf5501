import { accessForPlan, type AccountPlan } from "../shared/access";
import { planMayCreateKeys } from "../shared/accounts";
import { DomainError } from "../shared/errors";
import { err, ok, type Result } from "../shared/result";

/**
 * What a new account gets, the trial's request for a paid plan, and what the account page says
 * about a plan: what it allows (from the access rules), until when, and what to do next.
 */

/** The plan of a new website account unless the operator configures another (NEW_ACCOUNT_PLAN). */
export const DEFAULT_NEW_ACCOUNT_PLAN: AccountPlan = "trial";

/** The plans a trial account may ask for. */
export const UPGRADE_PLANS = ["premium", "full"] as const;
export type UpgradePlan = (typeof UPGRADE_PLANS)[number];

export const UPGRADE_DECISIONS = ["approved", "refused"] as const;
export type UpgradeDecision = (typeof UPGRADE_DECISIONS)[number];

/** The user's note to the operators and the admin's reason for a refusal: a paragraph, not a file. */
export const UPGRADE_MESSAGE_MAX_LENGTH = 1_000;
export const REFUSAL_REASON_MAX_LENGTH = 1_000;

export const PLAN_NAMES: Record<AccountPlan, string> = {
  trial: "Trial",
  premium: "Premium",
  full: "Full",
};

export function isUpgradePlan(value: string): value is UpgradePlan {
  return (UPGRADE_PLANS as readonly string[]).includes(value);
}

/** The words of the upgrade path. One source each; the api answers with exactly these. */
export const UPGRADE_MESSAGES = {
  requestSent: "Your request is sent. The operators decide it and tell you by mail.",
  alreadyPending:
    "This account already has a request waiting for a decision. You will hear by mail.",
  notTrial: "Only trial accounts request an upgrade: this account's plan already creates keys.",
  invalidPlan: `Choose a plan to request: ${UPGRADE_PLANS.join(" or ")}.`,
  messageTooLong: `Keep the message to at most ${UPGRADE_MESSAGE_MAX_LENGTH} characters.`,
  reasonRequired: "Give the reason for the refusal: the user reads it.",
  reasonTooLong: `Keep the reason to at most ${REFUSAL_REASON_MAX_LENGTH} characters.`,
  requestNotFound: "No pending upgrade request has that id (already decided, or unknown).",
  approved: "The request is approved: the account has its new plan.",
  refused: "The request is refused and the user is told why.",
} as const;

/** A user's upgrade request, checked: the plan, and the note trimmed (empty is no note). */
export function parseUpgradeRequest(input: {
  plan: string;
  message?: string | null;
}): Result<{ plan: UpgradePlan; message: string | null }, DomainError> {
  if (!isUpgradePlan(input.plan))
    return err(new DomainError("bad_request", UPGRADE_MESSAGES.invalidPlan));
  const message = (input.message ?? "").trim();
  if (message.length > UPGRADE_MESSAGE_MAX_LENGTH)
    return err(new DomainError("bad_request", UPGRADE_MESSAGES.messageTooLong));
  return ok({ plan: input.plan, message: message === "" ? null : message });
}

/** An admin's reason for a refusal, trimmed: required, since the user is told it. */
export function parseRefusalReason(value: string): Result<string, DomainError> {
  const reason = value.trim();
  if (reason === "") return err(new DomainError("bad_request", UPGRADE_MESSAGES.reasonRequired));
  if (reason.length > REFUSAL_REASON_MAX_LENGTH)
    return err(new DomainError("bad_request", UPGRADE_MESSAGES.reasonTooLong));
  return ok(reason);
}

/** `2026-11-26 03:14 UTC`: minutes are the grain a person plans by. */
export function formatUtcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What the sign-up page promises, from the operator's NEW_ACCOUNT_PLAN and TRIAL_PERIOD_HOURS. */
export function newAccountTermsText(plan: AccountPlan, trialPeriodHours: number): string {
  return planMayCreateKeys(plan)
    ? `New accounts get the ${PLAN_NAMES[plan]} plan: you create your own API keys as soon as you have confirmed your email address.`
    : `New accounts start on a ${trialPeriodHours}-hour trial, which cannot create API keys: request Premium or Full from your account page, and an administrator decides.`;
}

/** What an account's keys may read, in words, from the one plan-to-access mapping. */
export function planAllowances(plan: AccountPlan): string[] {
  const data =
    accessForPlan(plan) === "full"
      ? "API keys read every lab's full history"
      : "API keys read the public labs' last month";
  const keys = planMayCreateKeys(plan)
    ? "Create and revoke your own API keys on this page"
    : "No API keys of your own: trial accounts cannot create keys";
  return [data, keys];
}

/** The state of an account's latest upgrade request, as the account page needs it. */
export type UpgradeRequestState =
  | { status: "none" }
  | { status: "pending"; plan: UpgradePlan; createdAt: Date }
  | { status: "refused"; plan: UpgradePlan; decidedAt: Date; reason: string | null }
  | { status: "approved"; plan: UpgradePlan; decidedAt: Date };

export type PlanSummary = {
  /** "Trial", "Premium", "Full". */
  name: string;
  allows: string[];
  /** "until 2026-11-29 03:14 UTC", "ended 2026-11-29 03:14 UTC" or "does not expire". */
  until: string;
  expired: boolean;
  /** The one next step: what the page asks the user to do now. */
  next:
    | { step: "request-upgrade"; text: string }
    | { step: "request-pending"; text: string }
    | { step: "create-key"; text: string }
    | { step: "use-keys"; text: string };
};

/** What the account page says about a plan: what it allows, until when, what to do next. */
export function planSummary(account: {
  plan: AccountPlan;
  trialEndsAt: Date | null;
  activeKeys: number;
  upgrade: UpgradeRequestState;
  now: Date;
}): PlanSummary {
  const { plan, trialEndsAt, now, upgrade } = account;
  const expired = trialEndsAt !== null && trialEndsAt.getTime() <= now.getTime();
  const until =
    trialEndsAt === null
      ? "does not expire"
      : `${expired ? "ended" : "until"} ${formatUtcMinute(trialEndsAt)}`;
  const base = { name: PLAN_NAMES[plan], allows: planAllowances(plan), until, expired };
  if (!planMayCreateKeys(plan)) {
    if (upgrade.status === "pending")
      return {
        ...base,
        next: {
          step: "request-pending",
          text: `Your request for ${PLAN_NAMES[upgrade.plan]} is pending since ${formatUtcMinute(upgrade.createdAt)}. You will hear by mail.`,
        },
      };
    const refused =
      upgrade.status === "refused"
        ? ` Your request for ${PLAN_NAMES[upgrade.plan]} was refused on ${formatUtcMinute(upgrade.decidedAt)}.${upgrade.reason === null ? "" : ` Reason given: ${upgrade.reason}`}`
        : "";
    return {
      ...base,
      next: {
        step: "request-upgrade",
        text: `Request Premium or Full below to create your own API keys.${refused}`,
      },
    };
  }
  return account.activeKeys === 0
    ? { ...base, next: { step: "create-key", text: "Create your first API key below." } }
    : {
        ...base,
        next: {
          step: "use-keys",
          text: "Send a key in the header Authorization: Bearer <API_KEY>. Create more or revoke them below.",
        },
      };
}
