import {
  MEMORY_TYPES,
  MEMORY_UNIT,
  describeMemoryMethodology,
  utcDayOf,
  type MemoryType,
  type UtcDay,
} from "@tpi/domain";
import {
  sourceRowOf,
  type ChatMarket,
  type ChatScope,
  type MarketIntent,
  type Period,
} from "../../platform/core/chat";
import { askRoute, citationsOf, seriesSourceOf, sourceOf } from "../../platform/chat/market-kit";
import {
  memoryHistoryRoute,
  memoryIndexRoute,
  memoryMethodologyRoute,
  memoryTypesRoute,
} from "./routes/memory";
import type { MemoryIndexRow } from "./schemas/memory";

/**
 * What the chat knows of the Memory index: the 14 memory types as subjects (named by id or as
 * written, "DDR5 16Gb"), their latest settled prices and their settled values over a period,
 * every number from the Memory routes for the chat's caller (a keyless caller gets the routes'
 * 401 in their words), with the days, the sources and whether the values are the sample.
 */

const MARKET = "memory";

const memorySubject = (memory: MemoryType) => ({
  market: MARKET,
  id: memory.id,
  name: memory.name,
});

/**
 * How questions write a type (lower case): its id, or its generation and size as written
 * ("ddr5 16gb", "ddr4-8gb ett", "ddr5 rdimm 32gb", "mlc 64gb"). A chip's eTT variant needs
 * "ett"; the plain chip is never read from a question that says it.
 */
function patternOf(memory: MemoryType): RegExp {
  const [, generation = "", ...rest] = memory.id.split("_");
  const ett = rest.at(-1) === "ett";
  const parts = ett ? rest.slice(0, -1) : rest;
  const size = (parts.at(-1) ?? "").replace(/gb$/, "");
  const dimm = parts.length > 1 ? `${parts[0]}[ -]?` : "";
  const written = `\\b${generation}[ -]?${dimm}${size} ?gb\\b`;
  const variant = ett ? `${written}[^,;?]*\\bett\\b` : `${written}(?![^,;?]*\\bett\\b)`;
  return new RegExp(`\\b${memory.id}\\b|${variant}`);
}

const usd = (value: number) => `$${value.toFixed(value < 10 ? 3 : 2)}`;
const signed = (value: number | null) =>
  value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(2)}%`;

/** The lines the answer's sources require: the sample notice, or each source's citation. */

function sourcesText(row: { sources: readonly string[]; sample: boolean }): string {
  return row.sample ? "generated SAMPLE, not market data" : `source ${row.sources.join(", ")}`;
}

function historyOf(typeId: string, period: Period, scope: ChatScope) {
  return askRoute(
    memoryHistoryRoute,
    {
      params: { memoryType: typeId },
      query: { startDate: period.startDate, endDate: period.endDate },
    },
    scope,
  );
}

/** The trading day a row's `date` instant (00:00 UTC of the day) names: what the chat says. */
const dayOf = (row: { date: string }): UtcDay => utcDayOf(new Date(row.date));

const latest: ChatMarket["latest"] = async (subject, scope) => {
  const answer = await askRoute(memoryIndexRoute, { query: { type: subject.id } }, scope);
  if (!answer.ok) return undefined;
  const body = answer.value;
  const row = body.data as MemoryIndexRow;
  const point = {
    at: dayOf(row),
    value: row.price,
    row: sourceRowOf(row),
    note: `settled at 4 PM New York on ${dayOf(row)}, ${sourcesText(row)}`,
    citations: citationsOf(body.dataSources),
  };
  return { point, source: sourceOf(memoryIndexRoute, { type: subject.id }, [row]) };
};

const series: ChatMarket["series"] = async (subject, period, scope) => {
  const answer = await historyOf(subject.id, period, scope);
  if (!answer.ok) return answer;
  const body = answer.value;
  const citations = citationsOf(body.dataSources);
  return {
    ok: true as const,
    value: body.data.map((row) => ({
      at: dayOf(row),
      value: row.price,
      row: sourceRowOf(row),
      note: sourcesText(row),
      citations,
    })),
  };
};

/** Change, high/low and comparison words leave the question to the engine's own answers. */
const OTHER_ASK =
  /\bchange[ds]?\b|\bhighest\b|\blowest\b|\bhigh\b|\blow\b|\bcompare|\bvs\.?\b|\bversus\b|\bmore\b|\bless\b|\bcheaper\b|\bdearer\b|\brise\b|\bfall\b|\bdrop/;

/**
 * "What did DDR5 16Gb cost last week": one type and a named period, answered with every
 * settled value of the period's trading days, its date, its sources and whether it is the sample.
 */
const MEMORY_PERIOD_INTENT: MarketIntent = {
  intent: "memory_period",
  asks: (question) =>
    question.when.kind === "period" &&
    question.subjects.length === 1 &&
    question.subjects[0]?.market === MARKET &&
    !OTHER_ASK.test(question.lower),
  async answer(question, scope) {
    const [subject] = question.subjects;
    if (subject === undefined || question.when.kind !== "period")
      throw new Error("memory_period answers one memory type over a named period (`asks`)");
    const period = question.when.period;
    const answer = await historyOf(subject.id, period, scope);
    if (!answer.ok) return { intent: "memory_period", answer: answer.error.message, sources: [] };
    const body = answer.value;
    const source = sourceOf(
      memoryHistoryRoute,
      { memoryType: subject.id, startDate: period.startDate, endDate: period.endDate },
      body.data,
    );
    if (body.data.length === 0)
      return {
        intent: "memory_period",
        answer: `${subject.name} (${subject.id}) has no settled value ${period.label} (${period.startDate} to ${period.endDate}): no observation was imported for those trading days.`,
        sources: [source],
        citations: citationsOf(body.dataSources),
      };
    const sample = body.data.some((row) => row.sample);
    return {
      intent: "memory_period",
      answer: [
        `${subject.name} (${subject.id}) ${period.label}, settled at 4 PM New York each trading day (${MEMORY_UNIT}; session averages)${sample ? ", from the generated SAMPLE, not market data" : ""}:`,
        ...body.data.map(
          (row) =>
            `${dayOf(row)}: ${usd(row.price)} (change ${signed(row.changePct)}; ${sourcesText(row)})`,
        ),
      ].join("\n"),
      sources: [source],
      citations: citationsOf(body.dataSources),
    };
  },
};

export const MEMORY_CHAT: ChatMarket = {
  scope: `the Memory index (${MEMORY_UNIT})`,
  subjectsNoun: "memory types",
  asks: "DRAM, NAND flash and memory module prices settled per trading day",
  tracked: `Memory types: ${MEMORY_TYPES.map((memory) => `${memory.name} (${memory.id})`).join(", ")}.`,
  subjects: MEMORY_TYPES.map((memory) => ({
    subject: memorySubject(memory),
    pattern: patternOf(memory),
  })),
  domainWords: /\b(?:memory|dram|nand|flash|dimm|udimm|rdimm)\b/,
  unit: MEMORY_UNIT,
  format: (value) => `${usd(value)}`,
  latest,
  series,
  seriesSource: (subject, period, points) =>
    seriesSourceOf(memoryHistoryRoute, { memoryType: subject.id }, period, points),
  freeTier: () => ({
    keyless: "the memory type catalogue and the Memory methodology",
    keyed: ["every Memory price"],
    keyedRoutes: ["the Memory index, history and revisions routes"],
    sources: [
      sourceOf(
        memoryTypesRoute,
        {},
        MEMORY_TYPES.map((memory) => ({ id: memory.id, memory_type: memory.name })),
      ),
    ],
  }),
  methodology: () => `Memory index in ${MEMORY_UNIT}. ${describeMemoryMethodology().join(" ")}`,
  methodologyRoute: memoryMethodologyRoute,
  intents: [MEMORY_PERIOD_INTENT],
};
