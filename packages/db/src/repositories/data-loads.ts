import pg from "pg";
import type { UtcDay } from "@tpi/domain";
import type { Tx } from "../client";
import { setSessionUtc } from "../session";
import { dateToDay, dayToDate } from "./conversions";

/**
 * First-start loads (`data_load`): one row per market and source, written before anything is
 * loaded, so that a load stopped halfway (a signal, a crash, kill -9) is known to be unfinished
 * and the next start resumes it. An attempt holds a session-level advisory lock on the row's id
 * on a connection of its own: PostgreSQL releases it when that connection closes, whatever killed
 * the process, so "running, lock free" means "interrupted".
 */

/**
 * - `running`: an attempt is (or was, if its lock is free) loading;
 * - `interrupted`: stopped before it finished (a signal, or its process died): resumed at once;
 * - `failed`: the attempt ended without every day (a source failed): resumed later;
 * - `complete`;
 * - `superseded`: the configuration asks for another source now (a key set after a sample start).
 */
export type DataLoadStatus = "running" | "interrupted" | "failed" | "complete" | "superseded";

export type DataLoad = {
  id: number;
  market: string;
  source: string;
  firstDay: UtcDay;
  lastDay: UtcDay;
  status: DataLoadStatus;
  owner: string | null;
  attempts: number;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  message: string;
};

/** Whether a load still has work to do (superseded and complete loads do not). */
export const isPendingLoad = (load: Pick<DataLoad, "status">): boolean =>
  load.status !== "complete" && load.status !== "superseded";

type DataLoadRow = {
  id: number;
  market: string;
  source: string;
  firstDay: Date;
  lastDay: Date;
  status: string;
  owner: string | null;
  attempts: number;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  message: string;
};

function dataLoadOf(row: DataLoadRow): DataLoad {
  return {
    ...row,
    firstDay: dateToDay(row.firstDay),
    lastDay: dateToDay(row.lastDay),
    status: row.status as DataLoadStatus,
  };
}

/** Every load a market recorded, oldest first. */
export async function dataLoadsOf(db: Tx, market: string): Promise<DataLoad[]> {
  const rows = await db.dataLoad.findMany({ where: { market }, orderBy: { id: "asc" } });
  return rows.map(dataLoadOf);
}

export async function findDataLoad(db: Tx, id: number): Promise<DataLoad | null> {
  const row = await db.dataLoad.findUnique({ where: { id } });
  return row === null ? null : dataLoadOf(row);
}

/**
 * Records a market's load from `source` before it starts (status `interrupted` until an attempt
 * takes it: a process that dies before then leaves a load the next start resumes). Returns the
 * stored row: the one already recorded when two instances plan the same load at once.
 */
export async function planDataLoad(
  db: Tx,
  plan: {
    market: string;
    source: string;
    firstDay: UtcDay;
    lastDay: UtcDay;
    now: Date;
    /** The status to record (`complete` when adopting a load that finished before load plans existed). */
    status?: DataLoadStatus;
    message?: string;
  },
): Promise<DataLoad> {
  const status = plan.status ?? "interrupted";
  // One statement, so that instances planning the same load at once all get the one row.
  await db.$executeRaw`
    insert into data_load (market, source, first_day, last_day, status, started_at, updated_at,
                           completed_at, message)
    values (${plan.market}, ${plan.source}, ${dayToDate(plan.firstDay)}::date,
            ${dayToDate(plan.lastDay)}::date, ${status}, ${plan.now}, ${plan.now},
            ${status === "complete" ? plan.now : null}, ${plan.message ?? "planned; not started yet"})
    on conflict (market, source) do nothing`;
  const row = await db.dataLoad.findUniqueOrThrow({
    where: { market_source: { market: plan.market, source: plan.source } },
  });
  return dataLoadOf(row);
}

/** An attempt starts: the (possibly extended) range, the owner, one more attempt. */
export async function beginDataLoadAttempt(
  db: Tx,
  id: number,
  attempt: { owner: string; firstDay: UtcDay; lastDay: UtcDay; now: Date },
): Promise<DataLoad> {
  const row = await db.dataLoad.update({
    where: { id },
    data: {
      status: "running",
      owner: attempt.owner,
      firstDay: dayToDate(attempt.firstDay),
      lastDay: dayToDate(attempt.lastDay),
      attempts: { increment: 1 },
      updatedAt: attempt.now,
      message: "loading",
    },
  });
  return dataLoadOf(row);
}

/** The running attempt's progress ("31 of 91 days"): its heartbeat. */
export async function recordDataLoadProgress(
  db: Tx,
  id: number,
  progress: { message: string; now: Date },
): Promise<void> {
  await db.dataLoad.update({
    where: { id },
    data: { message: progress.message, updatedAt: progress.now },
  });
}

/** The attempt's end (or a load closed without one: superseded, or found interrupted). */
export async function endDataLoad(
  db: Tx,
  id: number,
  end: {
    status: Exclude<DataLoadStatus, "running">;
    message: string;
    now: Date;
    lastDay?: UtcDay;
  },
): Promise<void> {
  await db.dataLoad.update({
    where: { id },
    data: {
      status: end.status,
      message: end.message,
      updatedAt: end.now,
      ...(end.status === "complete" ? { completedAt: end.now } : {}),
      ...(end.lastDay === undefined ? {} : { lastDay: dayToDate(end.lastDay) }),
    },
  });
}

/** The advisory-lock class of data loads (the second key is the load's id). */
const DATA_LOAD_LOCK_CLASS = 7_224_020;

export type DataLoadLock = {
  /** Unlocks and closes the lock's connection (the lock also goes if the process dies). */
  release(): Promise<void>;
};

/**
 * Takes load `id`'s lock on a connection of its own (not a pool's: a session lock must stay on
 * the connection that took it), or returns null at once when another process holds it.
 */
export async function tryLockDataLoad(
  databaseUrl: string,
  id: number,
): Promise<DataLoadLock | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An idle lock connection that breaks (the server restarts) must not crash the process; the
  // lock is gone with it, which another instance may notice and take over.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await setSessionUtc(client);
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1::int, $2::int) as locked",
      [DATA_LOAD_LOCK_CLASS, id],
    );
    if (rows[0]?.locked === true)
      return {
        async release() {
          await client
            .query("select pg_advisory_unlock($1::int, $2::int)", [DATA_LOAD_LOCK_CLASS, id])
            .catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end().catch(() => undefined);
  return null;
}

/** A load as /health reports it: its status, and whether a live process holds its lock. */
export type DataLoadState = {
  market: string;
  source: string;
  status: DataLoadStatus;
  /** A process is loading it now (its lock is held). */
  locked: boolean;
};

/** Every recorded load with its lock's state, in one cheap query (pg_locks of this database). */
export async function dataLoadStates(db: Tx): Promise<DataLoadState[]> {
  return db.$queryRaw<DataLoadState[]>`
    select d.market, d.source, d.status,
           exists (
             select 1 from pg_locks l
             where l.locktype = 'advisory' and l.granted
               and l.database = (select oid from pg_database where datname = current_database())
               and l.classid = ${DATA_LOAD_LOCK_CLASS}::oid and l.objid = d.id::oid
               and l.objsubid = 2
           ) as locked
    from data_load d
    order by d.market, d.id`;
}
