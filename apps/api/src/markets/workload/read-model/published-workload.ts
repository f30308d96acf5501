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
import { PublishedReload } from "../../../platform/publication/published-reload";

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
export class PublishedWorkload {
  private publication: WorkloadPublication = { weeks: [], rows: [] };
  private sample = false;
  private sampleAllowed = true;
  private readonly reload: PublishedReload;

  readonly name = "workload index";

  constructor(
    db: Db,
    private readonly clock: () => Date,
  ) {
    this.reload = new PublishedReload(
      "workload index",
      async () => {
        const stored = await workloadInputsFingerprint(db, OPENROUTER_SOURCE);
        // The sample grows by a week each Monday: its last week names it.
        const sampleThrough = this.sampleAllowed
          ? (workloadSampleWeekEnds(this.clock()).at(-1) ?? "")
          : "off";
        return `${stored}|${sampleThrough}`;
      },
      async () => {
        const weeks = await readSessionCostWeeks(db);
        if (weeks.length === 0) {
          this.sample = this.sampleAllowed;
          this.publication = publishWorkloadIndex(
            this.sampleAllowed ? workloadSampleInputs(this.clock()) : [],
          );
          return;
        }
        const snapshots = await priceSnapshotsOf(db, OPENROUTER_SOURCE);
        const chosen = weeks.map((week) => weekPriceSnapshot(week.window.windowEndDate, snapshots));
        const lists = await priceListsOf(
          db,
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
        this.sample = false;
        this.publication = publishWorkloadIndex(inputs);
      },
    );
  }

  /** Whether an empty store shows the sample (SEED_SAMPLE_ON_EMPTY); set before the first load. */
  allowSample(allowed: boolean): void {
    this.sampleAllowed = allowed;
  }

  refresh(): Promise<boolean> {
    return this.reload.refresh();
  }

  get version(): string {
    return this.reload.version;
  }

  onChange(listener: () => void): void {
    this.reload.onChange(listener);
  }

  get refreshFailureMessage(): string {
    return this.reload.refreshFailureMessage;
  }

  /** True while the loaded weeks are the generated sample. */
  get isSample(): boolean {
    return this.sample;
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
    if (this.sample) return [provenanceOf(SAMPLE_SOURCE, null)];
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

  /** One phrase for the start-up log. */
  describe(): string {
    const weeks = this.publication.weeks.length;
    return `${weeks.toLocaleString("en-US")} ${this.sample ? "sample " : ""}workload week(s)`;
  }
}
