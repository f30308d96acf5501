import {
  PLAN_NAMES,
  UPGRADE_MESSAGE_MAX_LENGTH,
  UPGRADE_PLANS,
  planSummary,
  type AccountPlan,
  type UpgradeDecision,
  type UpgradePlan,
  type UpgradeRequestState,
} from "@tpi/domain";
import { CsrfField } from "./account-parts";

/** The account's latest upgrade request as the api's `account.upgrades.mine` answers it. */
export type UpgradeRequestAnswer = {
  plan: UpgradePlan;
  createdAt: string;
  decision: UpgradeDecision | null;
  decidedAt: string | null;
  refusalReason: string | null;
} | null;

export function upgradeState(request: UpgradeRequestAnswer): UpgradeRequestState {
  if (request === null) return { status: "none" };
  if (request.decision === null || request.decidedAt === null)
    return { status: "pending", plan: request.plan, createdAt: new Date(request.createdAt) };
  return request.decision === "approved"
    ? { status: "approved", plan: request.plan, decidedAt: new Date(request.decidedAt) }
    : {
        status: "refused",
        plan: request.plan,
        decidedAt: new Date(request.decidedAt),
        reason: request.refusalReason,
      };
}

/**
 * What the plan allows (the domain's words, from the access rules), until when, and the one next
 * step, with the upgrade form when the next step is to ask for one.
 */
export function PlanPanel({
  account,
  upgrade,
  activeKeys,
  csrfToken,
  now,
}: {
  account: { plan: AccountPlan; trialEndsAt: string | null };
  upgrade: UpgradeRequestAnswer;
  activeKeys: number;
  csrfToken: string;
  now: Date;
}) {
  const summary = planSummary({
    plan: account.plan,
    trialEndsAt: account.trialEndsAt === null ? null : new Date(account.trialEndsAt),
    activeKeys,
    upgrade: upgradeState(upgrade),
    now,
  });
  return (
    <section className="plan-panel" aria-labelledby="plan-heading" data-plan-panel>
      <h2 id="plan-heading">Your plan</h2>
      <p data-plan-until>
        <strong>{summary.name}</strong>, {summary.until}.
      </p>
      <ul data-plan-allows>
        {summary.allows.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p data-plan-next={summary.next.step}>
        <strong>Next:</strong> {summary.next.text}
      </p>
      {summary.next.step === "request-upgrade" ? (
        <UpgradeRequestForm csrfToken={csrfToken} />
      ) : null}
    </section>
  );
}

/** One form, one button per plan: works without JavaScript (the pressed button names the plan). */
function UpgradeRequestForm({ csrfToken }: { csrfToken: string }) {
  return (
    <form
      method="post"
      action="/account/do/request-upgrade"
      className="account-form"
      data-form="request-upgrade"
    >
      <CsrfField token={csrfToken} />
      <label>
        Message to the operators (optional)
        <textarea name="message" rows={3} maxLength={UPGRADE_MESSAGE_MAX_LENGTH} />
      </label>
      <div className="button-row">
        {UPGRADE_PLANS.map((plan) => (
          <button key={plan} type="submit" name="plan" value={plan}>
            Request {PLAN_NAMES[plan]}
          </button>
        ))}
      </div>
    </form>
  );
}
