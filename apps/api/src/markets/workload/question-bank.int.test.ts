import { TURN_RANGES, WORKLOAD_UNIT, addDays, utcDayOf } from "@tpi/domain";
import { questionBank, type Rest } from "../../contract/question-bank";

/**
 * The Workload Cost questions of the chat's question bank (harness: `contract/question-bank.ts`),
 * each answer computed from `GET /api/workload`: the published index (cents per session,
 * like-for-like index, the effects) of the lab, family and weeks asked and of no other, a
 * harness's median session cost per turn range, changes since June and this month, and harnesses
 * the data does not have (Codex, Aider).
 */

type Row = {
  date: string;
  lab: string;
  family: string;
  cCents: number;
  lfl: number;
  qKtok: number;
  totalChange: number | null;
  priceEffect: number | null;
  intensityEffect: number | null;
  mixEffect: number | null;
};
type Cell = {
  date: string;
  windowDays: number;
  asOf: string;
  harness: string;
  harnessName: string;
  model: string;
  family: string;
  turnRange: string;
  medianSessionCostUsd: number;
  impliedKtok: number;
};
type Workload = { data: Row[]; cells: Cell[] };

const signed = (value: number | null) =>
  value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(2)}%`;
const change = (from: number, to: number) =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;
const cents = (value: number) => `${value.toFixed(2)} cents per session`;
const dollars = (value: number) => `$${value < 1 ? value.toFixed(3) : value.toFixed(2)}`;
const and = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** The route as the chat asks it: with every week's cells of the range (`cells=all`). */
async function workload(rest: Rest, query: string): Promise<Workload> {
  return (await rest.get<Workload>(`/api/workload?${query}&cells=all`)).body;
}

/** The latest published week: the latest row's date over the whole history. */
async function latestWeek(rest: Rest): Promise<string> {
  const weeks = (await workload(rest, "family=all&lab=anthropic")).data.map((row) => row.date);
  const week = weeks.sort().at(-1);
  if (week === undefined) throw new Error("no workload week");
  return week;
}

const name = (row: Row) => (row.family === "all" ? row.lab : `${row.lab} ${row.family}`);

/** One week's index rows, as the chat writes them. */
function weekLines(rows: readonly Row[]): string {
  const week = rows[0]?.date;
  return [
    `Workload Cost index, week ending ${week} (${WORKLOAD_UNIT}):`,
    ...rows.map(
      (row) =>
        `${name(row)}: ${cents(row.cCents)} (${row.qKtok.toFixed(1)}k implied tokens), like-for-like index ${row.lfl.toFixed(2)} (base 100); change ${signed(row.totalChange)} = price ${signed(row.priceEffect)} + intensity ${signed(row.intensityEffect)} + mix ${signed(row.mixEffect)}.`,
    ),
  ].join("\n");
}

/** Each group's change from its first week to its last, as the chat writes it. */
function periodLines(rows: readonly Row[]): string {
  const weeks = rows.map((row) => row.date).sort();
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(name(row), [...(groups.get(name(row)) ?? []), row]);
  return [
    `Workload Cost index, weeks ending ${weeks[0]} to ${weeks.at(-1)} (${WORKLOAD_UNIT}):`,
    ...[...groups.values()].map((group) => {
      const first = group[0];
      const last = group.at(-1);
      if (!first || !last) throw new Error("an empty group");
      return `${name(first)}: ${cents(first.cCents)} in the week ending ${first.date} to ${cents(last.cCents)} in the week ending ${last.date} (${change(first.cCents, last.cCents)}); like-for-like index ${first.lfl.toFixed(2)} to ${last.lfl.toFixed(2)} (${group.length} weeks).`;
    }),
  ].join("\n");
}

/** The chat's lines for the rows of a range: one week's, or each group's change over several. */
function rangeLines(rows: readonly Row[]): string {
  return new Set(rows.map((row) => row.date)).size === 1 ? weekLines(rows) : periodLines(rows);
}

/**
 * The answer for the weeks ending from `startDate` to `endDate` of the rows `filter` selects; a
 * range in which no published week ends yet ("this week", a month's first days) is said so, then
 * answered with the latest published week.
 */
async function rangeOrLatest(
  rest: Rest,
  startDate: string,
  endDate: string,
  filter: string,
): Promise<string> {
  const { data } = await workload(rest, `startDate=${startDate}&endDate=${endDate}&${filter}`);
  if (data.length > 0) return rangeLines(data);
  const week = await latestWeek(rest);
  if (week >= startDate) throw new Error(`a week ends from ${startDate} to ${endDate}`);
  const latest = await workload(rest, `startDate=${week}&endDate=${week}&${filter}`);
  const span = startDate === endDate ? `on ${startDate}` : `from ${startDate} to ${endDate}`;
  return `No Workload Cost week ends ${span} yet: a week is published once its window has ended. The latest published week ends ${week}.\n${weekLines(latest.data)}`;
}

/** Monday of the UTC week of `day`: where "this week" starts. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** "X is not a harness" with the harnesses of the latest week. */
async function notAHarness(rest: Rest, written: string): Promise<string> {
  const week = await latestWeek(rest);
  const { cells } = await workload(rest, `startDate=${week}&endDate=${week}`);
  const harnesses = [...new Set(cells.map((cell) => cell.harnessName))];
  return `${written} is not a harness in the Workload Cost data. Known harness names: ${and(harnesses)}.`;
}

const sinceJune = (rest: Rest) => `${utcDayOf(rest.now).slice(0, 4)}-06-01`;

/** The latest week's median session cost of a harness on a family's models, as the chat lists it. */
async function sessionCells(rest: Rest, harness: string, family: string): Promise<string> {
  const week = await latestWeek(rest);
  const { cells } = await workload(rest, `startDate=${week}&endDate=${week}`);
  const mine = cells.filter((cell) => cell.harness === harness && cell.family === family);
  const [first] = mine;
  if (first === undefined) throw new Error(`no ${harness} cell on ${family}`);
  const models = [...new Set(mine.map((cell) => cell.model))];
  return [
    `Median cost of one coding-agent session (not one request), sessions of the ${first.windowDays} days from ${addDays(week, -(first.windowDays - 1))} to ${week} (OpenRouter's window, as of ${first.asOf}):`,
    ...models.map((model) => {
      const ranges = TURN_RANGES.flatMap((range) => {
        const cell = mine.find(
          (candidate) => candidate.model === model && candidate.turnRange === range,
        );
        return cell === undefined
          ? []
          : [
              `${range} ${dollars(cell.medianSessionCostUsd)} (about ${Math.round(cell.impliedKtok).toLocaleString("en-US")}k tokens at list price)`,
            ];
      });
      return `${first.harnessName} on ${model} (${family}): median cost per session ${ranges.join(", ")}.`;
    }),
  ].join("\n");
}

questionBank("workload", 15, [
  {
    question: "What was the Anthropic session cost in the week ending 2026-11-03?",
    intent: "workload",
    async answer(rest) {
      // No window ends on a Tuesday: no week, said so, never another week's values.
      const { data } = await workload(
        rest,
        "startDate=2026-11-03&endDate=2026-11-03&lab=anthropic",
      );
      if (data.length > 0) throw new Error("a week ends on 2026-11-03");
      return "No Workload Cost value is published for the week ending 2026-11-03.";
    },
  },
  {
    question: "What does a Codex session cost?",
    intent: "unknown_subject",
    answer: (rest) => notAHarness(rest, "Codex"),
  },
  {
    question: "What does an Aider session cost?",
    intent: "unknown_subject",
    answer: (rest) => notAHarness(rest, "Aider"),
  },
  {
    question: "What is the Anthropic session cost?",
    intent: "workload",
    async answer(rest) {
      const week = await latestWeek(rest);
      const { data } = await workload(rest, `startDate=${week}&endDate=${week}&lab=anthropic`);
      // Anthropic only: never the OpenAI or Google rows.
      return weekLines(data.filter((row) => row.family === "all"));
    },
  },
  {
    question: "What is the Anthropic session cost in euros?",
    intent: "workload",
    async answer(rest) {
      // In US cents, said so first: never converted.
      const week = await latestWeek(rest);
      const { data } = await workload(rest, `startDate=${week}&endDate=${week}&lab=anthropic`);
      return [
        "These prices are in US dollars: the index is published in USD only, never converted to euros.",
        weekLines(data.filter((row) => row.family === "all")),
      ].join("\n");
    },
  },
  {
    question: "What does a Cline session on GPT-5 cost?",
    intent: "workload",
    async answer(rest) {
      // A session's model is this market's question, not the token market's list prices.
      return sessionCells(rest, "cline", "gpt-5");
    },
  },
  {
    question: "What was the OpenAI session cost since June?",
    intent: "workload",
    async answer(rest) {
      const { data } = await workload(
        rest,
        `startDate=${sinceJune(rest)}&endDate=${utcDayOf(rest.now)}&lab=openai&family=all`,
      );
      return periodLines(data);
    },
  },
  {
    question: "What was the Google session cost in the week ending 2026-11-01?",
    intent: "workload",
    async answer(rest) {
      const { data } = await workload(
        rest,
        "startDate=2026-11-01&endDate=2026-11-01&lab=google&family=all",
      );
      return weekLines(data);
    },
  },
  {
    question: "How did the workload index change over the last 30 days?",
    intent: "workload",
    async answer(rest) {
      const today = utcDayOf(rest.now);
      const { data } = await workload(
        rest,
        `startDate=${addDays(today, -30)}&endDate=${today}&family=all`,
      );
      return periodLines(data);
    },
  },
  {
    question: "What is the like-for-like index of Anthropic this month?",
    intent: "workload",
    async answer(rest) {
      const today = utcDayOf(rest.now);
      return rangeOrLatest(rest, `${today.slice(0, 8)}01`, today, "lab=anthropic&family=all");
    },
  },
  {
    // No week of this week is published before it ends: said so, then the latest week.
    question: "What does a Sonnet session cost this week?",
    intent: "workload",
    async answer(rest) {
      const today = utcDayOf(rest.now);
      return rangeOrLatest(rest, mondayOf(today), today, "family=claude-sonnet");
    },
  },
  {
    question: "Which lab has the cheapest coding sessions?",
    intent: "workload",
    async answer(rest) {
      const week = await latestWeek(rest);
      const { data } = await workload(rest, `startDate=${week}&endDate=${week}&family=all`);
      // Cheapest first, the cheapest named first: a ranking, not the catalogue's order.
      const ranked = [...data].sort((a, b) => a.cCents - b.cCents);
      const [cheapest] = ranked;
      if (cheapest === undefined || ranked.length < 2) throw new Error("no labs to rank");
      return `The cheapest sessions: ${name(cheapest)} at ${cents(cheapest.cCents)}.\n${weekLines(ranked)}`;
    },
  },
  {
    question: "What is the workload index for Sonnet?",
    intent: "workload",
    async answer(rest) {
      const week = await latestWeek(rest);
      const { data } = await workload(
        rest,
        `startDate=${week}&endDate=${week}&family=claude-sonnet`,
      );
      return weekLines(data);
    },
  },
  {
    question: "What does a Claude Code session on Sonnet cost?",
    intent: "workload",
    answer: (rest) => sessionCells(rest, "claude-code", "claude-sonnet"),
  },
  {
    question: "How did a Cline session on GPT-5 change since June?",
    intent: "workload",
    async answer(rest) {
      const { cells } = await workload(
        rest,
        `startDate=${sinceJune(rest)}&endDate=${utcDayOf(rest.now)}`,
      );
      const mine = cells.filter((cell) => cell.harness === "cline" && cell.family === "gpt-5");
      const weeks = mine.map((cell) => cell.date).sort();
      const lines = TURN_RANGES.flatMap((range) => {
        const ofRange = mine.filter((cell) => cell.turnRange === range);
        const first = ofRange[0];
        const last = ofRange.at(-1);
        return first === undefined || last === undefined
          ? []
          : [
              `Cline on ${first.model} (gpt-5), ${range}: ${dollars(first.medianSessionCostUsd)} in the week ending ${first.date} to ${dollars(last.medianSessionCostUsd)} in the week ending ${last.date} (${change(first.medianSessionCostUsd, last.medianSessionCostUsd)}).`,
            ];
      });
      return [
        `Median cost of one coding-agent session (not one request), weeks ending ${weeks[0]} to ${weeks.at(-1)}:`,
        ...lines,
      ].join("\n");
    },
  },
]);
