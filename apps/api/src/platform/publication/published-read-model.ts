import {
  SAMPLE_NOTICE,
  answerFreshUntil,
  utcDayOf,
  type DataProvenance,
  type UtcDay,
} from "@tpi/domain";
import {
  marketKey,
  type MarketKey,
  type MarketStateBase,
  type MarketStates,
  type Publication,
} from "../core/market";
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
 * What a market says of its values besides the published set: their unit and method version
 * (stated, or read from the parts the market keeps beside the model, such as its rules), and the
 * latest settled day a keyless caller can read in it (the /docs examples end on it).
 */
export type PublishedMarketFacts<Model, Extra> = {
  unit: string;
  methodologyVersion: string | ((extra: Extra) => string);
  latestKeylessDay(model: Model): UtcDay | undefined;
};

/**
 * A market's live state served from one published read model, held under the market's own name
 * for it (`index`, `sites`, `counts`), with what else the market keeps beside it (its rules).
 */
export type PublishedMarketState<
  Key extends string,
  Model,
  Extra extends object = object,
> = MarketStateBase & Readonly<Record<Key, Model>> & Extra;

/**
 * A market served from one published read model: the key of its state, how a state opens over a
 * model the market builds, and the model in a holder's state (what freshness and basis read).
 */
export type PublishedMarket<Key extends string, Model, Extra extends object> = MarketKey<
  PublishedMarketState<Key, Model, Extra>
> & {
  open(
    published: Model,
    ...extra: object extends Extra ? [] : [Extra]
  ): PublishedMarketState<Key, Model, Extra>;
  published(holder: { readonly markets: MarketStates }): Model;
  /** An answer's validator basis: the loaded set's version and the UTC day (free windows move with it). */
  basis: Freshness["basis"];
  /**
   * Freshness for values that can be written at any time (an import, another instance's sync,
   * an operator's command): an answer is reused `maxAgeMs` at most (milliseconds), and never
   * past `nextChange` when the values also change at known instants (a settlement).
   */
  keptAtMost(maxAgeMs: number, nextChange?: (now: Date) => Date): Freshness;
};

/** A market over one published read model, declared once by what the market states. */
export function publishedMarket<
  const Key extends string,
  Model extends PublishedReadModel,
  Extra extends object = object,
>(
  name: string,
  key: Key,
  facts: PublishedMarketFacts<Model, Extra>,
): PublishedMarket<Key, Model, Extra> {
  const marketState = marketKey<PublishedMarketState<Key, Model, Extra>>(name);
  const publishedIn = (holder: { readonly markets: MarketStates }) => marketState.of(holder)[key];
  const basis: Freshness["basis"] = (deps, now) => `${publishedIn(deps).version}\n${utcDayOf(now)}`;
  return {
    ...marketState,
    published: publishedIn,
    basis,
    keptAtMost: (maxAgeMs, nextChange) => ({
      until(_deps, now) {
        const latest = now.getTime() + maxAgeMs;
        const until =
          nextChange === undefined ? latest : Math.min(latest, nextChange(now).getTime());
        return answerFreshUntil(now, new Date(until), true).getTime();
      },
      basis,
    }),
    open(published, ...given) {
      const extra = (given[0] ?? {}) as Extra;
      const { methodologyVersion } = facts;
      const base: MarketStateBase = {
        publications: [published],
        provenance: () => ({
          unit: facts.unit,
          methodologyVersion:
            typeof methodologyVersion === "string" ? methodologyVersion : methodologyVersion(extra),
          dataSources: published.dataSources,
        }),
        describeLoaded: () => published.describe(),
        latestKeylessDay: () => facts.latestKeylessDay(published),
      };
      // A computed key is typed as any string's: the model is under `key`, as the type says.
      return { ...base, [key]: published, ...extra } as PublishedMarketState<Key, Model, Extra>;
    },
  };
}
