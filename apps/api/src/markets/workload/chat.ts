import {
  ALL_FAMILIES,
  FAMILY_TIER_WORDS,
  LAB_CATALOG,
  LAB_IDS,
  TURN_RANGES,
  WORKLOAD_UNIT,
  addDays,
  describeWorkloadMethodology,
  ok,
  parseUtcDay,
  type LabId,
} from "@tpi/domain";
import {
  askRoute,
  askedPeriod,
  changePercent,
  citationsOf,
  escapeRegExp,
  rankingAsked,
  seriesSourceOf,
  signedPercent,
  sourceOf,
} from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import { WORKLOAD } from "./read-model/state";
import { workloadMethodologyRoute, workloadRoute } from "./routes/workload";
import type { WorkloadResponse } from "./schemas/workload";

/**
 * What the chat knows of the Workload Cost index, all from `GET /api/workload` for the chat's
 * caller (a keyless caller gets the route's 401 in its words): the published index per lab and
 * model family (cents per session, like-for-like index, the price, intensity and mix effects) for
 * the labs, families and weeks asked; and, for a harness asked ("a Claude Code session on
 * Sonnet"), the median cost of one session per turn range. A period of several weeks answers the
 * change from its first week to its last. A harness the data does not have is said so.
 */

type Cell = WorkloadResponse["cells"][number];
type Row = WorkloadResponse["data"][number];

const INTENT = "workload";
/** Words of a Workload Cost question. */
const WORKLOAD_WORDS =
  /\bworkload\b|\bsessions?\b|\bharness(?:es)?\b|\blike[- ]for[- ]like\b|\b(?:price|intensity|mix) effects?\b/;
/** Words that ask for the harnesses' cells (median cost per turn range), not the index. */
const CELL_WORDS = /\bmedian\b|\bturns?\b|\bharness(?:es)?\b/;

const usd = (value: number) => `$${value < 1 ? value.toFixed(3) : value.toFixed(2)}`;
const cents = (value: number) => `${value.toFixed(2)} cents per session`;
const plainWords = (text: string) => text.toLowerCase().replace(/[-_]+/g, " ");
/** The text padded and reduced to words, so that a name is found only as whole words. */
const wordsOf = (text: string) => ` ${plainWords(text).replace(/[^a-z0-9. ]+/g, " ")} `;

/** The labs a question names, by id or name ("anthropic", "OpenAI"). */
function labsNamed(lower: string): LabId[] {
  return LAB_CATALOG.filter(({ lab, label }) =>
    new RegExp(
      `(?<![a-z0-9-])(?:${escapeRegExp(lab)}|${escapeRegExp(label.toLowerCase())})(?![a-z0-9])`,
    ).test(lower),
  ).map(({ lab }) => lab);
}

/** The harnesses a question names (by name or slug, hyphens read as spaces), of those in the cells. */
function harnessesNamed(lower: string, cells: readonly Cell[]): Set<string> {
  const text = wordsOf(lower);
  const named = new Set<string>();
  for (const cell of cells)
    if (
      text.includes(` ${plainWords(cell.harnessName)} `) ||
      text.includes(` ${plainWords(cell.harness)} `)
    )
      named.add(cell.harness);
  return named;
}

/**
 * The families a question names: the family itself (`gpt-5`, `claude sonnet`) or one of its
 * tier words (`sonnet`, `flash`), of `families`.
 */
function familiesNamed(lower: string, families: Iterable<string>): Set<string> {
  const text = wordsOf(lower);
  const named = new Set<string>();
  for (const family of families) {
    if (family === ALL_FAMILIES) continue;
    const tiers = family.split("-").filter((word) => FAMILY_TIER_WORDS.includes(word));
    if (
      text.includes(` ${plainWords(family)} `) ||
      tiers.some((tier) => text.includes(` ${tier} `))
    )
      named.add(family);
  }
  return named;
}

/** "sessions of the 7 days from 2026-11-09 to 2026-11-15 (as of …)". */
function windowText(cell: Pick<Cell, "date" | "windowDays" | "asOf">): string {
  const end = parseUtcDay(cell.date);
  const start = end === undefined ? cell.date : addDays(end, -(cell.windowDays - 1));
  return `sessions of the ${cell.windowDays} days from ${start} to ${cell.date} (OpenRouter's window, as of ${cell.asOf})`;
}

/** "the week ending 2026-11-15": the week whose window ends that day. */
const WEEK_ENDING = /\bweek (?:ending|ended|to) (\d{4}-\d{2}-\d{2})\b/;

/**
 * The weeks asked: `query` the route's range of window end days; `oneWeek` when one week is
 * asked (the first of the range); `named` when the question names the week's end day itself.
 */
type Weeks = { query: Record<string, string>; oneWeek: boolean; named: boolean };

/** The latest published week. */
function latestWeekOf(scope: Chat.ChatScope): Weeks {
  const week = WORKLOAD.of(scope.deps).index.latestWeek;
  return {
    query: week === undefined ? {} : { startDate: week, endDate: week },
    oneWeek: true,
    named: false,
  };
}

/**
 * The weeks a question asks about, by their windows' end days: the week ending the day it names
 * ("the week ending 2026-11-15"), the week whose window holds the day it names (`oneWeek`: the
 * first week of the range asked), the weeks ending in the period it names, else the latest week.
 */
function weeksAsked(question: Chat.Question, scope: Chat.ChatScope): Weeks {
  const ending = WEEK_ENDING.exec(question.lower)?.[1];
  if (ending !== undefined)
    return { query: { startDate: ending, endDate: ending }, oneWeek: true, named: true };
  const asked = askedPeriod(question);
  if (question.when.kind === "day" && asked !== undefined)
    return {
      query: { startDate: asked.startDate, endDate: addDays(asked.startDate, 6) },
      oneWeek: true,
      named: false,
    };
  if (asked !== undefined)
    return {
      query: { startDate: asked.startDate, endDate: asked.endDate },
      oneWeek: false,
      named: false,
    };
  return latestWeekOf(scope);
}

/** The weeks asked, as an answer without values says them. */
const weeksText = (query: Record<string, string>) =>
  query.startDate === undefined
    ? "yet"
    : query.startDate === query.endDate
      ? `for the week ending ${query.startDate}`
      : `for the weeks ending ${query.startDate} to ${query.endDate}`;

/** Each value of `items` under its key, in first-seen order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

/** The median cost per session of each harness and model asked, per turn range. */
function cellsAnswer(cells: readonly Cell[], query: Record<string, string>): Chat.EngineAnswer {
  const weeks = [...new Set(cells.map((cell) => cell.date))].sort();
  const firstWeek = weeks[0];
  const lastWeek = weeks.at(-1);
  const head = cells.find((cell) => cell.date === lastWeek);
  if (head === undefined || firstWeek === undefined || lastWeek === undefined)
    return {
      intent: INTENT,
      answer: `No session cost is published ${weeksText(query)}.`,
      sources: [],
    };
  const byModel = groupBy(cells, (cell) => `${cell.harnessName}\n${cell.model}`);
  if (firstWeek === lastWeek) {
    const lines = byModel.map((group) => {
      const [first] = group;
      const ranges = TURN_RANGES.flatMap((range) => {
        const cell = group.find((candidate) => candidate.turnRange === range);
        return cell === undefined
          ? []
          : [
              `${range} ${usd(cell.medianSessionCostUsd)} (about ${Math.round(cell.impliedKtok).toLocaleString("en-US")}k tokens at list price)`,
            ];
      });
      return `${first?.harnessName} on ${first?.model} (${first?.family}): median cost per session ${ranges.join(", ")}.`;
    });
    return {
      intent: INTENT,
      answer: [
        `Median cost of one coding-agent session (not one request), ${windowText(head)}:`,
        ...lines,
      ].join("\n"),
      sources: [sourceOf(workloadRoute, query, cells)],
    };
  }
  // Several weeks: each cell's change from its first week in the period to its last.
  const lines = byModel.flatMap((group) =>
    TURN_RANGES.flatMap((range) => {
      const ofRange = group.filter((cell) => cell.turnRange === range);
      const first = ofRange[0];
      const last = ofRange.at(-1);
      if (first === undefined || last === undefined) return [];
      return [
        `${first.harnessName} on ${first.model} (${first.family}), ${range}: ${usd(first.medianSessionCostUsd)} in the week ending ${first.date} to ${usd(last.medianSessionCostUsd)} in the week ending ${last.date} (${changePercent(first.medianSessionCostUsd, last.medianSessionCostUsd)}).`,
      ];
    }),
  );
  return {
    intent: INTENT,
    answer: [
      `Median cost of one coding-agent session (not one request), weeks ending ${firstWeek} to ${lastWeek}:`,
      ...lines,
    ].join("\n"),
    sources: [sourceOf(workloadRoute, query, cells)],
  };
}

/** "anthropic" (every family), "anthropic claude-sonnet". */
const groupName = (row: Row) =>
  row.family === ALL_FAMILIES ? row.lab : `${row.lab} ${row.family}`;

/**
 * One week's rows from the cheapest session to the dearest (`high`: the other way), led by the
 * row asked for: "the cheapest sessions are openai's".
 */
function ranked(rows: readonly Row[], high: boolean): { lead: string; rows: Row[] } {
  const order = [...rows].sort((a, b) => (high ? b.cCents - a.cCents : a.cCents - b.cCents));
  const [top] = order;
  const end = high ? "most expensive" : "cheapest";
  return {
    lead:
      top === undefined ? "" : `The ${end} sessions: ${groupName(top)} at ${cents(top.cCents)}.`,
    rows: order,
  };
}

/**
 * The published index of each lab and family asked: one week's rows (ranked when the question
 * asks for the cheapest or the most expensive), or a period's change.
 */
function indexAnswer(
  asked: readonly Row[],
  query: Record<string, string>,
  ranking: { high: boolean } | undefined,
): Chat.EngineAnswer {
  const weeks = [...new Set(asked.map((row) => row.date))].sort();
  const firstWeek = weeks[0];
  const lastWeek = weeks.at(-1);
  if (firstWeek === undefined || lastWeek === undefined)
    return {
      intent: INTENT,
      answer: `No Workload Cost value is published ${weeksText(query)}.`,
      sources: [],
    };
  const order =
    firstWeek === lastWeek && ranking !== undefined && asked.length > 1
      ? ranked(asked, ranking.high)
      : { lead: "", rows: [...asked] };
  const rows = order.rows;
  const groups = groupBy(rows, groupName);
  const lines =
    firstWeek === lastWeek
      ? rows.map(
          (row) =>
            `${groupName(row)}: ${cents(row.cCents)} (${row.qKtok.toFixed(1)}k implied tokens), like-for-like index ${row.lfl.toFixed(2)} (base 100); change ${signedPercent(row.totalChange)} = price ${signedPercent(row.priceEffect)} + intensity ${signedPercent(row.intensityEffect)} + mix ${signedPercent(row.mixEffect)}.`,
        )
      : groups.flatMap((group) => {
          const first = group[0];
          const last = group.at(-1);
          if (first === undefined || last === undefined) return [];
          return [
            `${groupName(first)}: ${cents(first.cCents)} in the week ending ${first.date} to ${cents(last.cCents)} in the week ending ${last.date} (${changePercent(first.cCents, last.cCents)}); like-for-like index ${first.lfl.toFixed(2)} to ${last.lfl.toFixed(2)} (${group.length} weeks).`,
          ];
        });
  const heading =
    firstWeek === lastWeek
      ? `Workload Cost index, week ending ${firstWeek} (${WORKLOAD_UNIT}):`
      : `Workload Cost index, weeks ending ${firstWeek} to ${lastWeek} (${WORKLOAD_UNIT}):`;
  const used =
    firstWeek === lastWeek
      ? rows
      : groups.flatMap((group) => [group[0], group.at(-1)]).filter((row) => row !== undefined);
  return {
    intent: INTENT,
    answer: [...(order.lead === "" ? [] : [order.lead]), heading, ...lines].join("\n"),
    sources: [sourceOf(workloadRoute, query, used)],
  };
}

/**
 * The weeks asked of the route (and the one lab asked): the cells of the harnesses asked, or the
 * index rows of the labs and families asked (each lab's aggregate over every family when no
 * family is named). `published` is false when the route answered and no week of them was there.
 */
async function answerWeeks(
  question: Chat.Question,
  scope: Chat.ChatScope,
  weeks: Weeks,
): Promise<{ result: Chat.EngineAnswer; published: boolean }> {
  const labs = labsNamed(question.lower);
  const [onlyLab] = labs;
  // Every week's cells of the range: a change over a period compares its first and last weeks.
  const query: Record<string, string> = {
    ...weeks.query,
    ...(labs.length === 1 && onlyLab !== undefined ? { lab: onlyLab } : {}),
    cells: "all",
  };
  const answer = await askRoute(workloadRoute, { query }, scope);
  if (!answer.ok)
    return {
      result: { intent: INTENT, answer: answer.error.message, sources: [] },
      published: true,
    };
  const body = answer.value;
  const inLabs = (lab: LabId) => labs.length === 0 || labs.includes(lab);
  const harnesses = harnessesNamed(question.lower, body.cells);
  const families = familiesNamed(question.lower, [
    ...body.cells.map((cell) => cell.family),
    ...body.data.map((row) => row.family),
  ]);
  const inFamilies = (family: string) =>
    families.size === 0 ? family === ALL_FAMILIES : families.has(family);
  const wantsCells = harnesses.size > 0 || CELL_WORDS.test(question.lower);
  // One week asked: the first of the range (the window that holds the day asked).
  const firstWeek = [...body.weeks.map((week) => week.date)].sort()[0];
  const inWeeks = (date: string) => !weeks.oneWeek || date === firstWeek;
  const cells = body.cells.filter(
    (cell) =>
      (harnesses.size === 0 || harnesses.has(cell.harness)) &&
      (families.size === 0 || families.has(cell.family)) &&
      inLabs(cell.lab) &&
      inWeeks(cell.date),
  );
  const rows = body.data.filter(
    (row) => inLabs(row.lab) && inFamilies(row.family) && inWeeks(row.date),
  );
  const result = wantsCells
    ? cellsAnswer(cells, query)
    : indexAnswer(rows, query, rankingAsked(question));
  return {
    result: { ...result, citations: citationsOf(body.dataSources) },
    published: (wantsCells ? cells : rows).length > 0,
  };
}

/**
 * Every Workload Cost question, answered for the weeks it asks. A period in which no published
 * week ends yet ("this week", before its window has ended) is said so, then answered with the
 * latest published week; a week the question names by its end day is answered for that week only.
 */
const WORKLOAD_INTENT: Chat.MarketIntent = {
  intent: INTENT,
  asks: (question) => WORKLOAD_WORDS.test(question.lower),
  async answer(question, scope) {
    const weeks = weeksAsked(question, scope);
    const asked = await answerWeeks(question, scope, weeks);
    const { startDate, endDate } = weeks.query;
    const latest = WORKLOAD.of(scope.deps).index.latestWeek;
    if (
      asked.published ||
      weeks.named ||
      startDate === undefined ||
      latest === undefined ||
      latest >= startDate
    )
      return asked.result;
    const { result } = await answerWeeks(question, scope, latestWeekOf(scope));
    const span = startDate === endDate ? `on ${startDate}` : `from ${startDate} to ${endDate}`;
    return {
      ...result,
      answer: `No Workload Cost week ends ${span} yet: a week is published once its window has ended. The latest published week ends ${latest}.\n${result.answer}`,
    };
  },
};

/** Words besides a harness's that come before "session": articles, labs' and families' names. */
const NOT_HARNESS_WORDS =
  /^(?:a|an|the|one|each|every|per|typical|average|median|coding|agent|coding agent|workload|this|that|my|your)$/;

/**
 * A harness the question writes ("a Codex session", "the Aider harness") that the weeks asked do
 * not have: a capitalised name before "session" or "harness", not a lab's, a family's or a
 * harness's of the data.
 */
const HARNESS_KIND: Chat.SubjectKind = {
  noun: "harness",
  data: "the Workload Cost data",
  async unknown(question, scope) {
    const written = /\b([A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s+(?:sessions?|harness(?:es)?)\b/.exec(
      question.message,
    )?.[1];
    if (written === undefined) return { names: [], known: [] };
    const lower = written.toLowerCase();
    if (NOT_HARNESS_WORDS.test(lower) || labsNamed(lower).length > 0)
      return { names: [], known: [] };
    const answer = await askRoute(
      workloadRoute,
      { query: weeksAsked({ ...question, lower: "", when: { kind: "latest" } }, scope).query },
      scope,
    );
    if (!answer.ok) return { names: [], known: [] };
    const { cells, data } = answer.value;
    const families = [...cells.map((cell) => cell.family), ...data.map((row) => row.family)];
    if (harnessesNamed(lower, cells).size > 0 || familiesNamed(lower, families).size > 0)
      return { names: [], known: [] };
    return { names: [written], known: [...new Set(cells.map((cell) => cell.harnessName))] };
  },
};

export const WORKLOAD_CHAT: Chat.ChatMarket = {
  scope: "the Workload Cost index (cents per coding-agent session)",
  subjectsNoun: "coding-agent sessions",
  asks: "what a coding-agent session costs and the Workload Cost index per lab and family",
  tracked: `Workload Cost labs: ${LAB_IDS.join(", ")}.`,
  // Harnesses and families come and go with the data: its intent reads them from the route.
  subjects: [],
  domainWords: /\bworkload\b/,
  kinds: [HARNESS_KIND],
  recordUnit: ["week", "weeks"],
  unit: WORKLOAD_UNIT,
  lowerWord: "cheaper",
  format: cents,
  latest: () => Promise.resolve(undefined),
  series: () => Promise.resolve(ok([])),
  seriesSource: (_subject, period) => seriesSourceOf(workloadRoute, {}, period, []),
  freeTier: () => ({
    keyless: "the Workload Cost methodology (GET /api/workload/methodology); its values need a key",
    keyed: [],
    keyedRoutes: ["the Workload Cost index (GET /api/workload)"],
    sources: [],
  }),
  methodology: () =>
    `Workload Cost index in US cents per coding-agent session. ${describeWorkloadMethodology().join(" ")}`,
  methodologyRoute: workloadMethodologyRoute,
  intents: [WORKLOAD_INTENT],
};
