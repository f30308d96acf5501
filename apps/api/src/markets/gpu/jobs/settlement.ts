import {
  GPU_NAMES,
  MS_PER_HOUR,
  addDays,
  computeDailyValue,
  computeHourlyPrints,
  floorToHour,
  latestSettledDayAt,
  newYorkDayOf,
  settlementInstant,
  type DailyValue,
  type GpuName,
  type UtcDay,
  type WinsorBounds,
} from "@tpi/domain";
import {
  firstGpuTradeAt,
  gpuPrintsBetween,
  gpuTradesBetween,
  insertGpuDailyValues,
  insertGpuPrints,
  latestGpuDailyValue,
  latestGpuPrint,
  lockGpuSettlement,
  type Db,
} from "@tpi/db";

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
 * trades imported late for an hour already printed do not change it (a restatement would), nor
 * the volume stored with it: each print keeps the count, GPU-hours and providers of the trades it
 * was computed from, and each daily value those of its prints, written in the same transaction.
 */
export async function settleGpuIndex(
  db: Db,
  options: {
    now: Date;
    bounds: WinsorBounds;
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
        await settleGpu(db, gpuName, lastHour, options.bounds, report, options.signal);
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
  bounds: WinsorBounds,
  report: GpuSettlementReport,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (;;) {
    if (signal?.aborted) return;
    const finished = await db.$transaction(
      async (tx) => {
        await lockGpuSettlement(tx, gpuName);
        const previous = await latestGpuPrint(tx, gpuName);
        const firstHour = previous
          ? new Date(previous.hour.getTime() + MS_PER_HOUR)
          : await firstPrintHour(tx, gpuName);
        if (firstHour === undefined || firstHour > lastHour) return true;
        const chunkLast = new Date(
          Math.min(
            lastHour.getTime(),
            firstHour.getTime() + (HOURS_PER_TRANSACTION - 1) * MS_PER_HOUR,
          ),
        );
        const trades = await gpuTradesBetween(
          tx,
          gpuName,
          new Date(firstHour.getTime() - MS_PER_HOUR),
          chunkLast,
        );
        const prints = computeHourlyPrints(gpuName, trades, firstHour, chunkLast, previous, bounds);
        await insertGpuPrints(tx, prints, new Date());
        report.prints += prints.length;
        report.carriedPrints += prints.filter((p) => p.carried).length;
        // Read the count before adding: `x += await y` would add to a stale x while the other GPU settles.
        const settled = await settleDays(tx, gpuName, chunkLast);
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
    return settleDays(tx, gpuName, lastHour);
  });
  report.dailyValues += lateDays;
}

/** The first print covers the hour of the GPU's first trade. */
async function firstPrintHour(
  tx: Parameters<typeof latestGpuPrint>[0],
  gpuName: GpuName,
): Promise<Date | undefined> {
  const first = await firstGpuTradeAt(tx, gpuName);
  return first ? new Date(floorToHour(first).getTime() + MS_PER_HOUR) : undefined;
}

/** Settles the days after the last settled one whose settlement instant is at or before `printedThrough`. */
async function settleDays(
  tx: Parameters<typeof latestGpuPrint>[0],
  gpuName: GpuName,
  printedThrough: Date,
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
  const values: DailyValue[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    const value = computeDailyValue(gpuName, day, prints);
    if (value) values.push(value);
  }
  return insertGpuDailyValues(tx, values, new Date());
}
