import {
  compareIndexRows,
  tokenVolumeRows,
  totalVolumeBaseline,
  volumeBaselines,
  type LabId,
  type TokenVolumeBases,
  type TokenVolumeRow,
  type UtcDay,
  type VolumeBaseline,
} from "@tpi/domain";
import {
  allPublishedIndexValues,
  publicationFingerprint,
  summarizeSources,
  type Db,
  type PublishedIndexRow,
} from "@tpi/db";
import type { DataSources } from "../../../platform/provenance/data-sources";
import { dataSourcesOf } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  type LoadedData,
} from "../../../platform/publication/published-read-model";

/**
 * Every published index value, held in memory. Settled values are immutable except through a
 * recorded restatement, so reads never touch the database: the set reloads only when the
 * database's publication fingerprint moves (checked on a timer, and right after this process
 * settles). Another instance's settlement becomes visible within one refresh interval.
 */
export class PublishedIndex extends PublishedReadModel {
  private days: UtcDay[] = [];
  private rowsByDay = new Map<UtcDay, PublishedIndexRow[]>();
  private sources: DataSources = dataSourcesOf([]);
  /** Each lab's first published day and its tokens: the base of its volume growth index. */
  private baselines: VolumeBaseline[] = [];
  /** Every published value, date then catalog order: the history a total's base is found in. */
  private all: PublishedIndexRow[] = [];

  constructor(private readonly db: Db) {
    super("token index", () => publicationFingerprint(db));
  }

  // The sample is stored observations (seeded), so what is loaded is always the store.
  protected async load(): Promise<LoadedData> {
    const [rows, sources] = await Promise.all([
      allPublishedIndexValues(this.db),
      summarizeSources(this.db),
    ]);
    this.replace(rows);
    this.sources = dataSourcesOf(sources);
    return "stored";
  }

  /**
   * The sources behind the stored data, summarised when the published set last reloaded: the
   * methodology and the website state them without a database round trip.
   */
  get dataSources(): DataSources {
    return this.sources;
  }

  /** The last `count` days with any published value, oldest first. */
  latestDays(count: number): UtcDay[] {
    return count > 0 ? this.days.slice(-count) : [];
  }

  /** The latest day with any published value. */
  get latestDay(): UtcDay | undefined {
    return this.days.at(-1);
  }

  describe(): string {
    return `${this.size.toLocaleString("en-US")} published token values`;
  }

  private replace(rows: PublishedIndexRow[]): void {
    const sorted = [...rows].sort(compareIndexRows);
    const byDay = new Map<UtcDay, PublishedIndexRow[]>();
    for (const row of sorted) {
      const list = byDay.get(row.date);
      if (list) list.push(row);
      else byDay.set(row.date, [row]);
    }
    this.rowsByDay = byDay;
    this.days = [...byDay.keys()];
    this.baselines = volumeBaselines(sorted);
    this.all = sorted;
  }

  /**
   * What volume rows over `labs` are computed against: each lab's base and the base of their
   * total, both from all history.
   */
  volumeBases(labs: readonly LabId[]): TokenVolumeBases {
    return {
      labs,
      baselines: this.baselines.filter((base) => labs.includes(base.lab)),
      totalBaseline: totalVolumeBaseline(this.all, labs),
    };
  }

  /**
   * Token volume rows of `rowLabs` from `start` through `end`: shares and totals are over the
   * published values of `bases.labs` that day, whatever `rowLabs` narrows the rows to.
   */
  volumeRowsBetween(
    start: UtcDay,
    end: UtcDay,
    bases: TokenVolumeBases,
    rowLabs: readonly LabId[],
  ): TokenVolumeRow[] {
    return tokenVolumeRows(this.rowsBetween(start, end, bases.labs), bases, rowLabs);
  }

  get size(): number {
    let total = 0;
    for (const rows of this.rowsByDay.values()) total += rows.length;
    return total;
  }

  /** Rows of one day for the given labs, in catalog order. */
  rowsOn(day: UtcDay, labs: readonly LabId[]): PublishedIndexRow[] {
    return (this.rowsByDay.get(day) ?? []).filter((row) => labs.includes(row.lab));
  }

  /** Rows from `start` through `end` for the given labs, date ascending then catalog order. */
  rowsBetween(start: UtcDay, end: UtcDay, labs: readonly LabId[]): PublishedIndexRow[] {
    const rows: PublishedIndexRow[] = [];
    for (let i = this.firstDayIndexAtOrAfter(start); i < this.days.length; i++) {
      const day = this.days[i] as UtcDay;
      if (day > end) break;
      for (const row of this.rowsByDay.get(day) ?? []) if (labs.includes(row.lab)) rows.push(row);
    }
    return rows;
  }

  /** The latest day on which any of `labs` has a value, not before `notBefore`. */
  latestDayWith(labs: readonly LabId[], notBefore?: UtcDay): UtcDay | undefined {
    for (let i = this.days.length - 1; i >= 0; i--) {
      const day = this.days[i] as UtcDay;
      if (notBefore !== undefined && day < notBefore) return undefined;
      if ((this.rowsByDay.get(day) ?? []).some((row) => labs.includes(row.lab))) return day;
    }
    return undefined;
  }

  private firstDayIndexAtOrAfter(day: UtcDay): number {
    let low = 0;
    let high = this.days.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.days[mid] as UtcDay) < day) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
