import {
  inOptionalDayRange,
  nearestRecord,
  sliceByTime,
  type InstantRange,
  type GpuName,
  type UtcDay,
} from "@tpi/domain";
import {
  allGpuDailyValues,
  allGpuPrints,
  gpuPublicationFingerprint,
  summarizeGpuSources,
  summarizeQuoteSources,
  type Db,
  type PublishedDailyValue,
  type PublishedPrint,
} from "@tpi/db";
import type { DataSources } from "../../../platform/provenance/data-sources";
import { dataSourcesOf } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  type LoadedData,
  latestOfSeries,
} from "../../../platform/publication/published-read-model";
import { gpuDataSourcesOf } from "./data-sources";

/** A published print or daily value: with its basis, sources, counts and back-filled mark. */
type HourlyPrint = PublishedPrint;
type DailyValue = PublishedDailyValue;

/**
 * Every published GPU print and daily value, held in memory (about 80k prints for 18 months of
 * six GPUs), each with the traded volume frozen in it when it was published. Published values are
 * final, so reads never touch the database: the set reloads only when the publication
 * fingerprint moves (on a timer, and right after this process settles), and a reload reads only
 * published rows and the per-day counts of the trades' sources, so its cost does not grow with the
 * stored trades.
 */
export class GpuPublishedIndex extends PublishedReadModel {
  private prints = new Map<GpuName, HourlyPrint[]>();
  private daily = new Map<GpuName, DailyValue[]>();
  private sources: DataSources = dataSourcesOf([]);

  constructor(private readonly db: Db) {
    super("GPU index", () => gpuPublicationFingerprint(db));
  }

  // The sample is stored trades (seeded), so what is loaded is always the store.
  protected async load(): Promise<LoadedData> {
    const [prints, daily, tradeSources, quoteSources] = await Promise.all([
      allGpuPrints(this.db),
      allGpuDailyValues(this.db),
      summarizeGpuSources(this.db),
      summarizeQuoteSources(this.db),
    ]);
    this.prints = groupByGpu(prints);
    this.daily = groupByGpu(daily);
    this.sources = gpuDataSourcesOf(tradeSources, quoteSources, sourcesNamedBy(prints));
    return "stored";
  }

  /**
   * Where the published values come from: the trade sources (the generated sample or market
   * trades) and the quote sources the prints rest on, with their citations and licences.
   */
  get dataSources(): DataSources {
    return this.sources;
  }

  /** The hour of the latest print of any GPU. */
  get latestPrintHour(): Date | undefined {
    return latestOfSeries(this.prints.values(), (print) => print.hour);
  }

  /** The latest New York day with a daily value of any GPU. */
  get latestDailyDay(): UtcDay | undefined {
    return latestOfSeries(this.daily.values(), (value) => value.day);
  }

  describe(): string {
    return `${this.printCount.toLocaleString("en-US")} published GPU prints`;
  }

  get printCount(): number {
    let total = 0;
    for (const list of this.prints.values()) total += list.length;
    return total;
  }

  latestPrint(gpu: GpuName): HourlyPrint | undefined {
    return this.prints.get(gpu)?.at(-1);
  }

  nearestPrint(gpu: GpuName, at: Date): ReturnType<typeof nearestRecord<HourlyPrint>> {
    return nearestRecord(this.prints.get(gpu) ?? [], at);
  }

  latestDaily(gpu: GpuName): DailyValue | undefined {
    return this.daily.get(gpu)?.at(-1);
  }

  /** Every print of one GPU, sorted by hour (oldest first). */
  printsOf(gpu: GpuName): readonly HourlyPrint[] {
    return this.prints.get(gpu) ?? [];
  }

  /** Prints with start <= hour <= end, oldest first. */
  printsWithin(gpu: GpuName, range: InstantRange): HourlyPrint[] {
    return sliceByTime(this.printsOf(gpu), (p) => p.hour, range);
  }

  /** Daily values settled within start <= settledAt <= end, oldest first. */
  dailyWithin(gpu: GpuName, range: InstantRange): DailyValue[] {
    return sliceByTime(this.daily.get(gpu) ?? [], (v) => v.settledAt, range);
  }

  /** The latest two daily values, latest last (fewer when the GPU has fewer). */
  latestTwoDaily(gpu: GpuName): readonly DailyValue[] {
    return (this.daily.get(gpu) ?? []).slice(-2);
  }

  /** Daily values with startDate <= day <= endDate (no lower bound when startDate is undefined), oldest first. */
  dailyBetween(gpu: GpuName, startDate: UtcDay | undefined, endDate: UtcDay): DailyValue[] {
    return (this.daily.get(gpu) ?? []).filter((v) =>
      inOptionalDayRange(v.day, { startDate, endDate }),
    );
  }
}

/** Every source named by a print (interned lists: one look per distinct list). */
function sourcesNamedBy(prints: readonly PublishedPrint[]): Set<string> {
  const lists = new Set(prints.map((p) => p.sources));
  return new Set([...lists].flat());
}

function groupByGpu<T extends { gpuName: GpuName }>(rows: readonly T[]): Map<GpuName, T[]> {
  const grouped = new Map<GpuName, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.gpuName);
    if (list) list.push(row);
    else grouped.set(row.gpuName, [row]);
  }
  return grouped;
}
