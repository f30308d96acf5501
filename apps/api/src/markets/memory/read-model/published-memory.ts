import {
  MEMORY_SAMPLE_SOURCE,
  SAMPLE_NOTICE,
  latestSettledTradingDayAt,
  memorySampleObservations,
  memorySettlementInstant,
  memorySourceProvenance,
  settleMemory,
  type DataProvenance,
  type UtcDay,
} from "@tpi/domain";
import {
  memoryFingerprint,
  readMemoryRevisions,
  readMemorySettlements,
  readMemorySourceTerms,
  type Db,
  type MemoryRevisionRecord,
  type MemorySourceTerms,
} from "@tpi/db";
import type { DataSources } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  servedDataSources,
  type LoadedData,
  latestOfSeries,
} from "../../../platform/publication/published-read-model";

/** One served value: a settled type-day, with when it was settled. */
export type MemoryValue = {
  typeId: string;
  day: UtcDay;
  price: number;
  changePct: number | null;
  weeklyHigh: number;
  weeklyLow: number;
  sourceUpdatedAt: Date;
  updatedAt: Date;
  sources: readonly string[];
};

/**
 * The Memory index held in memory: every stored settled value, per type oldest first, the
 * revision log and each source's terms (licence, citation) from its latest observation. Reads
 * never touch the database; it reloads when an import or a settlement writes (the fingerprint
 * moves). While no observation is stored and the sample is allowed (SEED_SAMPLE_ON_EMPTY), it
 * holds the generated sample settled by the same rules, marked as such; the first import replaces it.
 */
export class PublishedMemory extends PublishedReadModel {
  private byType = new Map<string, MemoryValue[]>();
  private revisionLog: MemoryRevisionRecord[] = [];
  private terms = new Map<string, MemorySourceTerms>();
  private count = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {
    super("memory index", () => memoryFingerprint(db), {
      allowedAtFirst: true,
      // The sample grows by a trading day at each settlement: its last day names it.
      edition: () => latestSettledTradingDayAt(clock()),
    });
  }

  protected async load(sampleAllowed: boolean): Promise<LoadedData> {
    const [settlements, revisions, terms] = await Promise.all([
      readMemorySettlements(this.db),
      readMemoryRevisions(this.db),
      readMemorySourceTerms(this.db),
    ]);
    const showSample = terms.length === 0 && sampleAllowed;
    const values: MemoryValue[] = showSample ? this.sampleValues() : settlements;
    const byType = new Map<string, MemoryValue[]>();
    for (const value of values) {
      const list = byType.get(value.typeId);
      if (list === undefined) byType.set(value.typeId, [value]);
      else list.push(value);
    }
    for (const list of byType.values()) list.sort((a, b) => (a.day < b.day ? -1 : 1));
    this.byType = byType;
    this.count = values.length;
    this.revisionLog = showSample ? [] : revisions;
    this.terms = new Map(terms.map((term) => [term.source, term]));
    return showSample ? "sample" : "stored";
  }

  /** The sample settled as real observations would be; each value "settled" at its 4 PM. */
  private sampleValues(): MemoryValue[] {
    const now = this.clock();
    return settleMemory(memorySampleObservations(now), latestSettledTradingDayAt(now)).map(
      (value) => ({ ...value, updatedAt: memorySettlementInstant(value.day) }),
    );
  }

  /** A type's settled values, oldest first. */
  valuesOf(typeId: string): readonly MemoryValue[] {
    return this.byType.get(typeId) ?? [];
  }

  latestOf(typeId: string): MemoryValue | undefined {
    return this.byType.get(typeId)?.at(-1);
  }

  get revisions(): readonly MemoryRevisionRecord[] {
    return this.revisionLog;
  }

  /** The latest settled trading day of any type. */
  get latestDay(): UtcDay | undefined {
    return latestOfSeries(this.byType.values(), (value) => value.day);
  }

  /** Every source's terms (for the methodology and the market's provenance). */
  get sourceTerms(): readonly MemorySourceTerms[] {
    return [...this.terms.values()];
  }

  /**
   * The sources of these values: each named source, as of its latest publication time among the
   * values, with the licence and citation its latest import gave; or the sample.
   */
  sourcesOf(values: readonly MemoryValue[]): DataProvenance[] {
    if (this.isSample)
      return [
        {
          source: MEMORY_SAMPLE_SOURCE,
          sample: true,
          asOf: null,
          citation: SAMPLE_NOTICE,
          licence: null,
        },
      ];
    const asOf = new Map<string, number>();
    for (const value of values)
      for (const source of value.sources)
        asOf.set(source, Math.max(asOf.get(source) ?? 0, value.sourceUpdatedAt.getTime()));
    return [...asOf.keys()]
      .sort()
      .map((source) =>
        memorySourceProvenance(source, new Date(asOf.get(source) ?? 0), this.terms.get(source)),
      );
  }

  /** The earliest settled trading day of any type. */
  get firstDay(): UtcDay | undefined {
    let first: UtcDay | undefined;
    for (const list of this.byType.values()) {
      const day = list[0]?.day;
      if (day !== undefined && (first === undefined || day < first)) first = day;
    }
    return first;
  }

  /** Every source of the served values, as of its latest publication time; or the sample. */
  allSources(): DataProvenance[] {
    if (this.isSample) return this.sourcesOf([]);
    return this.sourceTerms.map((terms) =>
      memorySourceProvenance(terms.source, terms.latestAsOf, terms),
    );
  }

  /** Every source of the served values with the days settled from them (the market's provenance). */
  get dataSources(): DataSources {
    return servedDataSources(this.isSample, this.allSources(), () => ({
      firstDay: this.firstDay ?? "",
      lastDay: this.latestDay ?? "",
      days: this.count,
    }));
  }

  describe(): string {
    return `${this.count.toLocaleString("en-US")} ${this.isSample ? "sample " : ""}memory type-day(s)`;
  }
}
