import {
  GITHUB_SEARCH_SOURCE as GITHUB_SEARCH_PROVENANCE,
  LLM_CODING_PRODUCTS,
  LLM_CODING_SAMPLE_DAYS,
  OPENROUTER_LICENCE,
  SAMPLE_SOURCE,
  addDays,
  appRankingsCitation,
  codingAgentOfApp,
  countsNeeded,
  llmCodingSampleCounts,
  productDayRow,
  utcDayOf,
  type CodingAgent,
  type CodingMetric,
  type CountStatus,
  type LlmCodingProductId,
  type ProductDayRow,
  type UtcDay,
  inOptionalDayRange,
} from "@tpi/domain";
import {
  allCodingCounts,
  codingPublicationFingerprint,
  readAppRankingWindows,
  readCodingCountRevisions,
  type Db,
  type StoredAppRankingWindow,
  type StoredCodingCountRevision,
} from "@tpi/db";
import {
  dataSourcesOf,
  type DataSource,
  type DataSources,
} from "../../../platform/provenance/data-sources";
import { APP_RANKINGS_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import {
  PublishedReadModel,
  type LoadedData,
  latestOfSeries,
} from "../../../platform/publication/published-read-model";
import { CODING_CATEGORY } from "../sources/app-rankings";
import { GITHUB_SEARCH_SOURCE } from "../sources/github-search";

/** A product's row of one day with the time its newest count was searched (null: sample). */
export type PublishedProductRow = ProductDayRow & { updatedAt: Date };

/**
 * One coding agent's app on one UTC day of OpenRouter's coding app rankings: its rank and the
 * prompt + completion tokens (a decimal string: totals exceed 2^53) it used that day.
 */
export type AgentTokenRow = {
  date: UtcDay;
  agent: CodingAgent;
  appId: number;
  appName: string;
  rank: number;
  totalRequests: number;
  totalTokens: string;
  asOf: string;
};

/** The widest range of stored days (the rankings' reload reads them all). */
const ALL_DAYS = { from: "2000-01-01" as UtcDay, to: "9999-12-31" as UtcDay };

type LoadedCount = { count: number; status: CountStatus; observedAt: Date };

/**
 * Every stored GitHub count, turned into the 13 products' daily rows and held in memory with the
 * recorded revisions, so that reads never touch the database. The set reloads when the counts'
 * fingerprint moves (a sync wrote), on the platform's timer and right after this process syncs.
 * While no count is stored and the market was started with SEED_SAMPLE_ON_EMPTY, it serves the
 * generated sample (marked `sample` in `dataSources`) instead; the first stored count replaces it
 * whole at the next reload.
 */
export class LlmCodingPublishedCounts extends PublishedReadModel {
  private rows = new Map<LlmCodingProductId, PublishedProductRow[]>();
  private revisionRows: StoredCodingCountRevision[] = [];
  private sources: DataSources = dataSourcesOf([]);
  private tokens: AgentTokenRow[] = [];
  private tokenSourcesLoaded: DataSources = dataSourcesOf([]);

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {
    super("LLM coding counts", () => codingPublicationFingerprint(db), {
      // Off until start reads SEED_SAMPLE_ON_EMPTY.
      allowedAtFirst: false,
      // The sample moves with the UTC day (it ends yesterday), so the day is part of its name.
      edition: () => utcDayOf(clock()),
    });
  }

  protected async load(sampleAllowed: boolean): Promise<LoadedData> {
    const [counts, revisions, rankings] = await Promise.all([
      allCodingCounts(this.db),
      readCodingCountRevisions(this.db),
      readAppRankingWindows(this.db, { category: CODING_CATEGORY, ...ALL_DAYS }),
    ]);
    this.tokens = agentTokenRows(rankings);
    this.tokenSourcesLoaded = appRankingSources(this.tokens);
    if (counts.length === 0 && sampleAllowed) {
      // The sample is generated here, now: that instant is when its counts were "observed", so
      // a value's `updatedAt` is never empty (the reference always gives one).
      const generatedAt = this.clock();
      this.groupRows(
        llmCodingSampleCounts(utcDayOf(generatedAt)).map((c) => ({
          ...c,
          observedAt: generatedAt,
        })),
      );
      this.revisionRows = [];
      this.sources = sampleSources(this.latestDayOfRows());
      return "sample";
    }
    this.groupRows(counts);
    this.revisionRows = revisions;
    this.sources = githubSources(counts);
    return "stored";
  }

  private groupRows(
    counts: readonly {
      day: UtcDay;
      agent: CodingAgent;
      metric: CodingMetric;
      count: number;
      status: CountStatus;
      observedAt: Date;
    }[],
  ): void {
    const byDay = new Map<UtcDay, Map<string, LoadedCount>>();
    for (const c of counts) {
      let day = byDay.get(c.day);
      if (day === undefined) byDay.set(c.day, (day = new Map<string, LoadedCount>()));
      day.set(`${c.agent}|${c.metric}`, {
        count: c.count,
        status: c.status,
        observedAt: c.observedAt,
      });
    }
    const days = [...byDay.keys()].sort();
    const rows = new Map<LlmCodingProductId, PublishedProductRow[]>();
    for (const product of LLM_CODING_PRODUCTS) {
      const needed = countsNeeded(product);
      const list: PublishedProductRow[] = [];
      for (const date of days) {
        const loaded = byDay.get(date) as Map<string, LoadedCount>;
        const row = productDayRow(product, date, (agent, metric) =>
          loaded.get(`${agent}|${metric}`),
        );
        if (row === null) continue;
        let updatedAt: Date | undefined;
        for (const need of needed) {
          const at = loaded.get(`${need.agent}|${need.metric}`)?.observedAt;
          if (at !== undefined && (updatedAt === undefined || at > updatedAt)) updatedAt = at;
        }
        // A product's value stands on at least one of its counts, which says when it was taken.
        if (updatedAt === undefined) continue;
        list.push({ ...row, updatedAt });
      }
      rows.set(product.id, list);
    }
    this.rows = rows;
  }

  private latestDayOfRows(): UtcDay | undefined {
    return latestOfSeries(this.rows.values(), (row) => row.date);
  }

  /** Where the served counts come from: GitHub search (cited), or the generated sample. */
  get dataSources(): DataSources {
    return this.sources;
  }

  /** The latest day any product has a row for. */
  get latestDay(): UtcDay | undefined {
    return this.latestDayOfRows();
  }

  describe(): string {
    return `${this.rowCount.toLocaleString("en-US")} LLM coding product-days${this.isSample ? " (generated sample)" : ""}`;
  }

  /** Product-day rows served, all products together. */
  get rowCount(): number {
    let total = 0;
    for (const list of this.rows.values()) total += list.length;
    return total;
  }

  /** A product's rows, oldest first (days without any value of it are absent). */
  rowsOf(product: LlmCodingProductId): readonly PublishedProductRow[] {
    return this.rows.get(product) ?? [];
  }

  /** The product's row of one day, if it has one. */
  rowOn(product: LlmCodingProductId, date: UtcDay): PublishedProductRow | undefined {
    const list = this.rowsOf(product);
    for (let i = list.length - 1; i >= 0; i--) {
      const row = list[i] as PublishedProductRow;
      if (row.date === date) return row;
      if (row.date < date) return undefined;
    }
    return undefined;
  }

  /** The coding agents' app-rankings rows of [startDate, endDate], oldest first, then by rank. */
  tokenRowsBetween(
    agent: CodingAgent | undefined,
    startDate: UtcDay | undefined,
    endDate: UtcDay | undefined,
  ): AgentTokenRow[] {
    return this.tokens.filter(
      (row) =>
        (agent === undefined || row.agent === agent) &&
        inOptionalDayRange(row.date, { startDate, endDate }),
    );
  }

  /** Where the tokens come from: OpenRouter's app rankings, cited, CC BY 4.0. */
  get tokenSources(): DataSources {
    return this.tokenSourcesLoaded;
  }

  /** Recorded revisions of settled counts, in the order recorded. */
  get revisions(): readonly StoredCodingCountRevision[] {
    return this.revisionRows;
  }
}

/** A source's terms, as an answer's `dataSources` names them. */
type SourceTerms = Pick<DataSource, "source" | "sample" | "citation" | "licence">;

/**
 * One source of daily values as an answer's `dataSources`: the days it covers (`days` in any
 * order, a day repeated once per value) and its newest as-of time, with its terms.
 */
export function dailySourceOf(
  terms: SourceTerms,
  days: readonly UtcDay[],
  latestAsOf: string | null,
): DataSources {
  if (days.length === 0) return dataSourcesOf([]);
  const sorted = [...new Set(days)].sort();
  return {
    sample: terms.sample,
    notice: null,
    sources: [
      {
        source: terms.source,
        sample: terms.sample,
        firstDay: sorted[0] as UtcDay,
        lastDay: sorted.at(-1) as UtcDay,
        days: sorted.length,
        latestAsOf,
        citation: terms.citation,
        licence: terms.licence,
      },
    ],
  };
}

/** GitHub search as the one source of stored counts: the days covered and the newest search. */
function githubSources(counts: readonly { day: UtcDay; observedAt: Date }[]): DataSources {
  if (counts.length === 0) return dataSourcesOf([]);
  let latest = counts[0]?.observedAt as Date;
  for (const c of counts) if (c.observedAt > latest) latest = c.observedAt;
  return dailySourceOf(
    {
      source: GITHUB_SEARCH_SOURCE,
      sample: false,
      citation: GITHUB_SEARCH_PROVENANCE.citation,
      // Counts of public pull requests and commits are facts, not licensed data.
      licence: null,
    },
    counts.map((c) => c.day),
    latest.toISOString(),
  );
}

/** The generated sample as the source: marked, with the sample notice as its citation. */
function sampleSources(lastDay: UtcDay | undefined): DataSources {
  if (lastDay === undefined) return dataSourcesOf([]);
  return dataSourcesOf([
    {
      source: SAMPLE_SOURCE,
      firstDay: addDays(lastDay, -(LLM_CODING_SAMPLE_DAYS - 1)),
      lastDay,
      days: LLM_CODING_SAMPLE_DAYS,
      latestAsOf: null,
    },
  ]);
}

/** The agents' rows of the stored one-day windows (a window of several days is no day's). */
function agentTokenRows(windows: readonly StoredAppRankingWindow[]): AgentTokenRow[] {
  const rows: AgentTokenRow[] = [];
  for (const window of windows) {
    if (window.windowStart !== window.windowEnd) continue;
    for (const row of window.rows) {
      const agent = codingAgentOfApp(row.appName);
      if (agent === null) continue;
      rows.push({
        date: window.windowStart,
        agent,
        appId: row.appId,
        appName: row.appName,
        rank: row.rank,
        totalRequests: row.totalRequests,
        totalTokens: row.totalTokens.toString(),
        asOf: window.asOf.toISOString(),
      });
    }
  }
  return rows;
}

/** OpenRouter's app rankings as the tokens' source, with the citation of the newest `as_of`. */
export function appRankingSources(
  rows: readonly Pick<AgentTokenRow, "date" | "asOf">[],
): DataSources {
  const latestAsOf = rows.reduce((latest, row) => (row.asOf > latest ? row.asOf : latest), "");
  return dailySourceOf(
    {
      source: APP_RANKINGS_SOURCE,
      sample: false,
      citation: appRankingsCitation(latestAsOf),
      licence: { ...OPENROUTER_LICENCE },
    },
    rows.map((row) => row.date),
    latestAsOf,
  );
}
