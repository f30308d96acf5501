import type { UtcDay } from "./calendar";

/** A version of an index's methodology, with the UTC day from which its values use it. */
export type MethodologyVersion = { version: string; effectiveFrom: UtcDay; summary: string };

/**
 * The version a value computed on `day` follows: the last one effective by then (the first one
 * for a day before any). `history` is oldest first.
 */
export function methodologyVersionOn(history: readonly MethodologyVersion[], day: UtcDay): string {
  let inForce = history[0]?.version ?? "";
  for (const entry of history) if (entry.effectiveFrom <= day) inForce = entry.version;
  return inForce;
}
