import { formatUtcInstant } from "../lib/format";

/** `2026-11-23 19:00:00Z`, wrapping between the day and the time only. */
export function UtcInstant({ instant }: { instant: string }) {
  const [day, time] = formatUtcInstant(instant).split(" ");
  return (
    <time dateTime={instant}>
      <span className="instant-part">{day}</span> <span className="instant-part">{time}</span>
    </time>
  );
}
