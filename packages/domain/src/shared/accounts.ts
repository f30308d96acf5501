import type { AccountPlan } from "./access";

/**
 * Rules about accounts and their keys that do not depend on storage: the trial period, who may
 * create keys through the api, and the key-name and keys-per-account limits.
 */

/** How long a trial lasts unless configured otherwise (TRIAL_PERIOD_HOURS). */
export const DEFAULT_TRIAL_PERIOD_HOURS = 72;

/** Active (unrevoked) keys one account may hold unless configured otherwise (MAX_KEYS_PER_ACCOUNT). */
export const DEFAULT_MAX_KEYS_PER_ACCOUNT = 10;

/** A key's name: 1 to 100 characters after trimming. */
export const API_KEY_NAME_MAX_LENGTH = 100;

/** The contract's 403 text (section 7) for a trial account calling `POST /api/create-api-key`. */
export const TRIAL_KEY_CREATION_MESSAGE =
  "API keys are not available on trial accounts. Upgrade to the premium or full plan to create API keys.";

/** Trial accounts use the keys an operator gave them; only paid plans mint their own. */
export function planMayCreateKeys(plan: AccountPlan): boolean {
  switch (plan) {
    case "trial":
      return false;
    case "premium":
    case "full":
      return true;
  }
}

/** When a trial that starts at `start` ends; null for paid plans, which do not expire. */
export function trialEndFor(plan: AccountPlan, start: Date, trialPeriodHours: number): Date | null {
  return plan === "trial" ? new Date(start.getTime() + trialPeriodHours * 3_600_000) : null;
}

/**
 * Whether an account's plan grants nothing any more: a trial whose end has passed. Its keys are
 * refused (401, inactive) and its website session sees what a keyless visitor sees.
 */
export function trialHasEnded(plan: AccountPlan, trialEndsAt: Date | null, now: Date): boolean {
  return plan === "trial" && trialEndsAt !== null && trialEndsAt.getTime() <= now.getTime();
}

/** A plan's name as readers see it ("Full plan"). */
export const PLAN_LABELS: Readonly<Record<AccountPlan, string>> = {
  trial: "Trial",
  premium: "Premium",
  full: "Full",
};

export function keyLimitMessage(maxKeysPerAccount: number): string {
  return `This account already has ${maxKeysPerAccount} active API keys, the most it may hold. Revoke one before creating another.`;
}

export function isAccountPlan(value: string): value is AccountPlan {
  return value === "trial" || value === "premium" || value === "full";
}
