import { apiKeyRequired, forbidden, type DomainError } from "./errors";
import { err, ok, type Result } from "./result";

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

/**
 * For what only a Full plan key reads (hourly GPU prints, neo-cloud sites, the assistant): a
 * keyless caller gets 401, a Premium or Trial key 403 in the product's own words.
 */
export function requireFullPlan(
  plan: AccountPlan | undefined,
  forbiddenMessage: string,
): Result<void, DomainError> {
  if (plan === undefined) return err(apiKeyRequired());
  if (plan !== "full") return err(forbidden(forbiddenMessage));
  return ok(undefined);
}

/** The assistant (`POST /api/chat`) answers Full plan keys only: each question spends model tokens. */
export const CHAT_REQUIRES_FULL_MESSAGE =
  "The assistant is not included in premium access. A full subscription unlocks it.";

/**
 * The ids of a catalogue whose entries say whether a keyless caller reads them: every id, and
 * the free tier's, both in catalogue order.
 */
export function catalogueIds<Entry extends { freeTier: boolean }, IdKey extends keyof Entry>(
  catalogue: readonly Entry[],
  idKey: IdKey,
): { all: readonly Entry[IdKey][]; freeTier: readonly Entry[IdKey][] } {
  return {
    all: catalogue.map((entry) => entry[idKey]),
    freeTier: catalogue.filter((entry) => entry.freeTier).map((entry) => entry[idKey]),
  };
}
