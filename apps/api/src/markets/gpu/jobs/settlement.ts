import {
  GPU_NAMES,
  MS_PER_HOUR,
  addDays,
  computeDailyValue,
  computeGpuPrints,
  floorToHour,
  isBackfilled,
  latestSettledDayAt,
  newYorkDayOf,
  quoteExclusionOf,
  settlementInstant,
  settlementPeriod,
  type GpuMethodRules,
  type GpuName,
  type SettlingPrint,
  type UtcDay,
} from "@tpi/domain";
import {
  firstGpuTradeAt,
  firstQuoteSnapshotAt,
  gpuPrintsBetween,
  gpuTradesBetween,
  insertDailyQuotes,
  insertGpuDailyValues,
  insertGpuPrints,
  latestGpuDailyValue,
  latestGpuPrint,
  lockGpuSettlement,
  quoteSnapshotAttributions,
  quoteSnapshotsBetween,
  quoteSnapshotsWithIds,
  type Db,
  type PublishedDailyValue,
} from "@tpi/db";
import { publishEvents } from "../../../platform/publication/events";
import {
  dailyValueFacts,
  printFacts,
  snapshotsCitedByDailyValues,
  snapshotsCitedByPrints,
} from "./events";

export type GpuSettlementReport = {
  prints: number;
  carriedPrints: number;
  dailyValues: number;
  lastPrintHour: Date | undefined;
};

/**
 * Hours printed per transaction: a quarter keeps memory small (at most ~40k trades) while the
 * first start, which prints 18 months, needs 6 transactions per GPU rather than 18 (each costs a
 * few round trips and lookups whatever its size).
 */
const HOURS_PER_TRANSACTION = 92 * 24;

/**
 * Publishes every hourly print due by `now` (the hour `floor(now)` included) and every daily value
 * whose 4 PM New York settlement has passed, for every GPU. Each step runs in one transaction
 * under an advisory lock and starts from what is stored, so concurrent settlers publish each
 * print once and a crash leaves nothing half-written. Published values are never recomputed:
 * trades imported or quotes synced late for an hour already printed do not change it (a
 * restatement would), nor the volume and sources stored with it: each print keeps the count,
 * GPU-hours and providers of the trades (or the providers, offers and snapshots of the quotes) it
 * was computed from, and each daily value those of its prints and the quotes behind them, written
 * in the same transaction, with their events (print.published, value.settled; none for a
 * back-filled value: see ./events.ts). A value computed more than an hour after its hour or
 * settlement instant (`now` is the judge) is marked back-filled.
 */
export async function settleGpuIndex(
  db: Db,
  options: {
    now: Date;
    rules: GpuMethodRules;
    onProgress?: (done: number, total: number) => void;
    /** When aborted (the api is stopping), no further transaction starts; what is published stays. */
    signal?: AbortSignal;
  },
): Promise<GpuSettlementReport> {
  const report: GpuSettlementReport = {
    prints: 0,
    carriedPrints: 0,
    dailyValues: 0,
    lastPrintHour: undefined,
  };
  const lastHour = floorToHour(options.now);
  let done = 0;
  // GPUs are independent (one lock each); two at a time keeps both database cores busy.
  for (let start = 0; start < GPU_NAMES.length; start += PARALLEL_GPUS) {
    await Promise.all(
      GPU_NAMES.slice(start, start + PARALLEL_GPUS).map(async (gpuName) => {
        await settleGpu(db, gpuName, lastHour, options, report);
        done += 1;
        options.onProgress?.(done, GPU_NAMES.length);
      }),
    );
  }
  report.lastPrintHour = lastHour;
  return report;
}

const PARALLEL_GPUS = 2;

async function settleGpu(
  db: Db,
  gpuName: GpuName,
  lastHour: Date,
  options: { now: Date; rules: GpuMethodRules; signal?: AbortSignal },
  report: GpuSettlementReport,
): Promise<void> {
  const { now, rules, signal } = options;
  // Snapshots older than the longest age limit cannot be read by any print of a chunk.
  const snapshotReach =
    Math.max(0, ...Object.values(rules.quotes.maxSnapshotAgeHours)) * MS_PER_HOUR;
  for (;;) {
    if (signal?.aborted) return;
    const finished = await db.$transaction(
      async (tx) => {
        await lockGpuSettlement(tx, gpuName);
        const previous = await latestGpuPrint(tx, gpuName);
        const firstHour = previous
          ? new Date(previous.hour.getTime() + MS_PER_HOUR)
          : await firstPrintHour(tx, gpuName, rules);
        if (firstHour === undefined || firstHour > lastHour) return true;
        const chunkLast = new Date(
          Math.min(
            lastHour.getTime(),
            firstHour.getTime() + (HOURS_PER_TRANSACTION - 1) * MS_PER_HOUR,
          ),
        );
        const [trades, snapshots] = await Promise.all([
          gpuTradesBetween(tx, gpuName, new Date(firstHour.getTime() - MS_PER_HOUR), chunkLast),
          snapshotReach > 0
            ? quoteSnapshotsBetween(
                tx,
                gpuName,
                new Date(firstHour.getTime() - snapshotReach),
                chunkLast,
              )
            : [],
        ]);
        const prints = computeGpuPrints(
          gpuName,
          { trades, snapshots },
          firstHour,
          chunkLast,
          previous,
          { bounds: rules.winsor, quotes: rules.quotes },
        );
        const published = prints.map((p) => ({ ...p, backfilled: isBackfilled(p.hour, now) }));
        const computedAt = new Date();
        await insertGpuPrints(tx, published, computedAt);
        const cited = await quoteSnapshotAttributions(tx, snapshotsCitedByPrints(published));
        await publishEvents(tx, printFacts(published, previous, cited), computedAt);
        report.prints += prints.length;
        report.carriedPrints += prints.filter((p) => p.carried).length;
        // Read the count before adding: `x += await y` would add to a stale x while the other GPU settles.
        const settled = await settleDays(tx, gpuName, chunkLast, now);
        report.dailyValues += settled;
        return chunkLast.getTime() >= lastHour.getTime();
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
    if (finished) break;
  }
  // Daily values can be due without new prints (a run that found every hour printed); settle them too.
  const lateDays = await db.$transaction(async (tx) => {
    await lockGpuSettlement(tx, gpuName);
    return settleDays(tx, gpuName, lastHour, now);
  });
  report.dailyValues += lateDays;
}

/**
 * The first print covers the hour of the GPU's first trade, or the first hour after its first
 * quote snapshot (when quote sources are read), whichever is earlier.
 */
async function firstPrintHour(
  tx: Parameters<typeof latestGpuPrint>[0],
  gpuName: GpuName,
  rules: GpuMethodRules,
): Promise<Date | undefined> {
  const readsQuotes = Object.keys(rules.quotes.maxSnapshotAgeHours).length > 0;
  const [trade, snapshot] = await Promise.all([
    firstGpuTradeAt(tx, gpuName),
    readsQuotes ? firstQuoteSnapshotAt(tx, gpuName) : undefined,
  ]);
  const hours = [trade, snapshot]
    .filter((at): at is Date => at !== undefined)
    .map((at) => floorToHour(at).getTime() + MS_PER_HOUR);
  return hours.length > 0 ? new Date(Math.min(...hours)) : undefined;
}

/** Settles the days after the last settled one whose settlement instant is at or before `printedThrough`. */
async function settleDays(
  tx: Parameters<typeof latestGpuPrint>[0],
  gpuName: GpuName,
  printedThrough: Date,
  now: Date,
): Promise<number> {
  const lastDaily = await latestGpuDailyValue(tx, gpuName);
  const lastDay = latestSettledDayAt(printedThrough);
  let firstDay: UtcDay;
  if (lastDaily) firstDay = addDays(lastDaily.day, 1);
  else {
    const [firstPrint] = await gpuPrintsBetween(tx, gpuName, new Date(0), printedThrough);
    if (!firstPrint) return 0;
    // The day whose settlement period contains the first print.
    const day = newYorkDayOf(firstPrint.hour);
    firstDay =
      settlementInstant(day).getTime() >= firstPrint.hour.getTime() ? day : addDays(day, 1);
  }
  if (firstDay > lastDay) return 0;
  const prints = await gpuPrintsBetween(
    tx,
    gpuName,
    settlementInstant(addDays(firstDay, -1)),
    settlementInstant(lastDay),
  );
  const values: PublishedDailyValue[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    const value = computeDailyValue(gpuName, day, prints);
    if (value) values.push({ ...value, backfilled: isBackfilled(value.settledAt, now) });
  }
  const computedAt = new Date();
  const inserted = await insertGpuDailyValues(tx, values, computedAt);
  const cited = await quoteSnapshotAttributions(tx, snapshotsCitedByDailyValues(values, prints));
  await publishEvents(tx, dailyValueFacts(values, lastDaily, prints, cited), computedAt);
  for (const value of values)
    if (value.basis !== "trades") await freezeDailyQuotes(tx, gpuName, value.day, prints);
  return inserted;
}

/**
 * The quotes behind a daily value from quotes, frozen with it: every quote of every snapshot its
 * prints read, whether it counted (or why not), and in how many of the day's prints.
 */
async function freezeDailyQuotes(
  tx: Parameters<typeof latestGpuPrint>[0],
  gpuName: GpuName,
  day: UtcDay,
  prints: readonly SettlingPrint[],
): Promise<void> {
  const { after, through } = settlementPeriod(day);
  const printsBySnapshot = new Map<number, number>();
  for (const print of prints) {
    if (print.hour <= after || print.hour > through) continue;
    for (const id of print.snapshotIds)
      printsBySnapshot.set(id, (printsBySnapshot.get(id) ?? 0) + 1);
  }
  const snapshots = await quoteSnapshotsWithIds(tx, gpuName, [...printsBySnapshot.keys()]);
  await insertDailyQuotes(
    tx,
    gpuName,
    day,
    snapshots.flatMap((snapshot) =>
      snapshot.quotes.map((quote) => ({
        snapshotId: snapshot.id,
        quote,
        exclusion: quoteExclusionOf(quote),
        prints: printsBySnapshot.get(snapshot.id) ?? 0,
      })),
    ),
  );
}
