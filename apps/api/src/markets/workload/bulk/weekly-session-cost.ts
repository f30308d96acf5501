import {
  OPENROUTER_LICENCE,
  SESSION_COST_SOURCE_NAME,
  WORKLOAD_METHODOLOGY_VERSION,
  itemOfRow,
  publishWorkloadIndex,
  rowOfItem,
  sourcesOfRows,
  workloadSeriesKey,
  workloadWeekSources,
  type BulkRow,
  type ItemFields,
  type PublishedWorkloadWeek,
} from "@tpi/domain";
import { readWorkloadInputs } from "@tpi/db";
import type { MarketBulkDataset } from "../../../platform/bulk/dataset";
import type { WorkloadRowAnswer } from "../schemas/workload";
import { workloadRowAnswerOf } from "../services/workload";

/**
 * `GET /api/workload`'s rows (`data`) as one table: every lab's aggregate and family, week by
 * week, as the route serves them, after a `series` column naming the row's series as the
 * market's events do (`lab/family`: a family alone is not one, every lab has `all`). The cells
 * and price snapshots behind the rows (`cells`, `weeks`) are not in the table.
 *
 * Not read a page at a time: the like-for-like index is chained over every week of a series and
 * the effects compare each week with the one before, so rows are computed from every stored
 * week at once, as the read model does (a year is 52 weeks of a few hundred cells). The
 * generated sample is never stored, so it is in no file.
 */

export const WEEKLY_SESSION_COST_DATASET = "weekly-session-cost";

/**
 * Computed by the method from the session costs OpenRouter reports and its list prices: the
 * source reports the inputs, the index is ours.
 */
const BASIS = "reported";

const percent = (name: string, description: string) =>
  ({ name, type: "double", nullable: true, description }) as const;

const FIELDS: ItemFields = {
  columns: [
    {
      name: "series",
      type: "string",
      nullable: false,
      description:
        "The row's series, `lab/family` (`anthropic/all`, `openai/codex`), as the market's events name it (not a field of the route's rows)",
    },
    {
      name: "date",
      type: "date",
      nullable: false,
      description: "The week: its session-cost window's end date (UTC)",
    },
    { name: "lab", type: "string", nullable: false, description: "The model lab" },
    {
      name: "family",
      type: "string",
      nullable: false,
      description: "Model family, or `all` (every cell of the lab)",
    },
    {
      name: "cCents",
      type: "double",
      nullable: false,
      description:
        "Cost per coding-agent session, US cents: the mean over the group's cells of the median session cost",
    },
    {
      name: "lfl",
      type: "double",
      nullable: false,
      description: "Like-for-like index, 100 in the group's first week, chained weekly",
    },
    {
      name: "qKtok",
      type: "double",
      nullable: false,
      description: "Implied thousands of tokens per session",
    },
    percent(
      "priceEffect",
      "Percent of the previous week's cost per session due to list prices (LMDI); null in the group's first week",
    ),
    percent(
      "intensityEffect",
      "Percent due to implied tokens per session (LMDI); null in the first week",
    ),
    percent(
      "mixEffect",
      "Percent due to the cells' shares and entries and exits (LMDI); null in the first week",
    ),
    percent(
      "totalChange",
      "Percent change of cCents from the previous week; null in the first week",
    ),
    {
      name: "cells",
      type: "integer",
      nullable: false,
      description: "Cells (harness x model x turn range) in the group this week",
    },
    {
      name: "matchedCells",
      type: "integer",
      nullable: true,
      description: "Cells also present in the previous week; null in the first week",
    },
    {
      name: "lflImputed",
      type: "boolean",
      nullable: false,
      description: "True when no cell matched the previous week (the link is taken as 1)",
    },
    {
      name: "computedAt",
      type: "timestamp",
      nullable: false,
      description:
        "When the row's inputs were complete: the later of the session-cost snapshot's as-of time and the price snapshot's fetch time",
    },
  ],
};

/**
 * The row of an item of its week: the session-cost dataset as of the week's snapshot, cited
 * with both of the week's sources (the session costs, and the model list that priced them).
 */
export function weeklySessionCostRow(
  item: WorkloadRowAnswer,
  week: PublishedWorkloadWeek,
): BulkRow {
  const citations = workloadWeekSources(week).flatMap((source) =>
    source.citation === null ? [] : [source.citation],
  );
  return rowOfItem(
    FIELDS,
    { series: workloadSeriesKey(item), ...item },
    {
      source: SESSION_COST_SOURCE_NAME,
      asOf: week.window.asOf,
      sample: false,
      basis: BASIS,
      methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
      citation: citations.join(" "),
    },
  );
}

/** A row back as the route's item. */
export function workloadItemOfRow(row: BulkRow): WorkloadRowAnswer {
  const { series: _series, ...item } = itemOfRow(FIELDS, row);
  return item as WorkloadRowAnswer;
}

/** The sources of a release's rows, as the answer names them (OpenRouter's terms, CC BY 4.0). */
export function workloadSourcesOfRows(rows: readonly BulkRow[]) {
  return sourcesOfRows(rows, () => ({ ...OPENROUTER_LICENCE }));
}

export const workloadWeeklySessionCost: MarketBulkDataset = {
  market: "workload",
  name: WEEKLY_SESSION_COST_DATASET,
  title: "Workload Cost, weekly",
  description:
    "One row per lab (aggregate `all`) or model family and week: the cost of one coding-agent session in US cents, implied tokens, the like-for-like index and the week's price, intensity and mix effects.",
  historyRoute: "/api/workload",
  seriesColumn: "series",
  periodColumn: "date",
  columns: FIELDS.columns,
  async *rows(db, stopping) {
    const publication = publishWorkloadIndex(await readWorkloadInputs(db));
    const weeks = new Map(publication.weeks.map((week) => [week.window.windowEndDate, week]));
    const rows = publication.rows
      .map((row) => ({ series: workloadSeriesKey(row), row }))
      .sort((a, b) =>
        a.series === b.series
          ? a.row.windowEndDate < b.row.windowEndDate
            ? -1
            : 1
          : a.series < b.series
            ? -1
            : 1,
      );
    for (const { row } of rows) {
      if (stopping?.aborted === true) return;
      const week = weeks.get(row.windowEndDate);
      // Every row is of a published week.
      if (week === undefined) continue;
      yield weeklySessionCostRow(workloadRowAnswerOf(row), week);
    }
  },
  // Every value needs a key (`freeWindow` null): no free file.
  freeSeries: [],
};
