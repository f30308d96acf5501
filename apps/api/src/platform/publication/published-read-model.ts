import {
  SAMPLE_NOTICE,
  answerFreshUntil,
  utcDayOf,
  type DataProvenance,
  type UtcDay,
} from "@tpi/domain";
import type { AppDeps } from "../core/deps";
import type { MarketProvenance, MarketStateBase, Publication } from "../core/market";
import type { Freshness } from "../core/route";
import type { DataSources } from "../provenance/data-sources";
import { PublishedReload } from "./published-reload";

/** What was loaded: the stored data, or the generated sample shown while nothing is stored. */
export type LoadedData = "stored" | "sample";

/** A market whose empty store shows a generated sample (SEED_SAMPLE_ON_EMPTY). */
export type SampleWhenEmpty = {
  /** Whether the sample is allowed before `allowSample` is called (start and commands call it). */
  allowedAtFirst: boolean;
  /**
   * Names the sample the store would show now: a sample that grows with the calendar (a day, a
   * week, a trading day) names its last one, so that the copy reloads when it grows.
   */
  edition(): string;
};

/**
 * A market's published data held in memory, so that reads never touch the database: it reloads
 * when the stored data's fingerprint moves (see PublishedReload), carries the version that keys
 * answers' validators, says whether it is the generated sample, and names its data sources. A
 * market states only what is its own: its name, its fingerprint, its loader and rows, its sources.
 */
export abstract class PublishedReadModel implements Publication {
  private readonly reload: PublishedReload;
  private sampleAllowed: boolean;
  private loadedData: LoadedData = "stored";

  protected constructor(
    /** Names the set in logs ("memory index"). */
    readonly name: string,
    storedFingerprint: () => Promise<string>,
    sample?: SampleWhenEmpty,
  ) {
    this.sampleAllowed = sample?.allowedAtFirst ?? false;
    const fingerprint =
      sample === undefined
        ? storedFingerprint
        : async () =>
            `${await storedFingerprint()}|${this.sampleAllowed ? sample.edition() : "off"}`;
    this.reload = new PublishedReload(name, fingerprint, async () => {
      this.loadedData = await this.load(this.sampleAllowed);
    });
  }

  /**
   * Reads the stored data into memory, or the sample when nothing is stored and it is allowed;
   * says which. Replaces what was loaded only once it has read everything.
   */
  protected abstract load(sampleAllowed: boolean): Promise<LoadedData>;

  /** Where the served data comes from, each source with its days (the market's provenance). */
  abstract get dataSources(): DataSources;

  /** One phrase for the start-up log, e.g. "1,234 published token values". */
  abstract describe(): string;

  /** Whether an empty store shows the sample (SEED_SAMPLE_ON_EMPTY); set before the first load. */
  allowSample(allowed: boolean): void {
    this.sampleAllowed = allowed;
  }

  /** True while the loaded data is the generated sample. */
  get isSample(): boolean {
    return this.loadedData === "sample";
  }

  /** Reloads when anything was written since the last load. True if it reloaded. */
  refresh(): Promise<boolean> {
    return this.reload.refresh();
  }

  /** Names the loaded set: equal on every instance that loaded the same values. */
  get version(): string {
    return this.reload.version;
  }

  /** Called after each reload (used to drop caches derived from the published data). */
  onChange(listener: () => void): void {
    this.reload.onChange(listener);
  }

  /** Logged when a timed refresh fails: the last loaded copy stays in service. */
  get refreshFailureMessage(): string {
    return this.reload.refreshFailureMessage;
  }
}

/**
 * The latest day or hour of any subject, from each subject's series (held oldest first): the
 * latest of the series' last rows.
 */
export function latestOfSeries<Row, At extends UtcDay | Date>(
  series: Iterable<readonly Row[]>,
  atOf: (row: Row) => At,
): At | undefined {
  let latest: At | undefined;
  for (const rows of series) {
    const last = rows.at(-1);
    if (last === undefined) continue;
    const at = atOf(last);
    if (latest === undefined || at > latest) latest = at;
  }
  return latest;
}

/** The days a source's served data covers (UTC days; empty strings when none). */
export type ServedDays = { firstDay: string; lastDay: string; days: number };

/**
 * The data sources of a market whose answers name their sources (`DataProvenance`): each with
 * the days it covers, marked sample (with the notice) while the sample is served.
 */
export function servedDataSources(
  sample: boolean,
  sources: readonly DataProvenance[],
  daysOf: (source: DataProvenance) => ServedDays,
): DataSources {
  return {
    sample,
    notice: sample ? SAMPLE_NOTICE : null,
    sources: sources.map((source) => ({
      source: source.source,
      sample: source.sample,
      ...daysOf(source),
      latestAsOf: source.asOf,
      citation: source.citation,
      licence: source.licence,
    })),
  };
}

/**
 * What a market says of its values besides the published set: their unit and method version,
 * and the latest settled day a keyless caller can read in it (the /docs examples end on it).
 */
export type PublishedMarketFacts<Model> = Omit<MarketProvenance, "dataSources"> & {
  latestKeylessDay(model: Model): UtcDay | undefined;
};

/**
 * A market's live state served from one published read model, held under the market's own name
 * for it (`index`, `sites`, `counts`).
 */
export type PublishedMarketState<Key extends string, Model> = MarketStateBase &
  Readonly<Record<Key, Model>>;

/** The state over one published read model: the platform's part, and the model under `key`. */
export function publishedMarketState<const Key extends string, Model extends PublishedReadModel>(
  key: Key,
  published: Model,
  facts: PublishedMarketFacts<Model>,
): PublishedMarketState<Key, Model> {
  const base: MarketStateBase = {
    publications: [published],
    provenance: () => ({
      unit: facts.unit,
      methodologyVersion: facts.methodologyVersion,
      dataSources: published.dataSources,
    }),
    describeLoaded: () => published.describe(),
    latestKeylessDay: () => facts.latestKeylessDay(published),
  };
  // A computed key is typed as any string's: the model is under `key`, as the type says.
  return { ...base, [key]: published } as PublishedMarketState<Key, Model>;
}

/** An answer's validator basis: the loaded set's version and the UTC day (free windows move with it). */
export function versionAndDayBasis<Deps>(
  publicationOf: (deps: Deps) => { readonly version: string },
): (deps: Deps, now: Date) => string {
  return (deps, now) => `${publicationOf(deps).version}\n${utcDayOf(now)}`;
}

/**
 * Answers over values that can be written at any time (an import, another instance's sync, an
 * operator's command): reused `maxAgeMs` at most (milliseconds), keyed by the loaded set's
 * version and the day.
 */
export function keptAtMostFreshness(
  maxAgeMs: number,
  publicationOf: (deps: AppDeps) => { readonly version: string },
): Freshness {
  return {
    until: (_deps, now) =>
      answerFreshUntil(now, new Date(now.getTime() + maxAgeMs), true).getTime(),
    basis: versionAndDayBasis(publicationOf),
  };
}
