import type { RouterOutputs } from "../../lib/api-types";

/**
 * The token index's answers, typed as the api's internal tRPC router returns them, so a change of
 * the api's answers is a compile error here rather than a page that silently renders the wrong
 * field.
 */

/** One token index row: a row of `GET /api/otpi`'s `data`. */
export type IndexRow = RouterOutputs["freeWindowIndex"]["rows"][number];

/** One synced source day: its source, `as_of`, citation, price basis and coverage. */
export type SourceDay = RouterOutputs["sourceDays"][number];

/** A settled lab-day's constituents with coverage and provenance: the body of `GET /api/otpi/constituents`. */
export type Constituents = NonNullable<RouterOutputs["constituents"]>;

/** One constituent model of a lab-day. */
export type ConstituentRow = Constituents["data"][number];

/** The volume page's data: the latest settled days of token volume, growth and share per lab. */
export type RecentTokenVolume = RouterOutputs["recentTokenVolume"];

/** A keyed lab's latest settled day, without its value (the keyless pages show it locked). */
export type KeyedLatestDay = RouterOutputs["keyedLatestDays"][number];

/** `GET /api/otpi` as a key of the session's plan gets it. */
export type PlanIndex = RouterOutputs["planIndex"];

/** `GET /api/otpi/constituents` as a key of the session's plan gets it. */
export type PlanConstituents = RouterOutputs["planConstituents"];
