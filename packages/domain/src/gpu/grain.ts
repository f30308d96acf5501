import { requireFullPlan, type AccountPlan } from "../shared/access";
import { badRequest, type DomainError } from "../shared/errors";
import { err, ok, type Result } from "../shared/result";

/**
 * Which grain of GPU data a caller may read, by plan (the original service's tiers): hourly prints
 * for Full keys only; Premium and Trial keys read daily values (a request for hourly or `auto`
 * data is served daily, not refused; a route that only has hourly data answers 403); keyless
 * callers read what the free GPU routes allow. `plan` is undefined for a keyless caller.
 */

/** The grains a GPU series is served in: settled daily values (4 PM New York) or hourly prints. */
export const GPU_GRAINS = ["daily", "hourly"] as const;
export type GpuGrain = (typeof GPU_GRAINS)[number];

/** What a caller may ask for in `granularity`: a grain, or `auto` (chosen by the range's length). */
export const GPU_GRANULARITY_CHOICES = ["daily", "hourly", "auto"] as const;
export type GpuGranularityChoice = (typeof GPU_GRANULARITY_CHOICES)[number];

/** `auto` serves hourly prints for ranges up to this many days, daily values beyond (the original: "about 30 days"). */
export const AUTO_HOURLY_MAX_DAYS = 30;

export const GRANULARITY_MESSAGE = `granularity must be one of ${GPU_GRANULARITY_CHOICES.join(", ")}`;

export const HOURLY_REQUIRES_FULL_MESSAGE =
  "Hourly GPU data needs a Full plan key; Premium and Trial keys read daily values.";

/** The `access` field of GPU answers: the trailing window without a key, else the key's plan. */
export const GPU_PLAN_ACCESS_LEVELS = ["public-3mo", "premium", "full"] as const;
export type GpuPlanAccess = (typeof GPU_PLAN_ACCESS_LEVELS)[number];

export function gpuPlanAccessOf(plan: AccountPlan | undefined): GpuPlanAccess {
  if (plan === undefined) return "public-3mo";
  return planReadsHourly(plan) ? "full" : "premium";
}

/** Only Full keys read hourly prints; Trial keys behave as Premium. */
export function planReadsHourly(plan: AccountPlan | undefined): boolean {
  return plan === "full";
}

export function parseGranularity(
  value: string | undefined,
): Result<GpuGranularityChoice, DomainError> {
  if (value === undefined) return ok("auto");
  return (GPU_GRANULARITY_CHOICES as readonly string[]).includes(value)
    ? ok(value as GpuGranularityChoice)
    : err(badRequest(GRANULARITY_MESSAGE));
}

/**
 * The grain actually served: daily when asked for daily, when the plan cannot read hourly prints,
 * or (for `auto`) when the range spans more than AUTO_HOURLY_MAX_DAYS days.
 */
export function servedGrain(
  requested: GpuGranularityChoice,
  rangeDays: number,
  plan: AccountPlan | undefined,
): GpuGrain {
  if (requested === "daily" || !planReadsHourly(plan)) return "daily";
  if (requested === "hourly") return "hourly";
  return rangeDays <= AUTO_HOURLY_MAX_DAYS ? "hourly" : "daily";
}

/**
 * For routes that only have hourly data (the hourly series, the current rolling average): a
 * keyless caller gets 401, a Premium or Trial key 403 saying which plan reads it.
 */
export function requireHourlyPlan(plan: AccountPlan | undefined): Result<void, DomainError> {
  return requireFullPlan(plan, HOURLY_REQUIRES_FULL_MESSAGE);
}
