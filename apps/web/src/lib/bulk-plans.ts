import { PLAN_LABELS, type AccountPlan } from "@tpi/domain";

/** Who reads a full file, as a sentence names it: "the Premium or Full plan", "any plan". */
export function plansSentence(plans: readonly AccountPlan[] | undefined): string {
  if (plans === undefined || plans.length === Object.keys(PLAN_LABELS).length) return "any plan";
  if (plans.length === 0) return "no plan";
  const labels = plans.map((plan) => PLAN_LABELS[plan]);
  const last = labels.pop();
  return labels.length === 0 ? `the ${last} plan` : `the ${labels.join(", ")} or ${last} plans`;
}
