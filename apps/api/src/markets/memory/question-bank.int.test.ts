import { MEMORY_TYPES, MEMORY_UNIT, addDays, utcDayOf } from "@tpi/domain";
import { questionBank, type Rest } from "../../contract/question-bank";

/**
 * The Memory questions of the chat's question bank (harness: `contract/question-bank.ts`), each
 * answer computed from the Memory routes: the latest price, a price on a weekday, last week's
 * settled values, a change over 30 days and since June, the biggest mover this month over every
 * type and over one category, provenance with its unit, and types the data does not have.
 */

type HistoryRow = { date: string; price: number; changePct: number | null; sample: boolean };
type History = { data: HistoryRow[] };
type Period = { startDate: string; endDate: string; label: string };

const usd = (value: number) => `$${value.toFixed(value < 10 ? 3 : 2)}`;
const percent = (from: number, to: number) =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;
const signed = (value: number | null) =>
  value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(2)}%`;
const SAMPLE = "generated SAMPLE, not market data";
const DDR5 = MEMORY_TYPES.find((memory) => memory.id === "mem_ddr5_16gb");
const DDR4 = MEMORY_TYPES.find((memory) => memory.id === "mem_ddr4_8gb");
if (DDR5 === undefined || DDR4 === undefined) throw new Error("the catalogue lost a type");

/** A row's trading day, whether the route writes its `date` as a day or as an instant. */
const dayOf = (row: { date: string }) => row.date.slice(0, 10);

async function history(rest: Rest, id: string, period?: Period): Promise<HistoryRow[]> {
  const range =
    period === undefined ? "" : `?startDate=${period.startDate}&endDate=${period.endDate}`;
  return (await rest.get<History>(`/api/memory/${id}/history${range}`)).body.data;
}

const today = (rest: Rest) => utcDayOf(rest.now);
const thisMonth = (rest: Rest): Period => {
  const day = today(rest);
  const first = `${day.slice(0, 8)}01`;
  return { startDate: first, endDate: day, label: `this month (${first} to ${day})` };
};

/** The biggest riser of `ids` over the period, then every one ranked, as the chat writes a mover. */
async function riser(rest: Rest, ids: readonly string[], period: Period): Promise<string> {
  const moves: Array<{ name: string; first: HistoryRow; last: HistoryRow; change: number }> = [];
  for (const id of ids) {
    const rows = await history(rest, id, period);
    const first = rows[0];
    const last = rows.at(-1);
    const name = MEMORY_TYPES.find((memory) => memory.id === id)?.name ?? id;
    if (first && last && rows.length > 1)
      moves.push({ name, first, last, change: (last.price - first.price) / first.price });
  }
  const ranked = moves.sort((a, b) => b.change - a.change);
  const describe = (move: (typeof moves)[number]) =>
    `from ${usd(move.first.price)} on ${dayOf(move.first)} to ${usd(move.last.price)} on ${dayOf(move.last)} (${percent(move.first.price, move.last.price)})`;
  const [top] = ranked;
  if (top === undefined) throw new Error("no memory moves");
  const lead =
    top.change > 0
      ? `${top.name} rose the most ${period.label}: ${describe(top)}.`
      : `None rose ${period.label}; the closest was ${top.name}, ${describe(top)}.`;
  return [lead, ...ranked.map((move, i) => `${i + 1}. ${move.name}: ${describe(move)}`)].join("\n");
}

const last30Days = (rest: Rest): Period => ({
  startDate: addDays(today(rest), -30),
  endDate: today(rest),
  label: "over the last 30 days",
});

/** A type's change over the period as the chat writes it: from, to, percent, never a total. */
async function changeLine(
  rest: Rest,
  memory: { id: string; name: string },
  period: Period,
): Promise<string> {
  const rows = await history(rest, memory.id, period);
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last || rows.length < 2) throw new Error(`no ${memory.name} change`);
  const direction =
    last.price > first.price ? "rose" : last.price < first.price ? "fell" : "was unchanged";
  return `${memory.name} ${direction} ${period.label}: from ${usd(first.price)} on ${dayOf(first)} to ${usd(last.price)} on ${dayOf(last)} (${percent(first.price, last.price)}).`;
}

/** "X is not a memory type in the Memory data." with every type's name. */
const notAType = (written: string) =>
  `${written} is not a memory type in the Memory data. Known memory type names: ${MEMORY_TYPES.slice(
    0,
    -1,
  )
    .map((memory) => memory.name)
    .join(", ")} and ${MEMORY_TYPES.at(-1)?.name}.`;

questionBank("memory", 14, [
  {
    question: "Is the memory data real?",
    intent: "provenance",
    async answer(rest) {
      const rows = (
        await Promise.all(MEMORY_TYPES.map((memory) => history(rest, memory.id)))
      ).flat();
      const days = rows.map(dayOf).sort();
      return `The Memory index (${MEMORY_UNIT}): the generated sample, not market data (${rows.length.toLocaleString("en-US")} type-days, ${days[0]} to ${days.at(-1)}).`;
    },
  },
  {
    question: "What is the latest DDR5 16Gb price?",
    intent: "latest",
    async answer(rest) {
      const { body } = await rest.get<{ data: HistoryRow }>(`/api/memory-index?type=${DDR5.id}`);
      return `${DDR5.name}: ${usd(body.data.price)} (settled ${dayOf(body.data)}; settled at 4 PM New York on ${dayOf(body.data)}, ${SAMPLE}).`;
    },
  },
  {
    // A generation and module kind without a size: the one type that is both, not every type.
    question: "How much is a DDR4 UDIMM?",
    intent: "latest",
    async answer(rest) {
      const udimm = MEMORY_TYPES.filter((memory) => memory.id.startsWith("mem_ddr4_udimm_"));
      const [only] = udimm;
      if (only === undefined || udimm.length !== 1) throw new Error("not one DDR4 UDIMM");
      const { body } = await rest.get<{ data: HistoryRow }>(`/api/memory-index?type=${only.id}`);
      return `${only.name}: ${usd(body.data.price)} (settled ${dayOf(body.data)}; settled at 4 PM New York on ${dayOf(body.data)}, ${SAMPLE}).`;
    },
  },
  {
    question: "What was the DDR5 16Gb price last Tuesday?",
    intent: "on_day",
    async answer(rest) {
      // Sunday 2026-11-22: last Tuesday is 2026-11-17, one day (not the days since).
      const day = addDays(today(rest), -5);
      const [row] = await history(rest, DDR5.id, { startDate: day, endDate: day, label: "" });
      if (row === undefined) throw new Error("no value last Tuesday");
      return `${DDR5.name}: ${usd(row.price)} on ${day} (${SAMPLE}).`;
    },
  },
  {
    question: "What did DDR5 16Gb cost last week?",
    intent: "memory_period",
    async answer(rest) {
      // The calendar week before this one, Monday to Sunday.
      const startDate = addDays(today(rest), -13);
      const endDate = addDays(today(rest), -7);
      const rows = await history(rest, DDR5.id, { startDate, endDate, label: "" });
      return [
        `${DDR5.name} (${DDR5.id}) last week (${startDate} to ${endDate}), settled at 4 PM New York each trading day (${MEMORY_UNIT}; session averages), from the generated SAMPLE, not market data:`,
        ...rows.map(
          (row) => `${dayOf(row)}: ${usd(row.price)} (change ${signed(row.changePct)}; ${SAMPLE})`,
        ),
      ].join("\n");
    },
  },
  {
    question: "How did DDR4 8Gb change over the last 30 days?",
    intent: "change",
    answer: async (rest) => changeLine(rest, DDR4, last30Days(rest)),
  },
  {
    question: "How did DDR5 16Gb change since June?",
    intent: "change",
    async answer(rest) {
      const year = today(rest).slice(0, 4);
      const period = {
        startDate: `${year}-06-01`,
        endDate: today(rest),
        label: `since June ${year}`,
      };
      return changeLine(rest, DDR5, period);
    },
  },
  {
    // A category's prices, no type named: each flash chip's change, never their means.
    question: "How did flash chip prices change over the last 30 days?",
    intent: "change",
    async answer(rest) {
      const lines: string[] = [];
      for (const memory of MEMORY_TYPES.filter((type) => type.category === "flash"))
        lines.push(await changeLine(rest, memory, last30Days(rest)));
      return lines.join("\n");
    },
  },
  {
    question: "Which memory type rose the most this month?",
    intent: "mover",
    answer: (rest) =>
      riser(
        rest,
        MEMORY_TYPES.map((memory) => memory.id),
        thisMonth(rest),
      ),
  },
  {
    question: "Which flash chip rose the most this month?",
    intent: "mover",
    // Only the flash category: never a module or a DRAM chip.
    answer: (rest) =>
      riser(
        rest,
        MEMORY_TYPES.filter((memory) => memory.category === "flash").map((memory) => memory.id),
        thisMonth(rest),
      ),
  },
  {
    question: "Which DRAM chip rose the most this month?",
    intent: "mover",
    answer: (rest) =>
      riser(
        rest,
        MEMORY_TYPES.filter((memory) => memory.category === "dram").map((memory) => memory.id),
        thisMonth(rest),
      ),
  },
  // Types the catalogue does not have: said to be unknown, never answered with every type.
  ...(
    [
      ["What is the price of DDR6 32GB?", "DDR6 32Gb"],
      ["What is the HBM3e price?", "HBM3E"],
      ["How much does DDR5 64GB cost?", "DDR5 64Gb"],
    ] as const
  ).map(([question, written]) => ({
    question,
    intent: "unknown_subject",
    answer: () => Promise.resolve(notAType(written)),
  })),
]);
