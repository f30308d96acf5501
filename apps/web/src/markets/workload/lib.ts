import {
  ALL_FAMILIES,
  LAB_CATALOG,
  OPENROUTER_LICENCE,
  TURN_RANGES,
  isLabId,
  type LabId,
  type UtcDay,
} from "@tpi/domain";
import { formatTokens, formatUsd } from "../../lib/format";
import { fieldsCsv, type RowProvenance } from "../../kit/csv";
import type { Series } from "../../lib/shape";
import type { SourceLicence } from "../../kit/sources";

/**
 * The Workload Cost page's pure helpers: what one coding-agent session costs per lab and model
 * family, week by week (`GET /api/workload`). The rows are typed by the fields the page reads,
 * so that they take the api's rows as they are.
 */

/** The page, its CSV download (app/workload/history.csv/route.ts) and the chart's id. */
export const WORKLOAD_PATH = "/workload";
export const WORKLOAD_CSV_PATH = "/workload/history.csv";
/**
 * `?lab=` narrows the page to one lab: its families charted, its latest week, its cells and its
 * CSV. The families shown in that chart are `?families=` (the chart's series parameter).
 */
export const WORKLOAD_LAB_PARAM = "lab";
export const WORKLOAD_FAMILIES_PARAM = "families";
/** The labs shown in the whole index's chart (its series parameter, `?labs=`). */
export const WORKLOAD_LABS_PARAM = "labs";

/** The lab a query asks for; anything but a catalogue lab is no filter (a page answers any query). */
export function workloadLabOf(value: string | string[] | undefined): LabId | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && isLabId(first) ? first : undefined;
}

/** The page, or its view of one lab. */
export function workloadPathOf(lab?: LabId): string {
  return lab === undefined ? WORKLOAD_PATH : `${WORKLOAD_PATH}?${WORKLOAD_LAB_PARAM}=${lab}`;
}

/** The CSV of the page, or of its view of one lab. */
export function workloadCsvPathOf(lab?: LabId): string {
  return lab === undefined
    ? WORKLOAD_CSV_PATH
    : `${WORKLOAD_CSV_PATH}?${WORKLOAD_LAB_PARAM}=${lab}`;
}

/** The source's snapshots are weekly: one value a week, joined week to week in the chart. */
export const WORKLOAD_CADENCE_DAYS = 7;

/** One lab × family × week of the index, as `GET /api/workload` serves it. */
export type WorkloadIndexRow = {
  date: UtcDay;
  lab: string;
  family: string;
  /** Cost per session, US cents. */
  cCents: number;
  /** Like-for-like index, 100 in the group's first week. */
  lfl: number;
  /** Implied tokens per session, thousands. */
  qKtok: number;
  /** Percent of the previous week's cost per session; null in a group's first week. */
  priceEffect: number | null;
  intensityEffect: number | null;
  mixEffect: number | null;
};

/** One session-cost cell: a harness's median session cost on a model in a turn range, in a week. */
export type WorkloadCellLike = {
  date: UtcDay;
  harnessName: string;
  model: string;
  turnRange: string;
  medianSessionCostUsd: number;
};

/**
 * `tpi-workload-2026-10-04-to-2026-11-22.csv` (`tpi-workload-openai-…` for one lab): the weeks it
 * holds in the saved file's name.
 */
export function workloadCsvFileName(startDate: UtcDay, endDate: UtcDay, lab?: LabId): string {
  return `tpi-workload-${lab === undefined ? "" : `${lab}-`}${startDate}-to-${endDate}.csv`;
}

function byDate(a: { date: string }, b: { date: string }): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

/**
 * One chart series per lab of its like-for-like index over all its families (`family` = `all`),
 * in catalog order, oldest first; a lab without rows has no series.
 */
export function lflSeries(rows: readonly WorkloadIndexRow[]): Series[] {
  return LAB_CATALOG.map(({ lab, label }) => ({
    key: lab,
    label,
    points: rows
      .filter((row) => row.lab === lab && row.family === ALL_FAMILIES)
      .map((row) => ({ date: row.date, value: row.lfl }))
      .sort(byDate),
  })).filter((series) => series.points.length > 0);
}

/**
 * One chart series per family of a lab (its like-for-like index), `all` first (named "All
 * families"), then A-Z, oldest first.
 */
export function familySeries(rows: readonly WorkloadIndexRow[], lab: LabId): Series[] {
  const families = [...new Set(rows.filter((row) => row.lab === lab).map((row) => row.family))];
  families.sort((a, b) =>
    a === ALL_FAMILIES ? -1 : b === ALL_FAMILIES ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return families.map((family) => ({
    key: family,
    label: family === ALL_FAMILIES ? "All families" : family,
    points: rows
      .filter((row) => row.lab === lab && row.family === family)
      .map((row) => ({ date: row.date, value: row.lfl }))
      .sort(byDate),
  }));
}

/**
 * Each lab's latest week, all its families (a family absent that week has left the lab's
 * cells, so it is not shown as current): labs in catalog order, then the api's order within a
 * lab (`all` first, then families A-Z).
 */
export function latestWeekRows<Row extends WorkloadIndexRow>(rows: readonly Row[]): Row[] {
  const latest = new Map<string, string>();
  for (const row of rows) {
    const known = latest.get(row.lab);
    if (known === undefined || row.date > known) latest.set(row.lab, row.date);
  }
  return LAB_CATALOG.flatMap(({ lab }) =>
    rows
      .filter((row) => row.lab === lab && row.date === latest.get(lab))
      .sort((a, b) => {
        if (a.family === b.family) return 0;
        if (a.family === ALL_FAMILIES) return -1;
        if (b.family === ALL_FAMILIES) return 1;
        return a.family < b.family ? -1 : 1;
      }),
  );
}

/**
 * The week's total change of cost per session, in percent: the sum of its three effects (the
 * decomposition adds up exactly). Null in a group's first week, which has nothing to compare.
 */
export function totalEffect(row: WorkloadIndexRow): number | null {
  if (row.priceEffect === null || row.intensityEffect === null || row.mixEffect === null)
    return null;
  return row.priceEffect + row.intensityEffect + row.mixEffect;
}

/** The latest and earliest day of some rows, or undefined for none. */
export function weekRange(
  rows: readonly { date: UtcDay }[],
): { startDate: UtcDay; endDate: UtcDay } | undefined {
  const days = rows.map((row) => row.date).sort();
  const startDate = days[0];
  const endDate = days.at(-1);
  return startDate === undefined || endDate === undefined ? undefined : { startDate, endDate };
}

/**
 * The cells of the latest week (the answer holds every week's), in reading order: harness, then
 * model, then the source's turn ranges (1 turn first), so that one harness's models and turn
 * ranges stand together.
 */
export function latestWeekCells<Cell extends WorkloadCellLike>(cells: readonly Cell[]): Cell[] {
  const latest = cells.reduce<string | undefined>(
    (found, cell) => (found === undefined || cell.date > found ? cell.date : found),
    undefined,
  );
  const turnOrder = (range: string) => {
    const at = (TURN_RANGES as readonly string[]).indexOf(range);
    return at === -1 ? TURN_RANGES.length : at;
  };
  return cells
    .filter((cell) => cell.date === latest)
    .sort(
      (a, b) =>
        a.harnessName.localeCompare(b.harnessName, "en") ||
        a.model.localeCompare(b.model, "en") ||
        turnOrder(a.turnRange) - turnOrder(b.turnRange),
    );
}

/** `1-turn` → `1 turn`, `2-9-turns` → `2–9 turns`, `50-plus-turns` → `50+ turns`. */
export function turnRangeLabel(range: string): string {
  const single = /^(\d+)-turns?$/.exec(range);
  if (single !== null) return `${single[1]} turn${single[1] === "1" ? "" : "s"}`;
  const span = /^(\d+)-(\d+)-turns$/.exec(range);
  if (span !== null) return `${span[1]}\u2013${span[2]} turns`;
  const open = /^(\d+)-plus-turns$/.exec(range);
  if (open !== null) return `${open[1]}+ turns`;
  return range;
}

/** Cents per session as dollars and cents: `482.5` → `$4.83 (482.50¢)`. */
export function formatSessionCost(cents: number): string {
  return `${formatUsd(cents / 100, 2)} (${cents.toFixed(2)}\u00a2)`;
}

/** Thousands of tokens per session as a whole number of tokens: `1820.46` → `1,820,460`. */
export function formatKtok(qKtok: number): string {
  return formatTokens(Math.round(qKtok * 1000));
}

/**
 * The API's field names, in its order (the provenance columns follow: whether a row rests on the
 * generated sample, its sources and the citation their licence asks for).
 */
export const WORKLOAD_CSV_COLUMNS = [
  "date",
  "lab",
  "family",
  "cCents",
  "lfl",
  "qKtok",
  "priceEffect",
  "intensityEffect",
  "mixEffect",
] as const;

/**
 * RFC 4180 CSV of index rows with the API's exact values (a null effect is an empty field), CRLF
 * line ends, in the order given, each with its provenance.
 */
export function workloadRowsToCsv<Row extends WorkloadIndexRow>(
  rows: readonly Row[],
  provenanceOf: (row: Row) => RowProvenance,
): string {
  return fieldsCsv(WORKLOAD_CSV_COLUMNS, rows, provenanceOf);
}

/**
 * The licence of a methodology source: the api names it (`CC BY 4.0`) without its address, and
 * every source of this market is OpenRouter's, whose licence the domain states with its link. A
 * name the domain does not know stays words (never a guessed link, never a failed page).
 */
export function openRouterLicenceNamed(name: string): SourceLicence | string {
  return name === OPENROUTER_LICENCE.name ? { ...OPENROUTER_LICENCE } : name;
}
