import {
  FAMILY_TIER_WORDS,
  LAB_IDS,
  TURN_RANGES,
  WORKLOAD_UNIT,
  addDays,
  describeWorkloadMethodology,
  ok,
  parseUtcDay,
} from "@tpi/domain";
import type { ChatMarket, ChatScope, MarketIntent } from "../../platform/core/chat";
import { askRoute, citationsOf, seriesSourceOf, sourceOf } from "../../platform/chat/market-kit";
import { WORKLOAD } from "./read-model/state";
import { workloadMethodologyRoute, workloadRoute } from "./routes/workload";
import type { WorkloadResponse } from "./schemas/workload";

/**
 * What the chat knows of the Workload Cost index: what a coding-agent session costs (the latest
 * window's session-cost cells of a harness and model family, per turn range) and the index per
 * lab. Every number comes from `GET /api/workload` for the chat's caller, so a keyless caller
 * gets the route's 401 in its words, and every answer ends with the sources' citations.
 */

type Cell = WorkloadResponse["cells"][number];
type Row = WorkloadResponse["data"][number];

const SESSION = /\bsessions?\b/;
const COST = /\bcosts?\b|\bcosting\b|\bprices?\b|\bspend\b|\bhow much\b|\bexpensive\b|\bcheap/;
const WORKLOAD_WORDS = /\bworkload\b/;

const usd = (value: number) => `$${value < 1 ? value.toFixed(3) : value.toFixed(2)}`;
const signed = (value: number | null) =>
  value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(2)}%`;
const plainWords = (text: string) => text.toLowerCase().replace(/[-_]+/g, " ");

/** The latest week's answer of `GET /api/workload` for this caller (a refusal in the route's words). */
async function latestWeek(scope: ChatScope) {
  const week = WORKLOAD.of(scope.deps).index.latestWeek;
  const query: Record<string, string> =
    week === undefined ? {} : { startDate: week, endDate: week };
  const answer = await askRoute(workloadRoute, { query }, scope);
  return { query, answer };
}

/** The harnesses a question names (by name or slug, hyphens read as spaces), of those in the cells. */
function harnessesNamed(lower: string, cells: readonly Cell[]): Set<string> {
  const text = plainWords(lower);
  const named = new Set<string>();
  for (const cell of cells)
    if (text.includes(plainWords(cell.harnessName)) || text.includes(plainWords(cell.harness)))
      named.add(cell.harness);
  return named;
}

/**
 * The families a question names: the family itself (`gpt-5`, `claude sonnet`) or one of its
 * tier words (`sonnet`, `flash`), of those in the cells.
 */
function familiesNamed(lower: string, cells: readonly Cell[]): Set<string> {
  const text = ` ${plainWords(lower).replace(/[^a-z0-9. ]+/g, " ")} `;
  const named = new Set<string>();
  for (const family of new Set(cells.map((cell) => cell.family))) {
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

/** "What does a Claude Code session on Sonnet cost": the latest window's cells, per turn range. */
const SESSION_COST_INTENT: MarketIntent = {
  intent: "session_cost",
  asks: (question) => SESSION.test(question.lower) && COST.test(question.lower),
  async answer(question, scope) {
    const { query, answer } = await latestWeek(scope);
    if (!answer.ok) return { intent: "session_cost", answer: answer.error.message, sources: [] };
    const body = answer.value;
    const harnesses = harnessesNamed(question.lower, body.cells);
    const families = familiesNamed(question.lower, body.cells);
    const cells = body.cells.filter(
      (cell) =>
        (harnesses.size === 0 || harnesses.has(cell.harness)) &&
        (families.size === 0 || families.has(cell.family)),
    );
    const first = cells[0];
    if (first === undefined)
      return {
        intent: "session_cost",
        answer:
          body.cells.length === 0
            ? "No session-cost week is published yet."
            : `The latest session-cost week (ending ${body.cells[0]?.date}) has no cell of ${[...harnesses, ...families].join(" on ") || "that harness or model"}.`,
        sources: [],
      };
    const byModel = new Map<string, Cell[]>();
    for (const cell of cells) {
      const key = `${cell.harnessName}\n${cell.model}`;
      byModel.set(key, [...(byModel.get(key) ?? []), cell]);
    }
    const lines = [...byModel.values()].map((group) => {
      const [head] = group;
      const ranges = TURN_RANGES.flatMap((range) => {
        const cell = group.find((candidate) => candidate.turnRange === range);
        return cell === undefined
          ? []
          : [
              `${range} ${usd(cell.medianSessionCostUsd)} (about ${Math.round(cell.impliedKtok).toLocaleString("en-US")}k tokens at list price)`,
            ];
      });
      return `${head?.harnessName} on ${head?.model} (${head?.family}): median cost per session ${ranges.join(", ")}.`;
    });
    const source = sourceOf(workloadRoute, query, cells);
    return {
      intent: "session_cost",
      answer: [
        `Median cost of one coding-agent session (not one request), ${windowText(first)}:`,
        ...lines,
      ].join("\n"),
      sources: [source],
      citations: citationsOf(body.dataSources),
    };
  },
};

/** "The workload index": the latest week's `all` row of each lab, with its effects. */
const WORKLOAD_INDEX_INTENT: MarketIntent = {
  intent: "workload_index",
  asks: (question) => WORKLOAD_WORDS.test(question.lower),
  async answer(_question, scope) {
    const { query, answer } = await latestWeek(scope);
    if (!answer.ok) return { intent: "workload_index", answer: answer.error.message, sources: [] };
    const body = answer.value;
    const rows = body.data.filter((row) => row.family === "all");
    if (rows.length === 0)
      return {
        intent: "workload_index",
        answer: "No Workload Cost week is published yet.",
        sources: [],
      };
    const line = (row: Row) =>
      `${row.lab}: ${row.cCents.toFixed(2)} cents per session (${row.qKtok.toFixed(1)}k implied tokens), like-for-like index ${row.lfl.toFixed(2)} (base 100); change ${signed(row.totalChange)} = price ${signed(row.priceEffect)} + intensity ${signed(row.intensityEffect)} + mix ${signed(row.mixEffect)}.`;
    return {
      intent: "workload_index",
      answer: [
        `Workload Cost index, week ending ${rows[0]?.date} (${WORKLOAD_UNIT}):`,
        ...rows.map(line),
      ].join("\n"),
      sources: [sourceOf(workloadRoute, query, rows)],
      citations: citationsOf(body.dataSources),
    };
  },
};

export const WORKLOAD_CHAT: ChatMarket = {
  scope: "the Workload Cost index (cents per coding-agent session)",
  subjectsNoun: "coding-agent sessions",
  asks: "what a coding-agent session costs and the Workload Cost index per lab",
  tracked: `Workload Cost labs: ${LAB_IDS.join(", ")}.`,
  // Its questions are its own intents (harnesses and families come and go with the data).
  subjects: [],
  domainWords: /\bworkload\b/,
  unit: WORKLOAD_UNIT,
  format: (value) => `${value.toFixed(2)} cents per session`,
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
  intents: [SESSION_COST_INTENT, WORKLOAD_INDEX_INTENT],
};
