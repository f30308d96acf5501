import {
  OPENROUTER_SOURCE,
  SAMPLE_SOURCE,
  provenanceOf,
  publishWorkloadIndex,
  workloadSampleInputs,
  workloadSampleWeekEnds,
  workloadWeekSources,
  type DataProvenance,
  type UtcDay,
  type WorkloadPublication,
} from "@tpi/domain";
import { readWorkloadInputs, workloadInputsFingerprint, type Db } from "@tpi/db";
import type { DataSources } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  servedDataSources,
  type LoadedData,
} from "../../../platform/publication/published-read-model";

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
    const inputs = await readWorkloadInputs(this.db);
    if (inputs.length === 0) {
      this.publication = publishWorkloadIndex(
        sampleAllowed ? workloadSampleInputs(this.clock()) : [],
      );
      return sampleAllowed ? "sample" : "stored";
    }
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
    return newest === undefined ? [] : workloadWeekSources(newest);
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
