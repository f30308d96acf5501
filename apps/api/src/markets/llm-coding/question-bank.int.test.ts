import { addDays, utcDayOf } from "@tpi/domain";
import { questionBank, type Rest } from "../../contract/question-bank";
import { LLM_CODING_UNIT } from "./read-model/state";

/**
 * The LLM Coding questions of the chat's question bank (harness: `contract/question-bank.ts`),
 * each answer computed from `GET /api/llm-coding/history` and `/index`: pull requests summed over
 * a calendar week and month, the agent with the most on one day named first, a change over 30
 * days (from, to, percent; not a total), a merge rate and its change, and agents the data does
 * not have (never matched to a lab).
 */

type Day = { date: string; value: number | null; status: string };
type History = { data: Day[] };

const AGENTS = [
  ["claude", "cc", "Claude Code"],
  ["codex", "codex", "Codex"],
  ["copilot", "copilot", "Copilot"],
  ["cursor", "cursor", "Cursor"],
  ["devin", "devin", "Devin"],
] as const;
const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const joined = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

async function days(rest: Rest, product: string, startDate: string, endDate: string) {
  const { body } = await rest.get<History>(
    `/api/llm-coding/history?product=${product}&startDate=${startDate}&endDate=${endDate}`,
  );
  return body.data.filter((day) => day.value !== null);
}

const yesterday = (rest: Rest) => addDays(utcDayOf(rest.now), -1);

/** One agent's sum over the days, as the chat writes it, with the sum. */
async function countLine(rest: Rest, prefix: string, name: string, from: string, to: string) {
  const rows = await days(rest, `${prefix}-prs`, from, to);
  const total = rows.reduce((sum, row) => sum + (row.value ?? 0), 0);
  const provisional = rows.filter((row) => row.status === "provisional").length;
  return {
    name,
    total,
    line: `${name}: ${whole(total)} pull requests opened on public GitHub from ${from} to ${to} (${rows.length} UTC day(s); ${provisional === 0 ? "all settled" : `${provisional} day(s) provisional, which may still rise`}).`,
  };
}

/** The agents' sums, the one with the most named first with the others after it. */
async function ranked(
  rest: Rest,
  agents: ReadonlyArray<readonly [string, string, string]>,
  from: string,
  to: string,
) {
  const counts = [];
  for (const [, prefix, name] of agents) counts.push(await countLine(rest, prefix, name, from, to));
  const [top, ...others] = [...counts].sort((a, b) => b.total - a.total);
  if (top === undefined) throw new Error("no agents");
  const span = from === to ? `on ${from}` : `from ${from} to ${to}`;
  const then =
    others.length === 0
      ? ""
      : ` (then ${joined(others.map((other) => `${other.name} ${whole(other.total)}`))})`;
  return [
    `${top.name} had the most pull requests opened ${span}: ${whole(top.total)}${then}.`,
    ...counts.map((entry) => entry.line),
  ].join("\n");
}

/** Codex's pull requests over the last 30 days: a change (from, to, percent), never a total. */
async function codexChange(rest: Rest): Promise<string> {
  const today = utcDayOf(rest.now);
  const rows = await days(rest, "codex-prs", addDays(today, -30), today);
  const first = rows[0];
  const last = rows.at(-1);
  if (
    first?.value === null ||
    first?.value === undefined ||
    last?.value === null ||
    last?.value === undefined
  )
    throw new Error("no Codex days");
  const direction = last.value > first.value ? "rose" : "fell";
  const percent = ((last.value - first.value) / first.value) * 100;
  return `Codex ${direction} over the last 30 days: from ${whole(first.value)} pull requests on ${first.date} to ${whole(last.value)} pull requests on ${last.date} (${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%).`;
}

/** Sunday 2026-11-22's last week: Monday 2026-11-09 to Sunday 2026-11-15. */
function lastWeek(rest: Rest): { from: string; to: string } {
  const today = utcDayOf(rest.now);
  return { from: addDays(today, -13), to: addDays(today, -7) };
}

/**
 * One agent's merged pull requests as the chat writes them: each day's pull requests opened
 * times its merge rate (the share merged by now), rounded, summed; a count, never a rate.
 */
async function mergedLine(rest: Rest, prefix: string, name: string, from: string, to: string) {
  const opened = await days(rest, `${prefix}-prs`, from, to);
  const rates = new Map(
    (await days(rest, `${prefix}-merge`, from, to)).map((row) => [row.date, row]),
  );
  const both = opened.flatMap((row) => {
    const rate = rates.get(row.date);
    return rate?.value == null || row.value === null
      ? []
      : [{ opened: row.value, merged: Math.round((row.value * rate.value) / 100), rate }];
  });
  const merged = both.reduce((sum, day) => sum + day.merged, 0);
  const total = both.reduce((sum, day) => sum + day.opened, 0);
  const provisional = both.filter((day) => day.rate.status === "provisional").length;
  return {
    name,
    merged,
    line: `${name}: ${whole(merged)} of the ${whole(total)} pull requests opened on public GitHub from ${from} to ${to} were merged by now (${((merged / total) * 100).toFixed(1)}%; each day's pull requests opened times its merge rate, ${both.length} UTC day(s); ${provisional === 0 ? "all settled" : `${provisional} day(s) provisional, which may still rise`}).`,
  };
}

const notAnAgent = (written: string) =>
  `${written} is not a coding agent in the LLM Coding data. Known coding agent names: ${joined(AGENTS.map(([, , name]) => name))}.`;

questionBank("llm-coding", 16, [
  {
    // "LLM coding" is this market's, though "LLM" alone is the token market's word.
    question: "Where does the LLM coding data come from?",
    intent: "provenance",
    async answer(rest) {
      const { body } = await rest.get<{
        dataSources: { sources: Array<{ firstDay: string; lastDay: string; days: number }> };
      }>("/api/llm-coding/history?product=cc-prs");
      const [source] = body.dataSources.sources;
      if (source === undefined) throw new Error("no LLM Coding source");
      return `LLM Coding (${LLM_CODING_UNIT}): the generated sample, not market data (${source.days} days, ${source.firstDay} to ${source.lastDay}).`;
    },
  },
  {
    question: "How many PRs did Codex open last week?",
    intent: "coding_count",
    async answer(rest) {
      // Sunday 2026-11-22: last week is Monday 2026-11-09 to Sunday 2026-11-15.
      const today = utcDayOf(rest.now);
      return (await countLine(rest, "codex", "Codex", addDays(today, -13), addDays(today, -7)))
        .line;
    },
  },
  {
    question: "How many PRs did Claude Code open today?",
    intent: "coding_count",
    async answer(rest) {
      // Today has no count until it ends: said so, then yesterday counted, never the last 7 days.
      const today = utcDayOf(rest.now);
      const day = yesterday(rest);
      const { line } = await countLine(rest, "cc", "Claude Code", day, day);
      return `Today's counts (${today}, UTC) are taken after the day ends; the latest day counted is ${day}.\n${line}`;
    },
  },
  {
    question: "How many Copilot pull requests were merged last week?",
    intent: "coding_merged_count",
    async answer(rest) {
      // Last week: Monday 2026-11-09 to Sunday 2026-11-15.
      const { from, to } = lastWeek(rest);
      return (await mergedLine(rest, "copilot", "Copilot", from, to)).line;
    },
  },
  {
    question: "Which agent had the most merged pull requests last week?",
    intent: "coding_merged_count",
    async answer(rest) {
      const { from, to } = lastWeek(rest);
      const merged = [];
      for (const [, prefix, name] of AGENTS)
        merged.push(await mergedLine(rest, prefix, name, from, to));
      // The most first in the lead, with the others after it; each agent's line in catalogue order.
      const [top, ...others] = [...merged].sort((a, b) => b.merged - a.merged);
      if (top === undefined) throw new Error("no merged counts");
      return [
        `${top.name} had the most merged pull requests from ${from} to ${to}: ${whole(top.merged)} (then ${joined(others.map((entry) => `${entry.name} ${whole(entry.merged)}`))}).`,
        ...merged.map((entry) => entry.line),
      ].join("\n");
    },
  },
  {
    question: "Which agent opened the most pull requests on 2026-11-20?",
    intent: "coding_count",
    answer: (rest) => ranked(rest, AGENTS, "2026-11-20", "2026-11-20"),
  },
  {
    question: "Claude Code vs Codex pull requests this month",
    intent: "coding_count",
    answer: (rest) =>
      ranked(
        rest,
        AGENTS.filter(([agent]) => agent === "claude" || agent === "codex"),
        `${utcDayOf(rest.now).slice(0, 8)}01`,
        // Today's counts are taken after the day ends.
        yesterday(rest),
      ),
  },
  {
    question: "Is Codex catching up with Claude Code?",
    intent: "compare",
    async answer(rest) {
      // Counts are compared as counts: "lower", never "cheaper".
      const latest = [];
      for (const [prefix, name] of [
        ["codex", "Codex"],
        ["cc", "Claude Code"],
      ] as const) {
        const { body } = await rest.get<{ data: { date: string; value: number; status: string } }>(
          `/api/llm-coding/index?product=${prefix}-prs`,
        );
        latest.push({ name, ...body.data });
      }
      const [codex, claude] = latest;
      if (codex === undefined || claude === undefined) throw new Error("no latest counts");
      const [lower, higher] = codex.value <= claude.value ? [codex, claude] : [claude, codex];
      return [
        ...latest.map(
          (agent) =>
            `${agent.name}: ${whole(agent.value)} pull requests (settled ${agent.date}; pull requests opened on ${agent.date} (UTC), ${agent.status}).`,
        ),
        `${lower.name} is ${(((higher.value - lower.value) / higher.value) * 100).toFixed(1)}% lower than ${higher.name} (${(higher.value / lower.value).toFixed(2)}x).`,
      ].join("\n");
    },
  },
  {
    question: "How did Codex pull requests change over the last 30 days?",
    intent: "change",
    answer: codexChange,
  },
  {
    question: "Did Codex's pull requests go up or down over the last 30 days?",
    intent: "change",
    answer: codexChange,
  },
  {
    question: "What is the merge rate of Codex?",
    intent: "coding_merge_rate",
    async answer(rest) {
      const { body } = await rest.get<{ data: { date: string; value: number; status: string } }>(
        "/api/llm-coding/index?product=codex-merge",
      );
      const { date, value, status } = body.data;
      return `Codex: ${value.toFixed(1)}% of the pull requests opened on ${date} (UTC) were merged (${status}${status === "provisional" ? ": it rises as late merges come in" : ""}).`;
    },
  },
  {
    question: "Which coding agent has the best merge rate?",
    intent: "coding_merge_rate",
    async answer(rest) {
      const rates = [];
      for (const [, prefix, name] of AGENTS) {
        const { body } = await rest.get<{
          data: { date: string; value: number; status: string };
        }>(`/api/llm-coding/index?product=${prefix}-merge`);
        const { date, value, status } = body.data;
        rates.push({
          name,
          date,
          value,
          line: `${name}: ${value.toFixed(1)}% of the pull requests opened on ${date} (UTC) were merged (${status}${status === "provisional" ? ": it rises as late merges come in" : ""}).`,
        });
      }
      // The highest first, named in the lead: a ranking, not the catalogue's order.
      const ranked = rates.sort((a, b) => b.value - a.value);
      const [top] = ranked;
      if (top === undefined) throw new Error("no merge rates");
      return [
        `${top.name} has the highest merge rate on ${top.date}: ${top.value.toFixed(1)}%.`,
        ...ranked.map((rate) => rate.line),
      ].join("\n");
    },
  },
  {
    question: "How did the Claude Code merge rate change this month?",
    intent: "coding_merge_rate",
    async answer(rest) {
      const today = utcDayOf(rest.now);
      const from = `${today.slice(0, 8)}01`;
      const rows = await days(rest, "cc-merge", from, yesterday(rest));
      const first = rows[0];
      const last = rows.at(-1);
      if (
        first?.value === null ||
        first?.value === undefined ||
        last?.value === null ||
        last?.value === undefined
      )
        throw new Error("no merge rates");
      const provisional = rows.filter((row) => row.status === "provisional").length;
      const points = last.value - first.value;
      const direction = points > 0 ? "rose" : points < 0 ? "fell" : "was unchanged";
      return `Claude Code's merge rate ${direction} this month (${from} to ${today}): from ${first.value.toFixed(1)}% on ${first.date} to ${last.value.toFixed(1)}% on ${last.date} (${points >= 0 ? "+" : ""}${points.toFixed(1)} points${provisional > 0 ? `; ${provisional} day(s) provisional` : ""}).`;
    },
  },
  {
    question: "How many PRs did Gemini CLI open last week?",
    intent: "unknown_subject",
    // Never Google's token price: Gemini CLI is no agent of the data.
    answer: () => Promise.resolve(notAnAgent("Gemini CLI")),
  },
  {
    question: "How many pull requests did Aider open yesterday?",
    intent: "unknown_subject",
    answer: () => Promise.resolve(notAnAgent("Aider")),
  },
  {
    question: "What is Windsurf's merge rate?",
    intent: "unknown_subject",
    answer: () => Promise.resolve(notAnAgent("Windsurf")),
  },
]);
