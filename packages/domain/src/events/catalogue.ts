/**
 * The event catalogue: every kind of event the service tells subscribers about, for all markets
 * alike. A webhook delivery, a live stream and the MCP notifications carry the same types.
 *
 * Names follow the Standard Webhooks specification ("Operational considerations", "Event
 * types"): hierarchical, full-stop delimited, identifiers of `[a-zA-Z0-9_]`, noun first then
 * what happened to it (`value.settled`), so a receiver can route on the noun. A name is frozen
 * once published: receivers switch on it. Adding a type is additive; renaming one is breaking.
 */
export const EVENT_TYPES = {
  /**
   * A daily value became final: the day closed and its settlement (or, for a maturing count,
   * the end of maturation) fixed it. "settled" is the word every market's answers already use.
   */
  "value.settled":
    "A daily value settled: final for its day, changed later only by a revision (value.revised).",
  /**
   * An hourly print was published. "print" names an intraday observation, not a settlement, so
   * a receiver that only wants final values subscribes to value.settled alone.
   */
  "print.published": "An hourly print was published for its hour.",
  /**
   * A settled value or a published print changed afterwards: a restatement, a maturing count, a
   * corrected input. Carries the old and the new values and the reason. "revised" rather than
   * "restated" because the revision logs of every market (`/revisions`) already use the word.
   */
  "value.revised":
    "A settled value or published print was revised: old and new values and the reason.",
  /**
   * A newly published value crossed a subscriber's threshold (a level, or a change of more
   * than a percentage against the previous value). Evaluated per subscription, from the
   * value.settled or print.published event it follows.
   */
  "threshold.crossed":
    "A published value crossed a level, or changed by more than a percentage against the previous value.",
  /**
   * A market's source stopped delivering as it should: a sync failed (published data grows
   * stale) or the served data fell back to the generated sample. The noun is the source, not
   * the market, because one market can have several sources.
   */
  "source.degraded":
    "A source degraded: a sync failed, or the served data fell back to the generated sample.",
  /** The degradation that began at `since` ended: the source syncs and serves market data again. */
  "source.recovered": "A degraded source recovered: it syncs and serves market data again.",
} as const;

export type EventType = keyof typeof EVENT_TYPES;

/** The types in catalogue order (every list, message and document follows this order). */
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}

/**
 * The version of the payload layout (the envelope and every type's `data`), sent as `version`
 * in each payload. It changes only when a field is removed, renamed or changes meaning; adding
 * a field or an event type keeps it, so receivers must ignore fields they do not know.
 */
export const EVENT_PAYLOAD_VERSION = 1;
