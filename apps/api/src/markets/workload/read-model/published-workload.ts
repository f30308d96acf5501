import {
  OPENROUTER_SOURCE,
  SAMPLE_SOURCE,
  provenanceOf,
  publishWorkloadIndex,
  sessionCostCitation,
  weekPriceSnapshot,
  workloadSampleInputs,
  workloadSampleWeekEnds,
  type DataProvenance,
  type UtcDay,
  type WorkloadPublication,
  type WorkloadWeekInput,
} from "@tpi/domain";
import {
  priceListsOf,
  priceSnapshotsOf,
  readSessionCostWeeks,
  workloadInputsFingerprint,
  type Db,
} from "@tpi/db";
import { SESSION_COST_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import type { DataSources } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  servedDataSources,
  type LoadedData,
} from "../../../platform/publication/published-read-model";

/** The session-cost dataset's licence, as every answer names it. */
const SESSION_COST_LICENCE_TERMS = provenanceOf(OPENROUTER_SOURCE, null).licence;

/**
 * The Workload Cost index held in memory: every stored session-cost week, each priced by the
 * OpenRouter model-price snapshot in force on its window's last day, run through the domain's
 * index math (`publishWorkloadIndex`). Computed from stored inputs only, so it is the same on
 * every instance, and reads never touch the database. It reloads when a week is written or a
 * price snapshot stored (the inputs' fingerprint moves). While no real week is stored, and the
 * sample is allowed (SEED_SAMPLE_ON_EMPTY), it holds the generated sample, marked as such, which
 * the first real week replaces.
 */
export class PublishedWorkload extends PublishedReadModel {
  private publication: WorkloadPublication = { weeks: [], rows: [] };

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {
    super("workload index", () => workloadInputsFingerprint(db, OPENROUTER_SOURCE), {
      allowedAtFirst: true,
      // The sample grows by a week each Monday: its last week names it.
      edition: () => workloadSampleWeekEnds(clock()).at(-1) ?? "",
    });
  }

  protected async load(sampleAllowed: boolean): Promise<LoadedData> {
    const weeks = await readSessionCostWeeks(this.db);
    if (weeks.length === 0) {
      this.publication = publishWorkloadIndex(
        sampleAllowed ? workloadSampleInputs(this.clock()) : [],
      );
      return sampleAllowed ? "sample" : "stored";
    }
    const snapshots = await priceSnapshotsOf(this.db, OPENROUTER_SOURCE);
    const chosen = weeks.map((week) => weekPriceSnapshot(week.window.windowEndDate, snapshots));
    const lists = await priceListsOf(
      this.db,
      chosen.flatMap((snapshot) => (snapshot === null ? [] : [snapshot.id])),
    );
    const inputs: WorkloadWeekInput[] = weeks.map((week, i) => {
      const snapshot = chosen[i] ?? null;
      return {
        week,
        prices:
          snapshot === null
            ? null
            : { fetchedAt: snapshot.fetchedAt, models: lists.get(snapshot.id) ?? [] },
      };
    });
    this.publication = publishWorkloadIndex(inputs);
    return "stored";
  }

  get weeks(): WorkloadPublication["weeks"] {
    return this.publication.weeks;
  }

  get rows(): WorkloadPublication["rows"] {
    return this.publication.rows;
  }

  /** The latest week's window end date. */
  get latestWeek(): UtcDay | undefined {
    return this.publication.weeks.at(-1)?.window.windowEndDate;
  }

  /**
   * The sources of the weeks whose windows end from `startDate` to `endDate` (all when absent):
   * OpenRouter's session-cost dataset, as of the newest of those weeks, and OpenRouter's model
   * list whose prices turned costs into tokens; or the sample.
   */
  sourcesOf(weekEnds: readonly UtcDay[]): DataProvenance[] {
    if (this.isSample) return [provenanceOf(SAMPLE_SOURCE, null)];
    const wanted = new Set(weekEnds);
    const weeks = this.publication.weeks.filter((week) => wanted.has(week.window.windowEndDate));
    const newest = (weeks.length > 0 ? weeks : this.publication.weeks).at(-1);
    if (newest === undefined) return [];
    const asOf = newest.window.asOf;
    const sources: DataProvenance[] = [
      {
        source: SESSION_COST_SOURCE,
        sample: false,
        asOf,
        citation: sessionCostCitation(asOf),
        licence: SESSION_COST_LICENCE_TERMS === null ? null : { ...SESSION_COST_LICENCE_TERMS },
      },
    ];
    if (newest.pricesFetchedAt !== null)
      sources.push(provenanceOf(OPENROUTER_SOURCE, newest.pricesFetchedAt));
    return sources;
  }

  /** The sources of every served week, with the weeks' window end dates (the market's provenance). */
  get dataSources(): DataSources {
    return servedDataSources(this.isSample, this.sourcesOf([]), () => ({
      firstDay: this.publication.weeks[0]?.window.windowEndDate ?? "",
      lastDay: this.latestWeek ?? "",
      days: this.publication.weeks.length,
    }));
  }

  describe(): string {
    const weeks = this.publication.weeks.length;
    return `${weeks.toLocaleString("en-US")} ${this.isSample ? "sample " : ""}workload week(s)`;
  }
}
