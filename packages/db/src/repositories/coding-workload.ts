import {
  LLM_CODING_EVENTS,
  OPENROUTER_SOURCE,
  WORKLOAD_EVENTS,
  publishWorkloadIndex,
  weekPriceSnapshot,
  workloadPublishedValues,
  addDays,
  cellKey,
  codingPublishedValues,
  codingRevisionReason,
  githubSearchProvenance,
  seriesValueChanges,
  decideCountUpdate,
  ImportRefusedError,
  ok,
  shrinkRefusal,
  type AppRankingRow,
  type CodingAgent,
  type CodingMetric,
  type CountDecision,
  type CountStatus,
  type DayCountLookup,
  type GithubSearchEndpoint,
  type SessionCostCell,
  type SessionCostWeek,
  type SessionCostWindow,
  type TurnRange,
  type UtcDay,
  type WorkloadWeekInput,
} from "@tpi/domain";
import type { Db, Tx } from "../client";
import { Prisma } from "../generated/prisma/client";
import { dateToDay, dayToDate } from "./conversions";
import { appendSeriesValueEvents } from "./series-events";
import { priceListsOf, priceSnapshotsOf } from "./source-data";

/**
 * LLM coding counts from GitHub search (with their revisions), OpenRouter's coding app rankings
 * and its weekly session-cost cells, as stored. Each write is one transaction: a day's counts, a
 * rankings window or a session-cost week is stored whole or not at all.
 */

// --- coding counts ---

/** One answered search of one day: the count GitHub gave and the search that gave it. */
export type CodingCountObservation = {
  agent: CodingAgent;
  metric: CodingMetric;
  endpoint: GithubSearchEndpoint;
  /** The search's `q`, unencoded. */
  query: string;
  count: number;
};

export type CodingCountWrite = {
  agent: CodingAgent;
  metric: CodingMetric;
  decision: CountDecision;
};

export type CodingDayWrite = {
  day: UtcDay;
  inserted: number;
  updated: number;
  unchanged: number;
  revised: number;
  /** The day's counts were observed before the day ended: nothing was written. */
  dayNotOver: boolean;
  writes: CodingCountWrite[];
  /** Value events stored with the counts: a product-day first published, or its value changed. */
  events: number;
};

/**
 * Writes one day's answered counts in one transaction, each by the maturation rule
 * (`decideCountUpdate`): a new count is inserted, a provisional one updated in place (settling once
 * the day has matured), a settled one that changed is updated and its old value recorded in
 * `coding_count_revision`. A day not over when observed writes nothing. The row locks taken here
 * make two writers of the same day wait for each other, so a revision is never recorded twice.
 * The products' value events (`LLM_CODING_EVENTS`) of what changed go to the outbox in the same
 * transaction, published at `observedAt`.
 */
export async function writeCodingCountsOfDay(
  db: Db,
  input: {
    day: UtcDay;
    observations: readonly CodingCountObservation[];
    observedAt: Date;
    /** The UTC day the searches ran (decides provisional or settled). */
    observedOn: UtcDay;
    syncId: number | null;
  },
): Promise<CodingDayWrite> {
  const { day, observedAt, observedOn } = input;
  const date = dayToDate(day);
  const empty: CodingDayWrite = {
    day,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    revised: 0,
    dayNotOver: false,
    writes: [],
    events: 0,
  };
  // A day that has not ended when searched is never stored, not even in part.
  if (observedOn <= day) return { ...empty, dayNotOver: true };
  return db.$transaction(async (tx) => {
    const stored = await tx.$queryRaw<
      { agent: string; metric: string; count: number; status: string }[]
    >`
      select agent, metric, count, status from coding_count where day = ${date} for update`;
    const storedOf = (agent: string, metric: string) => {
      const row = stored.find((r) => r.agent === agent && r.metric === metric);
      return row === undefined ? null : { count: row.count, status: row.status as CountStatus };
    };
    const result: CodingDayWrite = { ...empty, writes: [] };
    for (const o of input.observations) {
      const decision = decideCountUpdate({
        day,
        stored: storedOf(o.agent, o.metric),
        observation: ok(o.count),
        observedOn,
      });
      result.writes.push({ agent: o.agent, metric: o.metric, decision });
      const key = { day_agent_metric: { day: date, agent: o.agent, metric: o.metric } };
      switch (decision.action) {
        case "insert":
          await tx.codingCount.create({
            data: {
              day: date,
              agent: o.agent,
              metric: o.metric,
              count: decision.count,
              status: decision.status,
              endpoint: o.endpoint,
              query: o.query,
              observedAt,
              firstObservedAt: observedAt,
            },
          });
          result.inserted += 1;
          break;
        case "update":
          await tx.codingCount.update({
            where: key,
            data: {
              count: decision.count,
              status: decision.status,
              endpoint: o.endpoint,
              query: o.query,
              observedAt,
            },
          });
          result.updated += 1;
          break;
        case "unchanged":
          // Observed again with the same value: only the time of the last observation moves.
          await tx.codingCount.update({ where: key, data: { observedAt } });
          result.unchanged += 1;
          break;
        case "revise":
          await tx.codingCount.update({
            where: key,
            data: { count: decision.count, endpoint: o.endpoint, query: o.query, observedAt },
          });
          await tx.codingCountRevision.create({
            data: {
              day: date,
              agent: o.agent,
              metric: o.metric,
              oldCount: decision.revision.oldCount,
              newCount: decision.revision.newCount,
              changePercent: decision.revision.changePercent,
              reason: decision.revision.reason,
              message: decision.revision.message,
              revisedAt: observedAt,
              syncId: input.syncId,
            },
          });
          result.revised += 1;
          break;
        case "failed":
        case "day_not_over":
          // Unreachable: only answered counts of ended days get here (checked above).
          throw new Error(`count of ${day} cannot be written: ${decision.action}`);
      }
    }
    result.events = await appendCodingDayEvents(tx, input, stored, result.writes);
    return result;
  });
}

type CountRow = { agent: string; metric: string; count: number; status: string };

function countLookup(rows: readonly CountRow[]): DayCountLookup {
  return (agent, metric) => {
    const row = rows.find((r) => r.agent === agent && r.metric === metric);
    return row === undefined ? undefined : { count: row.count, status: row.status as CountStatus };
  };
}

/**
 * The value events of one day's count write: every product's values of the day before and after
 * it, with the day before's values (unchanged by the write) as a new product-day's `previous`.
 */
async function appendCodingDayEvents(
  tx: Prisma.TransactionClient,
  input: { day: UtcDay; observedAt: Date },
  stored: readonly CountRow[],
  writes: readonly CodingCountWrite[],
): Promise<number> {
  const { day, observedAt } = input;
  const priorDay = addDays(day, -1);
  const prior = codingPublishedValues(
    priorDay,
    countLookup(
      await tx.$queryRaw<CountRow[]>`
        select agent, metric, count, status from coding_count where day = ${dayToDate(priorDay)}`,
    ),
    [],
  );
  const after: CountRow[] = stored.filter(
    (row) => !writes.some((w) => w.agent === row.agent && w.metric === row.metric),
  );
  for (const { agent, metric, decision } of writes)
    if ("count" in decision)
      after.push({ agent, metric, count: decision.count, status: decision.status });
    else {
      const kept = stored.find((row) => row.agent === agent && row.metric === metric);
      if (kept !== undefined) after.push(kept);
    }
  const changes = seriesValueChanges(
    [...prior, ...codingPublishedValues(day, countLookup(stored), [])],
    [
      ...prior,
      ...codingPublishedValues(day, countLookup(after), [githubSearchProvenance(observedAt)]),
    ],
    (published) => codingRevisionReason(published.series, day, writes),
  );
  return (await appendSeriesValueEvents(tx, LLM_CODING_EVENTS, changes, observedAt)).length;
}

export type StoredCodingCount = {
  day: UtcDay;
  agent: CodingAgent;
  metric: CodingMetric;
  count: number;
  status: CountStatus;
  endpoint: string;
  query: string;
  observedAt: Date;
  firstObservedAt: Date;
};

/** Stored counts of [from, to], oldest day first, then agent and metric. */
export async function readCodingCounts(
  db: Tx,
  range: { from: UtcDay; to: UtcDay; agent?: CodingAgent; metric?: CodingMetric },
): Promise<StoredCodingCount[]> {
  const rows = await db.codingCount.findMany({
    where: {
      day: { gte: dayToDate(range.from), lte: dayToDate(range.to) },
      ...(range.agent === undefined ? {} : { agent: range.agent }),
      ...(range.metric === undefined ? {} : { metric: range.metric }),
    },
    orderBy: [{ day: "asc" }, { agent: "asc" }, { metric: "asc" }],
  });
  return rows.map((r) => ({
    day: dateToDay(r.day),
    agent: r.agent as CodingAgent,
    metric: r.metric as CodingMetric,
    count: r.count,
    status: r.status as CountStatus,
    endpoint: r.endpoint,
    query: r.query,
    observedAt: r.observedAt,
    firstObservedAt: r.firstObservedAt,
  }));
}

/** Every stored count, oldest day first, then agent and metric (the read model's load). */
export async function allCodingCounts(db: Tx): Promise<StoredCodingCount[]> {
  const rows = await db.codingCount.findMany({
    orderBy: [{ day: "asc" }, { agent: "asc" }, { metric: "asc" }],
  });
  return rows.map((r) => ({
    day: dateToDay(r.day),
    agent: r.agent as CodingAgent,
    metric: r.metric as CodingMetric,
    count: r.count,
    status: r.status as CountStatus,
    endpoint: r.endpoint,
    query: r.query,
    observedAt: r.observedAt,
    firstObservedAt: r.firstObservedAt,
  }));
}

/** A stored count as a bulk file reads it: the day, the count and when it was searched. */
export type CodingCountOfDay = {
  day: UtcDay;
  agent: CodingAgent;
  metric: CodingMetric;
  count: number;
  status: CountStatus;
  observedAt: Date;
};

/**
 * One page of the stored counts of some agent-metric pairs: every count of the first `days`
 * days after `afterDay` (from the first day when absent) that hold any of them, oldest day
 * first, then agent and metric. A page holds whole days, so a day's counts are never split.
 */
export async function readCodingCountDays(
  db: Tx,
  page: {
    pairs: readonly { agent: CodingAgent; metric: CodingMetric }[];
    afterDay?: UtcDay;
    days: number;
  },
): Promise<CodingCountOfDay[]> {
  const pairs = page.pairs.map((pair) => `${pair.agent}/${pair.metric}`);
  const rows = await db.$queryRaw<
    {
      day: string;
      agent: string;
      metric: string;
      count: number;
      status: string;
      observed_at: Date;
    }[]
  >`
    with wanted as (
      select * from coding_count
      where agent || '/' || metric = any(${pairs}::text[])
        and day > ${page.afterDay ?? "0001-01-01"}::date
    ), last_day as (
      select max(day) as day
      from (select distinct day from wanted order by day limit ${page.days}) as days
    )
    select to_char(w.day, 'YYYY-MM-DD') as day, w.agent, w.metric, w.count, w.status,
           w.observed_at
    from wanted w, last_day
    where w.day <= last_day.day
    order by w.day, w.agent collate "C", w.metric collate "C"`;
  return rows.map((row) => ({
    day: row.day,
    agent: row.agent as CodingAgent,
    metric: row.metric as CodingMetric,
    count: row.count,
    status: row.status as CountStatus,
    observedAt: row.observed_at,
  }));
}

/**
 * Names the stored counts, revisions and app rankings: it moves whenever a sync writes (every
 * count write sets `observed_at`, a revision adds a row, a count or status changes, a rankings
 * window is replaced with its `synced_at`), so a read model reloads only then.
 */
export async function codingPublicationFingerprint(db: Tx): Promise<string> {
  const [row] = await db.$queryRaw<
    {
      counts: bigint;
      total: bigint;
      latest: Date | null;
      revisions: number | null;
      settled: bigint;
      rankings: bigint;
      rankings_synced: Date | null;
    }[]
  >`
    select (select count(*) from coding_count) as counts,
           (select coalesce(sum(count), 0)::bigint from coding_count) as total,
           (select max(observed_at) from coding_count) as latest,
           (select max(id) from coding_count_revision) as revisions,
           (select count(*) from coding_count where status = 'settled') as settled,
           (select count(*) from app_ranking_token) as rankings,
           (select max(synced_at) from app_ranking_token) as rankings_synced`;
  return [
    row?.counts ?? 0n,
    row?.total ?? 0n,
    row?.latest?.toISOString() ?? "-",
    row?.revisions ?? 0,
    row?.settled ?? 0n,
    row?.rankings ?? 0n,
    row?.rankings_synced?.toISOString() ?? "-",
  ].join(":");
}

export type StoredCodingCountRevision = {
  id: number;
  day: UtcDay;
  agent: CodingAgent;
  metric: CodingMetric;
  oldCount: number;
  newCount: number;
  changePercent: number | null;
  reason: string;
  message: string;
  revisedAt: Date;
  syncId: number | null;
};

/** Revisions of settled counts, of days in [from, to] when given, in the order recorded. */
export async function readCodingCountRevisions(
  db: Tx,
  range: { from?: UtcDay; to?: UtcDay } = {},
): Promise<StoredCodingCountRevision[]> {
  const rows = await db.codingCountRevision.findMany({
    where: {
      day: {
        ...(range.from === undefined ? {} : { gte: dayToDate(range.from) }),
        ...(range.to === undefined ? {} : { lte: dayToDate(range.to) }),
      },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    day: dateToDay(r.day),
    agent: r.agent as CodingAgent,
    metric: r.metric as CodingMetric,
    oldCount: r.oldCount,
    newCount: r.newCount,
    changePercent: r.changePercent,
    reason: r.reason,
    message: r.message,
    revisedAt: r.revisedAt,
    syncId: r.syncId,
  }));
}

/**
 * Days of [from, to] with every one of `expected` counts stored and settled: a daily sync skips
 * them (a settled count is searched again only when asked for explicitly).
 */
export async function settledCodingDays(
  db: Tx,
  range: { from: UtcDay; to: UtcDay },
  expected: number,
): Promise<UtcDay[]> {
  const rows = await db.codingCount.groupBy({
    by: ["day"],
    where: {
      day: { gte: dayToDate(range.from), lte: dayToDate(range.to) },
      status: "settled",
    },
    _count: { _all: true },
  });
  return rows
    .filter((r) => r._count._all >= expected)
    .map((r) => dateToDay(r.day))
    .sort();
}

// --- app rankings ---

export type AppRankingWindowInput = {
  category: string;
  windowStart: UtcDay;
  windowEnd: UtcDay;
  asOf: Date;
  syncedAt: Date;
  rows: readonly AppRankingRow[];
};

/**
 * Replaces one category's rankings of one window in one transaction (the source restates figures
 * as its snapshots refresh; the stored window is always one whole answer with its `as_of`).
 */
export async function replaceAppRankingWindow(
  db: Db,
  input: AppRankingWindowInput,
): Promise<{ deleted: number; inserted: number }> {
  const where = {
    category: input.category,
    windowStart: dayToDate(input.windowStart),
    windowEnd: dayToDate(input.windowEnd),
  };
  return db.$transaction(async (tx) => {
    const { count: deleted } = await tx.appRankingToken.deleteMany({ where });
    const { count: inserted } = await tx.appRankingToken.createMany({
      data: input.rows.map((row) => ({
        ...where,
        appId: row.appId,
        appName: row.appName,
        rank: row.rank,
        totalRequests: BigInt(row.totalRequests),
        totalTokens: new Prisma.Decimal(row.totalTokens.toString()),
        asOf: input.asOf,
        syncedAt: input.syncedAt,
      })),
    });
    return { deleted, inserted };
  });
}

export type StoredAppRankingWindow = {
  category: string;
  windowStart: UtcDay;
  windowEnd: UtcDay;
  asOf: Date;
  rows: AppRankingRow[];
};

/** A category's stored windows starting in [from, to], oldest first, rows by rank. */
export async function readAppRankingWindows(
  db: Tx,
  range: { category: string; from: UtcDay; to: UtcDay },
): Promise<StoredAppRankingWindow[]> {
  const rows = await db.appRankingToken.findMany({
    where: {
      category: range.category,
      windowStart: { gte: dayToDate(range.from), lte: dayToDate(range.to) },
    },
    orderBy: [{ windowStart: "asc" }, { windowEnd: "asc" }, { rank: "asc" }, { appId: "asc" }],
  });
  const windows: StoredAppRankingWindow[] = [];
  for (const r of rows) {
    const windowStart = dateToDay(r.windowStart);
    const windowEnd = dateToDay(r.windowEnd);
    let last = windows.at(-1);
    if (last === undefined || last.windowStart !== windowStart || last.windowEnd !== windowEnd) {
      last = { category: r.category, windowStart, windowEnd, asOf: r.asOf, rows: [] };
      windows.push(last);
    }
    last.rows.push({
      appId: r.appId,
      appName: r.appName,
      rank: r.rank,
      totalRequests: Number(r.totalRequests),
      totalTokens: BigInt(r.totalTokens.toFixed(0)),
    });
  }
  return windows;
}

/** One app's row of a one-day rankings window, with the window's day and `as_of`. */
export type AppRankingDayRow = {
  day: UtcDay;
  appId: number;
  appName: string;
  rank: number;
  totalRequests: number;
  /** Exact, as its decimal text (totals exceed 2^53). */
  totalTokens: string;
  asOf: Date;
};

/**
 * One page of a category's rows of one-day windows (a window of several days is no day's), by
 * app id as text (byte order) then day, after the (app id, day) given: keyset pages that hold
 * no row twice however the windows are replaced between them.
 */
export async function readAppRankingDayRows(
  db: Tx,
  page: { category: string; after?: { appId: number; day: UtcDay }; limit: number },
): Promise<AppRankingDayRow[]> {
  const afterApp = page.after === undefined ? "" : String(page.after.appId);
  const afterDay = page.after?.day ?? "0001-01-01";
  const rows = await db.$queryRaw<
    {
      day: string;
      app_id: number;
      app_name: string;
      rank: number;
      total_requests: bigint;
      total_tokens: string;
      as_of: Date;
    }[]
  >`
    select to_char(window_start, 'YYYY-MM-DD') as day, app_id, app_name, rank, total_requests,
           total_tokens::text as total_tokens, as_of
    from app_ranking_token
    where category = ${page.category} and window_start = window_end
      and (app_id::text collate "C", window_start) > (${afterApp}::text collate "C", ${afterDay}::date)
    order by app_id::text collate "C", window_start
    limit ${page.limit}`;
  return rows.map((row) => ({
    day: row.day,
    appId: row.app_id,
    appName: row.app_name,
    rank: row.rank,
    totalRequests: Number(row.total_requests),
    totalTokens: row.total_tokens,
    asOf: row.as_of,
  }));
}

// --- session-cost weeks ---

/**
 * Replaces the week named by `window.windowEndDate` with these cells, in the source's order,
 * in one transaction, with the value events (`WORKLOAD_EVENTS`, published at `syncedAt`) of
 * every index row the write settled or changed. A refreshed week that would drop more than the domain's share of the
 * stored cells (a truncated answer) is refused with ImportRefusedError, nothing written, unless
 * `allowShrink`.
 */
export async function replaceSessionCostWeek(
  db: Db,
  input: { window: SessionCostWindow; cells: readonly SessionCostCell[]; syncedAt: Date },
  options: { allowShrink: boolean } = { allowShrink: false },
): Promise<{ deleted: number; inserted: number; events: number }> {
  const windowEndDate = dayToDate(input.window.windowEndDate);
  return db.$transaction(async (tx) => {
    const stored = await tx.sessionCostCell.findMany({
      where: { windowEndDate },
      select: { appSlug: true, modelPermaslug: true, turnRange: true },
    });
    const incoming = new Set(input.cells.map(cellKey));
    const refusal = shrinkRefusal({
      what: `session-cost cells of the week ending ${input.window.windowEndDate}`,
      stored: stored.length,
      removed: stored.filter(
        (cell) => !incoming.has(cellKey({ ...cell, turnRange: cell.turnRange as TurnRange })),
      ).length,
      allowShrink: options.allowShrink,
      run: "sync",
    });
    if (refusal !== undefined) throw new ImportRefusedError(refusal);
    const before = publishWorkloadIndex(await readWorkloadInputs(tx));
    const { count: deleted } = await tx.sessionCostCell.deleteMany({ where: { windowEndDate } });
    const { count: inserted } = await tx.sessionCostCell.createMany({
      data: input.cells.map((cell, position) => ({
        windowEndDate,
        windowDays: input.window.windowDays,
        asOf: new Date(input.window.asOf),
        position,
        appSlug: cell.appSlug,
        appName: cell.appName,
        modelPermaslug: cell.modelPermaslug,
        turnRange: cell.turnRange,
        medianSessionCostUsd: cell.medianSessionCostUsd,
        syncedAt: input.syncedAt,
      })),
    });
    const after = publishWorkloadIndex(await readWorkloadInputs(tx));
    const week = input.window.windowEndDate;
    const changes = seriesValueChanges(
      workloadPublishedValues(before),
      workloadPublishedValues(after),
      (published) =>
        published.period.grain === "day" && published.period.day === week
          ? `The session-cost week ending ${week} was synced again with other cells.`
          : `The like-for-like index is chained to the week ending ${week}, which was synced again with other cells.`,
    );
    const events = await appendSeriesValueEvents(tx, WORKLOAD_EVENTS, changes, input.syncedAt);
    return { deleted, inserted, events: events.length };
  });
}

/**
 * Every stored session-cost week with the price list that prices it (the OpenRouter snapshot in
 * force on its window's last day, `weekPriceSnapshot`): what the Workload Cost index is computed
 * from, for the read model and for the value events of a write alike.
 */
export async function readWorkloadInputs(db: Tx): Promise<WorkloadWeekInput[]> {
  const weeks = await readSessionCostWeeks(db);
  if (weeks.length === 0) return [];
  const snapshots = await priceSnapshotsOf(db, OPENROUTER_SOURCE);
  const chosen = weeks.map((week) => weekPriceSnapshot(week.window.windowEndDate, snapshots));
  const lists = await priceListsOf(
    db,
    chosen.flatMap((snapshot) => (snapshot === null ? [] : [snapshot.id])),
  );
  return weeks.map((week, i) => {
    const snapshot = chosen[i] ?? null;
    return {
      week,
      prices:
        snapshot === null
          ? null
          : { fetchedAt: snapshot.fetchedAt, models: lists.get(snapshot.id) ?? [] },
    };
  });
}

/**
 * Stored weeks whose window ends in [from, to] (all when absent), oldest first, each with its
 * cells in the source's order (repeats kept) and its window as the source described it.
 */
export async function readSessionCostWeeks(
  db: Tx,
  range: { from?: UtcDay; to?: UtcDay } = {},
): Promise<SessionCostWeek[]> {
  const rows = await db.sessionCostCell.findMany({
    where: {
      windowEndDate: {
        ...(range.from === undefined ? {} : { gte: dayToDate(range.from) }),
        ...(range.to === undefined ? {} : { lte: dayToDate(range.to) }),
      },
    },
    orderBy: [{ windowEndDate: "asc" }, { position: "asc" }],
  });
  const weeks: { window: SessionCostWindow; cells: SessionCostCell[] }[] = [];
  for (const r of rows) {
    const windowEndDate = dateToDay(r.windowEndDate);
    let last = weeks.at(-1);
    if (last === undefined || last.window.windowEndDate !== windowEndDate) {
      last = {
        window: { asOf: r.asOf.toISOString(), windowDays: r.windowDays, windowEndDate },
        cells: [],
      };
      weeks.push(last);
    }
    last.cells.push({
      appSlug: r.appSlug,
      appName: r.appName,
      modelPermaslug: r.modelPermaslug,
      turnRange: r.turnRange as TurnRange,
      medianSessionCostUsd: r.medianSessionCostUsd,
    });
  }
  return weeks;
}

/**
 * What the Workload Cost index is computed from, as one string: the stored session-cost weeks
 * (their count, cells and latest sync) and OpenRouter's price snapshots (their count and newest
 * id). It moves whenever a week is written or a snapshot stored, and only then.
 */
export async function workloadInputsFingerprint(db: Tx, priceSource: string): Promise<string> {
  const [cells, snapshots] = await Promise.all([
    db.sessionCostCell.aggregate({
      _count: { _all: true },
      _max: { syncedAt: true, windowEndDate: true },
    }),
    db.priceSnapshot.aggregate({
      where: { source: priceSource },
      _count: { _all: true },
      _max: { id: true },
    }),
  ]);
  return [
    cells._count._all,
    cells._max.windowEndDate?.toISOString() ?? "",
    cells._max.syncedAt?.toISOString() ?? "",
    snapshots._count._all,
    snapshots._max.id ?? "",
  ].join("|");
}
