/**
 * Access levels of the token index (the contract's `access` enum) and the one mapping from an
 * account plan to the access its keys grant.
 */
export const ACCESS_LEVELS = ["public-1mo", "full"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PUBLIC_ACCESS: AccessLevel = "public-1mo";

export const ACCOUNT_PLANS = ["trial", "premium", "full"] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

/** Every valid key, whatever its plan, grants full history of all labs (contract 4.1 rule 5). */
export function accessForPlan(plan: AccountPlan): AccessLevel {
  switch (plan) {
    case "trial":
    case "premium":
    case "full":
      return "full";
  }
}
