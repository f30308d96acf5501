import {
  ALL_FAMILIES,
  CELL_EXCLUSION_REASONS,
  TURN_RANGES,
  WORKLOAD_METHODOLOGY_VERSION,
  WORKLOAD_UNIT,
  OPENROUTER_SOURCE,
  describeWorkloadMethodology,
  err,
  noData,
  openRouterCitation,
  ok,
  sessionCostCitation,
  unknownFamilyMessage,
  type DomainError,
  resolveWorkloadFamily,
  type Result,
  type WorkloadQuery,
  type DataProvenance,
  type LabId,
  type WorkloadPublication,
  inOptionalDayRange,
} from "@tpi/domain";
import { SESSION_COST_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import { answerDataSourcesOf } from "../../../platform/provenance/data-sources";
import type { PublishedWorkload } from "../read-model/published-workload";
import type {
  WorkloadMethodologyResponse,
  WorkloadResponse,
  WorkloadRowAnswer,
} from "../schemas/workload";

/**
 * Answers `GET /api/workload` from the index in memory: the rows of the asked weeks (by window
 * end date), lab and family, the cells behind them (of the latest week unless `cells` asks for
 * all or none) and their sources. Without dates, the whole history. A family is one of ours or
 * a reference class name (`sonnet`: every family in the class); one the index has never
 * published (for the lab asked) is a 404 naming the ones there are (once anything is
 * published); otherwise no matching row is an empty `data`, not an error: a family comes and
 * goes with its models, and a week may have no cell of a lab.
 */
export function answerWorkload(
  query: WorkloadQuery,
  index: PublishedWorkload,
): Result<WorkloadResponse, DomainError> {
  const selection = selectWorkloadFamilies(query, index.rows);
  if (!selection.ok) return selection;
  const { rowAsked, cellAsked } = selection.value;
  const rows = index.rows.filter(
    (row) =>
      inOptionalDayRange(row.windowEndDate, query) &&
      (query.lab === undefined || row.lab === query.lab) &&
      rowAsked(row.lab, row.family),
  );
  const weeks = index.weeks.filter((week) => inOptionalDayRange(week.window.windowEndDate, query));
  const latestWeek = weeks.at(-1)?.window.windowEndDate;
  const cellWeeks =
    query.cells === "all"
      ? weeks
      : weeks.filter(
          (week) => query.cells === "latest" && week.window.windowEndDate === latestWeek,
        );
  const cells = cellWeeks.flatMap((week) =>
    week.cells
      .filter(
        (cell) =>
          (query.lab === undefined || cell.lab === query.lab) && cellAsked(cell.lab, cell.family),
      )
      .map((cell) => ({
        date: week.window.windowEndDate,
        windowDays: week.window.windowDays,
        asOf: week.window.asOf,
        harness: cell.appSlug,
        harnessName: cell.appName,
        model: cell.modelPermaslug,
        lab: cell.lab,
        family: cell.family,
        turnRange: cell.turnRange,
        medianSessionCostUsd: cell.medianSessionCostUsd,
        blendedPricePerMtok: cell.blendedPricePerMtok,
        impliedKtok: cell.impliedTokens / 1000,
      })),
  );
  return ok({
    success: true,
    unit: WORKLOAD_UNIT,
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    cellsOf: query.cells,
    count: rows.length,
    data: rows.map(workloadRowAnswerOf),
    weeks: weeks.map((week) => ({
      date: week.window.windowEndDate,
      windowDays: week.window.windowDays,
      asOf: week.window.asOf,
      pricesFetchedAt: week.pricesFetchedAt,
      pricedCells: week.cells.length,
      excluded: { ...week.excluded },
    })),
    cells,
    dataSources: answerDataSourcesOf(
      index.sourcesOf(weeks.map((week) => week.window.windowEndDate)),
    ),
  });
}

/** A row of the published index. */
export type PublishedWorkloadRow = WorkloadPublication["rows"][number];

/** A published row as the route serves it. */
export function workloadRowAnswerOf(row: PublishedWorkloadRow): WorkloadRowAnswer {
  return {
    date: row.windowEndDate,
    lab: row.lab,
    family: row.family,
    cCents: row.costPerSessionCents,
    lfl: row.lfl,
    qKtok: row.ktokPerSession,
    priceEffect: row.effects?.priceEffectPct ?? null,
    intensityEffect: row.effects?.intensityEffectPct ?? null,
    mixEffect: row.effects?.mixEffectPct ?? null,
    totalChange: row.effects?.totalChangePct ?? null,
    cells: row.cellCount,
    matchedCells: row.link?.matchedCells ?? null,
    lflImputed: row.link?.imputed ?? false,
    computedAt: row.computedAt,
  };
}

/** Which rows and cells the asked `family` selects (of the `lab` asked), among the published rows. */
type FamilySelection = {
  rowAsked: (lab: string, family: string) => boolean;
  cellAsked: (lab: string, family: string) => boolean;
};

/**
 * The rows and cells `family` asks for, resolved against the families of `published` (ours, or
 * a reference class); a family never published is a 404 naming the ones there are, once
 * anything is published.
 */
export function selectWorkloadFamilies(
  query: WorkloadQuery,
  published: readonly { lab: LabId; family: string }[],
): Result<FamilySelection, DomainError> {
  const families = [
    ...new Map(
      published
        .filter((row) => row.family !== ALL_FAMILIES)
        .map((row) => [`${row.lab}/${row.family}`, { lab: row.lab, family: row.family }]),
    ).values(),
  ];
  const selection =
    query.family === undefined
      ? undefined
      : resolveWorkloadFamily(query.family, query.lab, families);
  // Before anything is published every family is "not yet", not unknown: an empty answer.
  if (query.family !== undefined && selection?.kind === "unknown" && selection.known.length > 0)
    return err(
      noData(
        unknownFamilyMessage(query.family, query.lab, [ALL_FAMILIES, ...selection.known].sort()),
      ),
    );
  const asked =
    selection?.kind === "families"
      ? new Set(selection.families.map((entry) => `${entry.lab}/${entry.family}`))
      : undefined;
  // A row of the lab's aggregate answers `all`; a cell of any family is behind it.
  const rowAsked = (lab: string, family: string) =>
    selection === undefined ||
    (selection.kind === "aggregate"
      ? family === ALL_FAMILIES
      : asked !== undefined && asked.has(`${lab}/${family}`));
  const cellAsked = (lab: string, family: string) =>
    selection?.kind === "aggregate" || rowAsked(lab, family);
  return ok({ rowAsked, cellAsked });
}

/**
 * The answer from a release's rows (of the asked weeks): its `data` as the release holds it. A
 * release holds the rows, not the cells and price snapshots behind them, so `weeks` and `cells`
 * are empty and `cellsOf` is `none`; `dataSources` are the rows' own.
 */
export function workloadAnswerOfRelease(
  query: WorkloadQuery,
  items: readonly WorkloadRowAnswer[],
  sources: readonly DataProvenance[],
): Result<WorkloadResponse, DomainError> {
  const selection = selectWorkloadFamilies(query, items);
  if (!selection.ok) return selection;
  const data = items.filter(
    (item) =>
      inOptionalDayRange(item.date, query) &&
      (query.lab === undefined || item.lab === query.lab) &&
      selection.value.rowAsked(item.lab, item.family),
  );
  return ok({
    success: true,
    unit: WORKLOAD_UNIT,
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    cellsOf: "none",
    count: data.length,
    data,
    weeks: [],
    cells: [],
    dataSources: answerDataSourcesOf(sources),
  });
}

/** The method as data, for `GET /api/workload/methodology`, the website and the MCP resource. */
export function workloadMethodologyDocument(index: PublishedWorkload): WorkloadMethodologyResponse {
  // The sample's weeks have no OpenRouter as-of time to cite.
  const latest = index.isSample ? undefined : index.weeks.at(-1);
  return {
    success: true,
    version: WORKLOAD_METHODOLOGY_VERSION,
    unit: WORKLOAD_UNIT,
    sources: [
      {
        source: SESSION_COST_SOURCE,
        what: "OpenRouter Data API `GET /api/v1/datasets/session-cost`: weekly median USD cost of one coding-agent session per harness, model and turn range",
        citation: sessionCostCitation(latest?.window.asOf ?? "the week's as-of time"),
        licence: "CC BY 4.0",
      },
      {
        source: OPENROUTER_SOURCE,
        what: "OpenRouter's model list (`GET /api/v1/models`) as the token index stores it: input and output list prices per model, the snapshot in force on each window's last day",
        citation: openRouterCitation(latest?.pricesFetchedAt ?? "the snapshot's time"),
        licence: "CC BY 4.0",
      },
    ],
    turnRanges: [...TURN_RANGES],
    rules: describeWorkloadMethodology(),
    exclusions: { ...CELL_EXCLUSION_REASONS },
    weeks: index.weeks.length,
    latestWeek: index.latestWeek ?? null,
    dataSources: answerDataSourcesOf(index.sourcesOf([])),
  };
}
