import { addDays, type UtcDay } from "./calendar";

/**
 * The GPU and Memory indexes settle at 4 PM America/New_York. The UTC offset of New York comes from the
 * platform's time-zone database through Intl, never from a hand-written DST table.
 */
export const SETTLEMENT_TIME_ZONE = "America/New_York";
/** Local hour of the daily settlement (16:00 = 4 PM). */
export const SETTLEMENT_LOCAL_HOUR = 16;

const MS_PER_MINUTE = 60_000;
const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SETTLEMENT_TIME_ZONE,
  timeZoneName: "longOffset",
});
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SETTLEMENT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Minutes to add to UTC to get New York wall time at `instant` (-240 in summer, -300 in winter). */
export function newYorkOffsetMinutes(instant: Date): number {
  const name =
    offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!match) throw new Error(`unexpected time-zone name '${name}' for ${SETTLEMENT_TIME_ZONE}`);
  if (match[1] === undefined) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The New York calendar day `instant` falls in. */
export function newYorkDayOf(instant: Date): UtcDay {
  return dayFormat.format(instant);
}

/**
 * The settlement instant of New York day `day`: 16:00 local, which is 20:00 UTC under daylight
 * saving time and 21:00 UTC otherwise. US clocks change at 2 AM local, so the offset read at
 * 12:00 UTC (7 or 8 AM in New York) is the one in force at 4 PM the same day.
 */
export function settlementInstant(day: UtcDay): Date {
  let instantMs = settlementInstantMs.get(day);
  if (instantMs === undefined) {
    instantMs = computeSettlementInstantMs(day);
    settlementInstantMs.set(day, instantMs);
  }
  return new Date(instantMs);
}

/**
 * Settlement instants already computed, in epoch milliseconds by day: an import asks for one per
 * row, and Intl's offset lookup allocated an array of parts each time. At most one entry per
 * calendar day asked (under 400 KB for a century).
 */
const settlementInstantMs = new Map<UtcDay, number>();

function computeSettlementInstantMs(day: UtcDay): number {
  const noonUtc = new Date(`${day}T12:00:00.000Z`);
  const offset = newYorkOffsetMinutes(noonUtc);
  return (
    Date.UTC(
      noonUtc.getUTCFullYear(),
      noonUtc.getUTCMonth(),
      noonUtc.getUTCDate(),
      SETTLEMENT_LOCAL_HOUR,
    ) -
    offset * MS_PER_MINUTE
  );
}

/** The latest New York day whose settlement instant is at or before `instant`. */
export function latestSettledDayAt(instant: Date): UtcDay {
  const today = newYorkDayOf(instant);
  return settlementInstant(today).getTime() <= instant.getTime() ? today : addDays(today, -1);
}

/** The next daily settlement instant after `instant` (4 PM New York of the next unsettled day). */
export function nextSettlementInstant(instant: Date): Date {
  return settlementInstant(addDays(latestSettledDayAt(instant), 1));
}
