import { FREE_TIER_GPU_NAMES, GPU_NAMES, LAB_CATALOG, SAMPLE_NOTICE, addDays } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_NOW, startContractApi, type ContractApi } from "../../contract/contract-api";

/**
 * The question bank: questions as users type them, each with the exact answer the chat must give,
 * computed here from what the REST routes answer for the same day or period (the contract's
 * data: the token and GPU samples from 2026-08-01, now 2026-11-22 12:00 UTC). An answer that cites
 * another day, answers another question, or misses the sample notice fails.
 */
let contract: ContractApi;
beforeAll(async () => {
  contract = await startContractApi();
});
afterAll(async () => contract.api.close());

type Answer = { intent: string; answer: string; notices: string[]; sources: unknown[] };

/** Questions asked so far: the bank says how many it holds (its last test). */
let asked = 0;

async function ask(message: string): Promise<Answer> {
  asked += 1;
  const res = await contract.api.post(
    "/api/chat",
    { message },
    { authorization: `Bearer ${contract.keys.full}` },
  );
  expect(res.status, `${message}: ${res.text}`).toBe(200);
  return (res.body as { data: Answer }).data;
}

async function rest<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await contract.api.get(path, { authorization: `Bearer ${contract.keys.full}` });
  return { status: res.status, body: res.body as T };
}

type OtpiRow = { date: string; lab: string; indexPerMtok: number };
type GpuRow = { timestamp: string; index_value: number; basis: string; sources: string[] };
const usdPerMtok = (value: number) => `$${value.toFixed(4)} per million tokens`;
const usdPerGpuHour = (value: number) => `$${value.toFixed(3)} per GPU-hour`;
const pct = (from: number, to: number) =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;
const withNotice = (answer: string) => `${answer}\n${SAMPLE_NOTICE}`;

const TODAY = "2026-11-22";
/** Days asked about: the latest settled token day, earlier ones, and one before the sample. */
const TOKEN_DAYS = ["2026-11-20", "2026-11-01", "2026-09-15", "2026-08-01", "2026-07-15"];
const GPU_DAYS = ["2026-11-21", "2026-11-02", "2026-10-10", "2026-07-15"];

describe("the chat's question bank, answered as REST answers", () => {
  for (const { lab, label } of LAB_CATALOG) {
    it(`${label}: latest, on given days (written several ways), a change and a high`, async () => {
      const latest = await rest<{ date: string; data: OtpiRow[] }>(`/api/otpi?lab=${lab}`);
      const row = latest.body.data[0];
      if (!row) throw new Error(`no latest value for ${lab}`);
      const latestLine = `${label}: ${usdPerMtok(row.indexPerMtok)} (settled ${row.date}).`;
      for (const question of [
        `What is the ${label} index?`,
        `What is the latest ${lab} value?`,
        `${label} price now`,
      ])
        expect((await ask(question)).answer, question).toBe(withNotice(latestLine));

      for (const day of TOKEN_DAYS) {
        const onDay = await rest<{ data: OtpiRow[] }>(`/api/otpi?lab=${lab}&date=${day}`);
        const value = onDay.status === 200 ? onDay.body.data[0] : undefined;
        const expected = value
          ? `${label}: ${usdPerMtok(value.indexPerMtok)} on ${day}.`
          : `There is no published value for ${label} on ${day}.`;
        const [year, month, date] = day.split("-");
        const monthName = new Date(`${day}T00:00:00Z`).toLocaleString("en-US", {
          month: "long",
          timeZone: "UTC",
        });
        for (const question of [
          `What was the ${lab} index on ${day}?`,
          `${label} on ${Number(date)} ${monthName} ${year}`,
          `What was ${label}'s price on ${monthName} ${Number(date)}, ${year}?`,
        ]) {
          const answer = await ask(question);
          expect(answer.intent, question).toBe("on_day");
          expect(answer.answer, question).toBe(withNotice(expected));
        }
        void month;
      }

      const week = await rest<{ data: OtpiRow[] }>(
        `/api/otpi?lab=${lab}&startDate=${addDays(TODAY, -7)}&endDate=${TODAY}`,
      );
      const first = week.body.data[0];
      const last = week.body.data.at(-1);
      if (!first || !last) throw new Error(`no week for ${lab}`);
      const direction =
        last.indexPerMtok > first.indexPerMtok
          ? "rose"
          : last.indexPerMtok < first.indexPerMtok
            ? "fell"
            : "was unchanged";
      expect((await ask(`How did ${label} change over the last week?`)).answer).toBe(
        withNotice(
          `${label} ${direction} over the last week: from ${usdPerMtok(first.indexPerMtok)} on ${first.date} to ${usdPerMtok(last.indexPerMtok)} on ${last.date} (${pct(first.indexPerMtok, last.indexPerMtok)}).`,
        ),
      );

      const october = await rest<{ data: OtpiRow[] }>(
        `/api/otpi?lab=${lab}&startDate=2026-10-01&endDate=2026-10-31`,
      );
      const high = october.body.data.reduce((a, b) => (b.indexPerMtok > a.indexPerMtok ? b : a));
      expect((await ask(`What was the highest ${label} value in October 2026?`)).answer).toBe(
        withNotice(
          `${label}'s highest daily value in October 2026 was ${usdPerMtok(high.indexPerMtok)} on ${high.date} (out of ${october.body.data.length} settled days).`,
        ),
      );
    });
  }

  for (const gpu of GPU_NAMES) {
    it(`${gpu}: latest, on given days, a change`, async () => {
      const all = await rest<{
        data: Array<{
          gpu_type: string;
          index_value: number;
          date: string;
          basis: string;
          sources: string[];
        }>;
      }>("/api/daily-index/all");
      const row = all.body.data.find((entry) => entry.gpu_type === gpu);
      if (!row) throw new Error(`no daily value for ${gpu}`);
      // The sample's days settle at 21:00 UTC in November: the New York day is the UTC day.
      expect((await ask(`What is the current ${gpu} price?`)).answer).toBe(
        withNotice(
          `${gpu}: ${usdPerGpuHour(row.index_value)} (settled ${row.date}; New York day ${row.date.slice(0, 10)}, from ${row.basis}: ${row.sources.join(", ")}).`,
        ),
      );
      const path = `/api/gpu/${encodeURIComponent(gpu)}/index-history`;
      for (const day of GPU_DAYS) {
        const onDay = await rest<{ data: GpuRow[] }>(`${path}?startDate=${day}&endDate=${day}`);
        const value = onDay.status === 200 ? onDay.body.data[0] : undefined;
        const expected = value
          ? `${gpu}: ${usdPerGpuHour(value.index_value)} on ${day} (settled ${value.timestamp}; New York day ${day}, from ${value.basis}: ${value.sources.join(", ")}).`
          : `There is no published value for ${gpu} on ${day}.`;
        for (const question of [`What was the ${gpu} price on ${day}?`, `${gpu} index ${day}`]) {
          const answer = await ask(question);
          expect(answer.intent, question).toBe("on_day");
          expect(answer.answer, question).toBe(withNotice(expected));
        }
      }
      const days = await rest<{ data: GpuRow[] }>(
        `${path}?startDate=${addDays(TODAY, -5)}&endDate=${TODAY}`,
      );
      const first = days.body.data[0];
      const last = days.body.data.at(-1);
      if (!first || !last) throw new Error(`no days for ${gpu}`);
      const direction =
        last.index_value > first.index_value
          ? "rose"
          : last.index_value < first.index_value
            ? "fell"
            : "was unchanged";
      expect((await ask(`How did the ${gpu} change over the last 5 days?`)).answer).toBe(
        withNotice(
          `${gpu} ${direction} over the last 5 days: from ${usdPerGpuHour(first.index_value)} on ${first.timestamp} to ${usdPerGpuHour(last.index_value)} on ${last.timestamp} (${pct(first.index_value, last.index_value)}).`,
        ),
      );
    });
  }

  it("names the GPU that rose and the one that fell the most over a month, ranked as REST's series rank them", async () => {
    const moves: Array<{ gpu: string; change: number; first: GpuRow; last: GpuRow }> = [];
    for (const gpu of GPU_NAMES) {
      const res = await rest<{ data: GpuRow[] }>(
        `/api/gpu/${encodeURIComponent(gpu)}/index-history?startDate=2026-11-01&endDate=${TODAY}`,
      );
      const first = res.body.data[0];
      const last = res.body.data.at(-1);
      if (first && last)
        moves.push({
          gpu,
          change: (last.index_value - first.index_value) / first.index_value,
          first,
          last,
        });
    }
    const up = [...moves].sort((a, b) => b.change - a.change);
    const down = [...moves].sort((a, b) => a.change - b.change);
    const describe = (m: (typeof moves)[number]) =>
      `from ${usdPerGpuHour(m.first.index_value)} on ${m.first.timestamp} to ${usdPerGpuHour(m.last.index_value)} on ${m.last.timestamp} (${pct(m.first.index_value, m.last.index_value)})`;
    for (const [question, ranked, verb] of [
      ["Which GPU rose the most in November 2026?", up, "rose"],
      ["Which GPU got more expensive in November 2026?", up, "rose"],
      ["Which GPU fell the most in November 2026?", down, "fell"],
    ] as const) {
      const answer = await ask(question);
      expect(answer.intent, question).toBe("mover");
      const top = ranked[0];
      if (!top) throw new Error("no GPU moves");
      const lead =
        (verb === "rose" ? top.change : -top.change) > 0
          ? `${top.gpu} ${verb} the most in November 2026: ${describe(top)}.`
          : `None ${verb} in November 2026; the closest was ${top.gpu}, ${describe(top)}.`;
      expect(answer.answer, question).toBe(
        withNotice(
          [lead, ...ranked.map((m, i) => `${i + 1}. ${m.gpu}: ${describe(m)}`)].join("\n"),
        ),
      );
    }
  });

  it("refuses dates that are no dates in the API's words, and never answers the latest value instead", async () => {
    for (const written of ["2025-13-45", "2025-02-30", "2026-00-10"]) {
      const rest400 = await rest<{ message: string }>(`/api/otpi?lab=mistralai&date=${written}`);
      expect(rest400.status).toBe(400);
      for (const question of [
        `What was the mistralai index on ${written}?`,
        `H100 price on ${written}`,
      ]) {
        const answer = await ask(question);
        expect(answer).toMatchObject({
          intent: "invalid_date",
          answer: rest400.body.message,
          sources: [],
        });
      }
    }
  });

  it("says where the data comes from, and that it is the sample", async () => {
    for (const question of [
      "Is the data real or a sample?",
      "Where does the data come from?",
      "What are your data sources?",
      "Is this real market data?",
    ]) {
      const answer = await ask(question);
      expect(answer.intent, question).toBe("provenance");
      expect(answer.answer, question).toContain("the generated sample, not market data");
      expect(answer.notices).toEqual([SAMPLE_NOTICE]);
    }
  });

  it("ends every answer about the data with the sample notice, and only those", async () => {
    for (const question of [
      "What can I get for free without a key?",
      "Compare Claude vs OpenAI",
      `Which GPU is cheapest right now?`,
      `How volatile is the ${FREE_TIER_GPU_NAMES[0]}?`,
    ]) {
      const answer = await ask(question);
      expect(answer.notices, question).toEqual([SAMPLE_NOTICE]);
      expect(answer.answer.endsWith(SAMPLE_NOTICE), question).toBe(true);
    }
    const outside = await ask("What's the weather in Paris?");
    expect(outside).toMatchObject({ intent: "out_of_scope", notices: [] });
  });

  it("holds 298 token and GPU questions: 20 per lab, 10 per GPU, 3 movers, 6 dates that are no dates, 4 on provenance and 5 on notices", () => {
    const perLab = 3 + TOKEN_DAYS.length * 3 + 2;
    const perGpu = 1 + GPU_DAYS.length * 2 + 1;
    expect(LAB_CATALOG.length * perLab + GPU_NAMES.length * perGpu + 3 + 6 + 4 + 5).toBe(298);
    expect(asked).toBe(298);
  });

  it("keeps the clock it was asked on", () => {
    expect(CONTRACT_NOW.toISOString().slice(0, 10)).toBe(TODAY);
  });
});
