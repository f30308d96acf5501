import { requireFullPlan, type AccountPlan } from "../shared/access";
import type { DomainError } from "../shared/errors";
import type { Result } from "../shared/result";

/** Neo-Cloud site data is a Full plan product (the contract's route group, section 9). */
export const NEOCLOUD_REQUIRES_FULL_MESSAGE =
  "Neocloud site data is not included in premium access. A full subscription unlocks it.";

/** A keyless caller gets 401; a Premium or Trial key 403 naming the Full plan. */
export function requireNeocloudPlan(plan: AccountPlan | undefined): Result<void, DomainError> {
  return requireFullPlan(plan, NEOCLOUD_REQUIRES_FULL_MESSAGE);
}
