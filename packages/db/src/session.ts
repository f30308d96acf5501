import type pg from "pg";

/**
 * Every connection this package opens runs its session in UTC. Days and hours are UTC throughout
 * the indices, and a server (or an embedded one initialised under another `TZ`) may default to a
 * local zone, which would move any timestamp written or read as text without an offset, and any
 * cast of a timestamp to a date, by that zone's offset. A statement after connecting rather than
 * a start-up option, because connection poolers such as PgBouncer refuse start-up options and a
 * `DATABASE_URL` carrying its own `options` would replace ours.
 */
export const UTC_SESSION_STATEMENT = "set time zone 'UTC'";

/** For a pool: every new connection sets the zone before its first query (pg runs them in order). */
export function keepSessionsInUtc(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    // A failure here is the connection's failure; the query that follows reports it.
    client.query(UTC_SESSION_STATEMENT).catch(() => undefined);
  });
}

/** For a single client, once connected. */
export async function setSessionUtc(client: pg.Client): Promise<void> {
  await client.query(UTC_SESSION_STATEMENT);
}
