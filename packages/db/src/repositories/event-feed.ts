import type { MarketEvent } from "@tpi/domain";
import type { Db, Tx } from "../client";

/**
 * Reading the event outbox (`webhook_event`) in position order, for the live streams and the
 * MCP subscriptions, and its retention. Appends take one lock to the end of their transaction
 * (webhooks.ts), so positions become visible in order: a reader that asks for everything after
 * the last position it saw never skips an event committed later with a smaller position. A
 * position may be missing for good (a rolled-back append); readers skip it.
 */

/** An event as the outbox holds it: its position, when it was stored, the payload. */
export type StoredEvent = { position: bigint; appendedAt: Date; event: MarketEvent };

/**
 * At most `limit` events after `after`, in position order. The payload is parsed back from its
 * stored text (what the outbox stores is what `appendEvents` was given).
 */
export async function readEventsAfter(
  db: Tx,
  after: bigint,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db.$queryRaw<{ position: bigint; appendedAt: Date; payload: string }[]>`
    select position, appended_at as "appendedAt", payload::text as payload
    from webhook_event
    where position > ${after}
    order by position
    limit ${limit}`;
  return rows.map((row) => ({
    position: row.position,
    appendedAt: row.appendedAt,
    event: JSON.parse(row.payload) as MarketEvent,
  }));
}

/** The last position stored (0 when the outbox is empty): where a reader starting now begins. */
export async function lastEventPosition(db: Tx): Promise<bigint> {
  const rows = await db.$queryRaw<{ position: bigint | null }[]>`
    select max(position) as position from webhook_event`;
  return rows[0]?.position ?? 0n;
}

/**
 * Whether the event at `position` is still stored and was stored less than `retentionMs` ago
 * (by the database's clock, the one `appended_at` is written with): then no event after it has
 * been pruned, since every later event was stored later still.
 */
export async function isEventRetained(
  db: Tx,
  position: bigint,
  retentionMs: number,
): Promise<boolean> {
  const rows = await db.$queryRaw<{ retained: boolean }[]>`
    select appended_at >= clock_timestamp() - make_interval(secs => ${retentionMs / 1000}::double precision)
      as retained
    from webhook_event where position = ${position}`;
  return rows[0]?.retained ?? false;
}

/**
 * Deletes up to `limit` events stored more than `retentionMs` ago (by the database's clock) that
 * no delivery holds. A delivery holds its event while it is unfinished (pending or being
 * delivered) and its subscription is active or paused, however old the event grows; a disabled
 * subscription's deliveries, unfinished or failed (the one that disabled it), hold theirs only
 * until it has been disabled for `retentionMs`, so that enabling it within that window sends
 * everything queued for it, in order, and a subscription nobody enables does not keep the
 * outbox growing. Other deliveries go with their event (the foreign key cascades). Returns how
 * many were deleted; call again while it returns `limit`.
 */
export async function pruneEvents(db: Tx, retentionMs: number, limit: number): Promise<number> {
  return db.$executeRaw`
    delete from webhook_event
    where position in (
      select e.position from webhook_event e
      where e.appended_at < clock_timestamp() - make_interval(secs => ${retentionMs / 1000}::double precision)
        and not exists (
          select 1 from webhook_delivery d
          join webhook_subscription s on s.id = d.subscription_id
          where d.event_position = e.position
            and (
              (s.status <> 'disabled' and d.status in ('pending', 'delivering'))
              or (s.status = 'disabled' and d.status in ('pending', 'delivering', 'failed')
                  and s.disabled_at >= clock_timestamp() - make_interval(secs => ${retentionMs / 1000}::double precision))))
      order by e.position
      limit ${limit})`;
}

/**
 * The latest stored value of a series (its last value.settled, print.published or value.revised
 * event), as an MCP client reads a series resource; null when the outbox holds none. One probe of
 * `webhook_event_series_latest_idx` (an expression index written by hand in its migration: this
 * query's condition and expression must stay those of the index, or every read scans the outbox).
 */
export async function latestSeriesEvent(
  db: Tx,
  market: string,
  series: string,
): Promise<MarketEvent | null> {
  const rows = await db.$queryRaw<{ payload: string }[]>`
    select payload::text as payload from webhook_event
    where market = ${market}
      and type in ('value.settled', 'print.published', 'value.revised')
      and (payload -> 'data' ->> 'series') = ${series}
    order by position desc
    limit 1`;
  const row = rows[0];
  return row === undefined ? null : (JSON.parse(row.payload) as MarketEvent);
}

/** Records that `keyId` opened the MCP session `sessionId` (at its `initialize`). */
export async function openMcpSession(db: Tx, sessionId: string, keyId: string): Promise<void> {
  await db.$executeRaw`
    insert into mcp_session (session_id, key_id) values (${sessionId}, ${keyId}::uuid)`;
}

/** Whether `keyId` opened the session `sessionId` (and it was not pruned); renews it when so. */
export async function touchMcpSession(db: Tx, sessionId: string, keyId: string): Promise<boolean> {
  const touched = await db.$executeRaw`
    update mcp_session set touched_at = now()
    where session_id = ${sessionId} and key_id = ${keyId}::uuid`;
  return touched > 0;
}

export type McpSubscribeOutcome = "subscribed" | "unknown_session" | "limit";

/**
 * Records a subscription of the session `sessionId` to `uri` (again: renews it), when `keyId`
 * opened the session and it holds fewer than `limit` other subscriptions. The session's row is
 * locked meanwhile, so two subscriptions at once do not both take its last place.
 */
export async function subscribeMcpResource(
  db: Db,
  subscription: { sessionId: string; keyId: string; uri: string },
  limit: number,
): Promise<McpSubscribeOutcome> {
  const { sessionId, keyId, uri } = subscription;
  return db.$transaction(async (tx) => {
    if (!(await touchMcpSession(tx, sessionId, keyId))) return "unknown_session";
    const rows = await tx.$queryRaw<{ others: bigint }[]>`
      select count(*) as others from mcp_resource_subscription
      where session_id = ${sessionId} and uri <> ${uri}`;
    if ((rows[0]?.others ?? 0n) >= BigInt(limit)) return "limit";
    await tx.$executeRaw`
      insert into mcp_resource_subscription (session_id, uri) values (${sessionId}, ${uri})
      on conflict (session_id, uri) do update set touched_at = now()`;
    return "subscribed";
  });
}

/** Forgets a subscription of the session, when `keyId` opened it; false when it did not. */
export async function unsubscribeMcpResource(
  db: Tx,
  subscription: { sessionId: string; keyId: string; uri: string },
): Promise<boolean> {
  const { sessionId, keyId, uri } = subscription;
  if (!(await touchMcpSession(db, sessionId, keyId))) return false;
  await db.$executeRaw`
    delete from mcp_resource_subscription where session_id = ${sessionId} and uri = ${uri}`;
  return true;
}

/** Which of `sessionIds` subscribe to which of `uris`: one query for every session of an instance. */
export async function mcpSubscriptionsAmong(
  db: Tx,
  sessionIds: readonly string[],
  uris: readonly string[],
): Promise<{ sessionId: string; uri: string }[]> {
  if (sessionIds.length === 0 || uris.length === 0) return [];
  return db.$queryRaw<{ sessionId: string; uri: string }[]>`
    select session_id as "sessionId", uri from mcp_resource_subscription
    where session_id = any(${[...sessionIds]}::text[]) and uri = any(${[...uris]}::text[])`;
}

/**
 * Renews the sessions whose streams are open here and their subscriptions, then deletes the
 * sessions and subscriptions not renewed for `staleMs` (clients that went away without
 * unsubscribing; sessions opened and left). Returns how many subscriptions were deleted.
 */
export async function pruneMcpSubscriptions(
  db: Tx,
  openSessionIds: readonly string[],
  staleMs: number,
): Promise<number> {
  if (openSessionIds.length > 0) {
    await db.$executeRaw`
      update mcp_session set touched_at = now()
      where session_id = any(${[...openSessionIds]}::text[])`;
    await db.$executeRaw`
      update mcp_resource_subscription set touched_at = now()
      where session_id = any(${[...openSessionIds]}::text[])`;
  }
  await db.$executeRaw`
    delete from mcp_session
    where touched_at < now() - make_interval(secs => ${staleMs / 1000}::double precision)`;
  return db.$executeRaw`
    delete from mcp_resource_subscription
    where touched_at < now() - make_interval(secs => ${staleMs / 1000}::double precision)`;
}
