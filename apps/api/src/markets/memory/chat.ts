import {
  MEMORY_TYPES,
  MEMORY_UNIT,
  describeMemoryMethodology,
  utcDayOf,
  type MemoryType,
  type UtcDay,
} from "@tpi/domain";
import {
  askRoute,
  citationsOf,
  seriesSourceOf,
  signedPercent,
  sourceOf,
  sourceRowOf,
} from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import {
  memoryHistoryRoute,
  memoryIndexRoute,
  memoryMethodologyRoute,
  memoryTypesRoute,
} from "./routes/memory";
import type { MemoryIndexRow } from "./schemas/memory";
import { MEMORY } from "./read-model/state";

/**
 * What the chat knows of the Memory index: the 14 memory types as subjects (named by id or as
 * written, "DDR5 16Gb"), their latest settled prices and their settled values over a period,
 * every number from the Memory routes for the chat's caller (a keyless caller gets the routes'
 * 401 in their words), with the days, the sources and whether the values are the sample.
 */

const memorySubject = (memory: MemoryType) => ({
  market: MEMORY.name,
  id: memory.id,
  name: memory.name,
  group: memory.category,
});

/**
 * How questions write a type (lower case): its id, or its generation and size as written
 * ("ddr5 16gb", "ddr4-8gb ett", "ddr5 rdimm 32gb", "mlc 64gb"). A chip's eTT variant needs
 * "ett"; the plain chip is never read from a question that says it. Without a size, a
 * generation names every type of it ("ddr4": the DDR4 chips and modules) and a generation with
 * a module kind every module of that kind ("ddr4 udimm"); a size the catalogue does not have
 * ("ddr5 64gb") names none.
 */
function patternOf(memory: MemoryType): RegExp {
  const [, generation = "", ...rest] = memory.id.split("_");
  const ett = rest.at(-1) === "ett";
  const parts = ett ? rest.slice(0, -1) : rest;
  const size = (parts.at(-1) ?? "").replace(/gb$/, "");
  const kind = parts.length > 1 ? parts[0] : undefined;
  const dimm = kind === undefined ? "" : `${kind}[ -]?`;
  const written = `\\b${generation}[ -]?${dimm}${size} ?gb\\b`;
  const variant = ett ? `${written}[^,;?]*\\bett\\b` : `${written}(?![^,;?]*\\bett\\b)`;
  const unsized = "(?![ -]?\\d+ ?gb)";
  const ofGeneration = `\\b${generation}\\b(?![ -]?[a-z]*dimm)${unsized}`;
  const ofKind = kind === undefined ? [] : [`\\b${generation}[ -]?${kind}\\b${unsized}`];
  return new RegExp([`\\b${memory.id}\\b`, variant, ofGeneration, ...ofKind].join("|"));
}

/**
 * The trading day of a row's `date`, written as a day or as the instant of its settlement: the
 * chat says the day (its 4 PM New York settlement falls on the same UTC day).
 */
const usd = (value: number) => `$${value.toFixed(value < 10 ? 3 : 2)}`;

const SUBJECTS = MEMORY_TYPES.map((memory) => ({
  subject: memorySubject(memory),
  pattern: patternOf(memory),
}));

/**
 * Names written as memory parts ("DDR6", "HBM3e", "DDR5 64GB", "TLC 256Gb"): a generation, a
 * module kind or a NAND cell type, with a size when one is given.
 */
const MEMORY_NAME =
  /\b(?:lp|g)?ddr\d+x?(?:[ -]?(?:rdimm|udimm|sodimm|dimm))?(?:[ -]?\d+ ?gb)?|\bhbm\d*e?(?:[ -]?\d+ ?gb)?|\b(?:slc|mlc|tlc|qlc)(?:[ -]?\d+ ?gb)?\b/g;

/**
 * A memory type the question writes that the catalogue does not have: a name no type's pattern
 * reads, and either with a size or of a generation no type has ("DDR5" alone names the DDR5
 * types, not one that is missing).
 */
const MEMORY_TYPE_KIND: Chat.SubjectKind = {
  noun: "memory type",
  data: "the Memory data",
  unknown(question) {
    const names: string[] = [];
    for (const [written] of question.lower.matchAll(MEMORY_NAME)) {
      if (SUBJECTS.some(({ pattern }) => pattern.test(written))) continue;
      const generation = written.replace(/[ -]?\d+ ?gb$/, "").replace(/[ -]/g, "_");
      const sized = generation !== written.replace(/[ -]/g, "_");
      const known = MEMORY_TYPES.some((memory) => memory.id.startsWith(`mem_${generation}`));
      if (sized || !known) names.push(written.toUpperCase().replace(/GB$/, "Gb"));
    }
    return Promise.resolve({
      names,
      known: names.length === 0 ? [] : MEMORY_TYPES.map((memory) => memory.name),
    });
  },
};

function sourcesText(row: { sources: readonly string[]; sample: boolean }): string {
  return row.sample ? "generated SAMPLE, not market data" : `source ${row.sources.join(", ")}`;
}

function historyOf(typeId: string, period: Chat.Period, scope: Chat.ChatScope) {
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

const latest: Chat.ChatMarket["latest"] = async (subject, scope) => {
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

const series: Chat.ChatMarket["series"] = async (subject, period, scope) => {
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
const MEMORY_PERIOD_INTENT: Chat.MarketIntent = {
  intent: "memory_period",
  asks: (question) =>
    question.when.kind === "period" &&
    question.subjects.length === 1 &&
    question.subjects[0]?.market === MEMORY.name &&
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
            `${dayOf(row)}: ${usd(row.price)} (change ${signedPercent(row.changePct)}; ${sourcesText(row)})`,
        ),
      ].join("\n"),
      sources: [source],
      citations: citationsOf(body.dataSources),
    };
  },
};

export const MEMORY_CHAT: Chat.ChatMarket = {
  scope: `the Memory index (${MEMORY_UNIT})`,
  subjectsNoun: "memory types",
  asks: "DRAM, NAND flash and memory module prices settled per trading day",
  tracked: `Memory types: ${MEMORY_TYPES.map((memory) => `${memory.name} (${memory.id})`).join(", ")}.`,
  subjects: SUBJECTS,
  domainWords: /\b(?:memory|dram|nand|flash|dimm|udimm|rdimm|modules?)\b/,
  groups: [
    { group: "dram", pattern: /\bdram\b/ },
    { group: "flash", pattern: /\bflash\b|\bnand\b/ },
    { group: "module", pattern: /\bmodules?\b|\bdimms?\b/ },
  ],
  kinds: [MEMORY_TYPE_KIND],
  recordUnit: ["type-day", "type-days"],
  unit: MEMORY_UNIT,
  lowerWord: "cheaper",
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
