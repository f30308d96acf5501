import type { UtcDay } from "./calendar";

/** A version of an index's methodology, with the UTC day from which its values use it. */
export type MethodologyVersion = { version: string; effectiveFrom: UtcDay; summary: string };
