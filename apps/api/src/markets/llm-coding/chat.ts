import {
  CODING_AGENTS,
  LLM_CODING_PRODUCTS,
  addDays,
  describeLlmCodingMethodology,
  eachUtcDay,
  minDay,
  utcDayOf,
  type CodingAgent,
  type LlmCodingProductId,
  type UtcDay,
} from "@tpi/domain";
import { defaultPeriod } from "../../platform/chat/period";
import {
  askRoute,
  isAbout,
  listed,
  namedIds,
  seriesSourceOf,
  sourceOf,
  sourceRowOf,
} from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import type { DataSources } from "../../platform/provenance/data-sources";
import { LLM_CODING, LLM_CODING_UNIT } from "./read-model/state";
import {
  llmCodingHistoryRoute,
  llmCodingIndexRoute,
  llmCodingMethodologyRoute,
  llmCodingProductsRoute,
} from "./routes/llm-coding";

/**
 * What the chat knows of LLM Coding: the five coding agents as people write them, their pull
 * requests, merge rates and commits through the LLM Coding routes (so every number is the one
 * REST serves the caller, and a keyless caller gets the routes' 401 in their words).
 */

/** Words of a coding-agent question (also what lets "Claude" mean Claude Code, not the lab). */
const CODING_WORDS =
  "\\bprs?\\b|\\bpull[- ]requests?\\b|\\bcommits?\\b|\\bmerge[ds]?\\b|\\bmerge[- ]rates?\\b|\\bcoding agents?\\b";
const CODING = new RegExp(CODING_WORDS);

/**
 * Agents as people write them. "Claude" alone names the Anthropic lab in the token market, so it
 * names Claude Code here only as "Claude Code" or in a question about pull requests, commits or
 * merges.
 */
const AGENT_PATTERNS: Readonly<Record<CodingAgent, RegExp>> = {
  claude: new RegExp(
    `\\bclaude[- ]code\\b|\\bclaude\\b(?=.*(?:${CODING_WORDS}))|(?<=(?:${CODING_WORDS}).*)\\bclaude\\b`,
  ),
  codex: /\bcodex\b/,
  copilot: /\bcopilot\b|\bgithub copilot\b/,
  cursor: /\bcursor\b/,
  devin: /\bdevin\b/,
};

/** How the chat names an agent: Claude's pull requests come from Claude Code. */
const AGENT_NAMES: Readonly<Record<CodingAgent, string>> = {
  claude: "Claude Code",
  codex: "Codex",
  copilot: "Copilot",
  cursor: "Cursor",
  devin: "Devin",
};

/** The product ids of an agent's series ("cc" is Claude's prefix, as in the catalogue). */
const prefix = (agent: CodingAgent) => (agent === "claude" ? "cc" : agent);
const prsProduct = (agent: CodingAgent) => `${prefix(agent)}-prs` as LlmCodingProductId;
const mergeProduct = (agent: CodingAgent) => `${prefix(agent)}-merge` as LlmCodingProductId;
/** Only Claude Code marks its commits, so only it has a commits product. */
const commitsProduct = (agent: CodingAgent) =>
  agent === "claude" ? ("cc-commits" as LlmCodingProductId) : undefined;

const agentSubject = (agent: CodingAgent): Chat.Subject => ({
  market: LLM_CODING.name,
  id: agent,
  name: AGENT_NAMES[agent],
});

const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const percent = (value: number) => `${value.toFixed(1)}%`;

/** The lines the answer's sources require: GitHub's citation, or the sample notice. */
function citationsOf(dataSources: DataSources): string[] {
  const lines = dataSources.sources.flatMap((s) => (s.citation === null ? [] : [s.citation]));
  return [...new Set(dataSources.notice === null ? lines : [dataSources.notice, ...lines])];
}

async function indexOf(product: LlmCodingProductId, scope: Chat.ChatScope) {
  return askRoute(llmCodingIndexRoute, { query: { product } }, scope);
}

async function historyOf(product: LlmCodingProductId, period: Chat.Period, scope: Chat.ChatScope) {
  return askRoute(
    llmCodingHistoryRoute,
    { query: { product, startDate: period.startDate, endDate: period.endDate } },
    scope,
  );
}

async function latest(subject: Chat.Subject, scope: Chat.ChatScope) {
  const product = prsProduct(subject.id as CodingAgent);
  const answer = await indexOf(product, scope);
  if (!answer.ok) return undefined;
  const body = answer.value;
  const point: Chat.ChatPoint = {
    at: body.data.date,
    value: body.data.value,
    row: sourceRowOf(body.data),
    note: `pull requests opened on ${body.data.date} (UTC), ${body.data.status}`,
    citations: citationsOf(body.dataSources),
  };
  const source = sourceOf(llmCodingIndexRoute, { product }, [point.row]);
  return { point, source };
}

async function series(subject: Chat.Subject, period: Chat.Period, scope: Chat.ChatScope) {
  const answer = await historyOf(prsProduct(subject.id as CodingAgent), period, scope);
  if (!answer.ok) return answer;
  const body = answer.value;
  const citations = citationsOf(body.dataSources);
  const points = body.data.flatMap((row): Chat.ChatPoint[] =>
    row.value === null
      ? []
      : [{ at: row.date, value: row.value, row: sourceRowOf(row), note: row.status, citations }],
  );
  return { ok: true as const, value: points };
}

/** The agents a question names, or all five when it names none. */
const agentsOf = (question: Chat.Question): CodingAgent[] => {
  const named = namedIds(question, LLM_CODING.name) as CodingAgent[];
  return named.length > 0 ? named : CODING_AGENTS.map((a) => a.agent);
};

/** About coding agents: it names one, or uses the market's words and names no other subject. */
const aboutAgents = (question: Chat.Question): boolean => isAbout(question, LLM_CODING.name);

/**
 * Names written as a coding agent in a question about pull requests, commits or merges
 * ("did Aider open", "Gemini CLI's pull requests"): a capitalised name (a product's), with its
 * "CLI", "Code" or "Agent" word, before what agents do or what they make.
 */
const AGENT_NAME_WRITTEN = [
  /\b(?:did|does|has|have|had|do)\s+([A-Z][\w.-]*(?:\s+(?:CLI|Code|Agent|AI|cli|code|agent))?)\s+(?:open|opened|merge|merged|make|made|create|created|write|wrote|commit|committed|submit|submitted|get|got)\b/,
  /\b([A-Z][\w.-]*(?:\s+(?:CLI|Code|Agent|AI|cli|code|agent))?)(?:'s)?\s+(?:PRs?|prs?|pull[- ]requests?|commits?|merge[- ]rates?)\b/,
];
/** Capitalised words of a question that name no agent. */
const NOT_AGENT_NAMES =
  /^(?:how|what|which|who|did|does|the|pr|prs|github|public|total|daily|many|most)$/i;

const AGENT_KIND: Chat.SubjectKind = {
  noun: "coding agent",
  data: "the LLM Coding data",
  unknown(question) {
    if (!CODING.test(question.lower)) return Promise.resolve({ names: [], known: [] });
    const names = AGENT_NAME_WRITTEN.flatMap((pattern) => {
      const name = pattern.exec(question.message)?.[1];
      if (name === undefined || NOT_AGENT_NAMES.test(name)) return [];
      const lower = name.toLowerCase();
      return Object.values(AGENT_PATTERNS).some((agent) => agent.test(lower)) ? [] : [name];
    });
    const unknown = [...new Set(names)];
    return Promise.resolve({
      names: unknown,
      known: unknown.length === 0 ? [] : CODING_AGENTS.map(({ agent }) => AGENT_NAMES[agent]),
    });
  },
};

/** The days a count question sums, and a line said first when they are not the days asked. */
type CountDays = { startDate: UtcDay; endDate: UtcDay; label: string; note?: string };

const TODAY = /\btoday\b|\bso far\b/;

/**
 * The days a count question sums: the period it names, ending yesterday at the latest (today's
 * counts are taken after the day ends); "last week" is the 7 UTC days ending yesterday.
 */
function countDays(question: Chat.Question): CountDays {
  const today = utcDayOf(question.now);
  const yesterday = addDays(today, -1);
  const { when } = question;
  // "Today" has no count yet: the day the counts are taken for is said, then yesterday counted.
  if (when.kind === "latest" && TODAY.test(question.lower))
    return {
      startDate: yesterday,
      endDate: yesterday,
      label: `on ${yesterday}`,
      note: `Today's counts (${today}, UTC) are taken after the day ends; the latest day counted is ${yesterday}.`,
    };
  if (when.kind === "day") return { startDate: when.day, endDate: when.day, label: when.label };
  if (when.kind === "period") {
    const { period } = when;
    // A look-back counted from today ("last week", "past 30 days") keeps its length but ends
    // yesterday; an explicit range is only cut at yesterday.
    if (period.endDate >= utcDayOf(question.now) && period.label.startsWith("over the last")) {
      const days = eachUtcDay(period.startDate, period.endDate).length - 1;
      return {
        startDate: addDays(yesterday, -(Math.max(days, 1) - 1)),
        endDate: yesterday,
        label: period.label,
      };
    }
    return { ...period, endDate: minDay(period.endDate, yesterday) };
  }
  return { startDate: addDays(yesterday, -6), endDate: yesterday, label: "over the last week" };
}

const COMMITS = /\bcommits?\b/;
const MERGE_RATE = /\bmerge[- ]rates?\b|\bmerged?\b|\bmerges\b|\bmerging\b/;
const HOW_MANY =
  /\bhow many\b|\bnumber of\b|\btotal\b|\bcount\b|\b(?:prs?|pull[- ]requests?|commits?)\b/;
/** A change over the period ("how did Codex's pull requests change"): the engine's change answer. */
const CHANGE =
  /\b(?:change[sd]?|changing|trend|gr[eo]w(?:n|th)?|rose|risen|fell|fallen|increased?|decreased?|went (?:up|down)|go(?:ne|es)? (?:up|down))\b/;
/** "Which agent opened the most": the agents ranked, the top one named first. */
const MOST = /\bmost\b|\bfewest\b|\bleast\b|\btop\b|\bwhich agent\b|\brank/;

/**
 * "How many PRs did Codex open last week": the sum of the agent's daily counts over the days
 * (`countDays`), saying the days, how many of them are provisional, and the citation; commits for
 * Claude Code, whose commits are the only ones marked.
 */
const COUNT_INTENT: Chat.MarketIntent = {
  intent: "coding_count",
  asks: (question) =>
    aboutAgents(question) &&
    CODING.test(question.lower) &&
    HOW_MANY.test(question.lower) &&
    !MERGE_RATE.test(question.lower) &&
    !CHANGE.test(question.lower),
  async answer(question, scope) {
    const commits = COMMITS.test(question.lower);
    const days = countDays(question);
    const lines: string[] = [];
    const sources: Chat.ChatSource[] = [];
    const citations: string[] = [];
    const totals: Array<{ name: string; total: number }> = [];
    for (const agent of agentsOf(question)) {
      const product = commits ? commitsProduct(agent) : prsProduct(agent);
      const name = AGENT_NAMES[agent];
      if (product === undefined) {
        lines.push(
          `${name}'s commits are not counted: only Claude Code marks the commits it writes (a Co-Authored-By trailer).`,
        );
        continue;
      }
      const answer = await historyOf(product, days, scope);
      if (!answer.ok) return { intent: "coding_count", answer: answer.error.message, sources: [] };
      const body = answer.value;
      const rows = body.data.filter((row) => row.value !== null);
      const what = commits ? "commits" : "pull requests opened";
      if (rows.length === 0) {
        lines.push(`No ${what} of ${name} are counted from ${days.startDate} to ${days.endDate}.`);
        continue;
      }
      const total = rows.reduce((sum, row) => sum + (row.value ?? 0), 0);
      totals.push({ name, total });
      const provisional = rows.filter((row) => row.status === "provisional").length;
      const missing = eachUtcDay(days.startDate, days.endDate).length - rows.length;
      lines.push(
        `${name}: ${whole(total)} ${what} on public GitHub from ${days.startDate} to ${days.endDate} (${rows.length} UTC day(s)${missing > 0 ? `, ${missing} day(s) without a count` : ""}; ${provisional === 0 ? "all settled" : `${provisional} day(s) provisional, which may still rise`}).`,
      );
      sources.push(
        sourceOf(
          llmCodingHistoryRoute,
          { product, startDate: days.startDate, endDate: days.endDate },
          rows,
        ),
      );
      citations.push(...citationsOf(body.dataSources));
    }
    return {
      intent: "coding_count",
      answer: [
        ...(days.note === undefined ? [] : [days.note]),
        ...rankingLead(totals, commits ? "commits" : "pull requests opened", days, question),
        ...lines,
      ].join("\n"),
      sources,
      citations: [...new Set(citations)],
    };
  },
};

/**
 * With several agents, the one with the most (or, asked for, the fewest) counted first: "Claude
 * Code opened the most pull requests from 2026-11-20 to 2026-11-20: 1,234 (then Codex 1,100, ...)".
 */
function rankingLead(
  totals: ReadonlyArray<{ name: string; total: number }>,
  what: string,
  days: Chat.Period,
  question: Chat.Question,
): string[] {
  if (totals.length < 2 && !MOST.test(question.lower)) return [];
  const fewest = /\bfewest\b|\bleast\b/.test(question.lower);
  const ranked = [...totals].sort((a, b) => (fewest ? a.total - b.total : b.total - a.total));
  const [top, ...rest] = ranked;
  if (top === undefined) return [];
  const then =
    rest.length === 0
      ? ""
      : ` (then ${listed(rest.map((entry) => `${entry.name} ${whole(entry.total)}`))})`;
  const span =
    days.startDate === days.endDate
      ? `on ${days.startDate}`
      : `from ${days.startDate} to ${days.endDate}`;
  return [
    `${top.name} had the ${fewest ? "fewest" : "most"} ${what} ${span}: ${whole(top.total)}${then}.`,
  ];
}

/** "How many PRs were merged": a count of merged pull requests, not a rate. */
const MERGED_COUNT = /\bmerged\b/;
const RATE_WORDS = /\bmerge[- ]rates?\b|\brates?\b|\bpercent(?:age)?\b|\bshare\b/;

/**
 * "How many Copilot PRs were merged last week": for each day of the period, the pull requests
 * opened that day times that day's merge rate (the share of them merged by now), summed; the
 * days whose rate may still rise are said.
 */
const MERGED_COUNT_INTENT: Chat.MarketIntent = {
  intent: "coding_merged_count",
  asks: (question) =>
    aboutAgents(question) &&
    (/\bhow many\b|\bnumber of\b|\bcount\b/.test(question.lower) || MOST.test(question.lower)) &&
    MERGED_COUNT.test(question.lower) &&
    !RATE_WORDS.test(question.lower) &&
    !CHANGE.test(question.lower),
  async answer(question, scope) {
    const intent = "coding_merged_count";
    const days = countDays(question);
    const lines: string[] = [];
    const sources: Chat.ChatSource[] = [];
    const citations: string[] = [];
    const totals: Array<{ name: string; total: number }> = [];
    for (const agent of agentsOf(question)) {
      const name = AGENT_NAMES[agent];
      const [opened, rates] = await Promise.all([
        historyOf(prsProduct(agent), days, scope),
        historyOf(mergeProduct(agent), days, scope),
      ]);
      if (!opened.ok) return { intent, answer: opened.error.message, sources: [] };
      if (!rates.ok) return { intent, answer: rates.error.message, sources: [] };
      const rateOf = new Map(rates.value.data.map((row) => [row.date, row]));
      const both = opened.value.data.flatMap((row) => {
        const rate = rateOf.get(row.date);
        return row.value === null || rate?.value === null || rate === undefined
          ? []
          : [{ opened: row, rate, merged: Math.round((row.value * (rate.value ?? 0)) / 100) }];
      });
      if (both.length === 0) {
        lines.push(
          `No merged pull requests of ${name} are counted from ${days.startDate} to ${days.endDate}.`,
        );
        continue;
      }
      const merged = both.reduce((sum, day) => sum + day.merged, 0);
      const total = both.reduce((sum, day) => sum + (day.opened.value ?? 0), 0);
      const provisional = both.filter((day) => day.rate.status === "provisional").length;
      totals.push({ name, total: merged });
      // No pull request opened: no share of them to give.
      const share = total === 0 ? "" : `${percent((merged / total) * 100)}; `;
      lines.push(
        `${name}: ${whole(merged)} of the ${whole(total)} pull requests opened on public GitHub from ${days.startDate} to ${days.endDate} were merged by now (${share}each day's pull requests opened times its merge rate, ${both.length} UTC day(s); ${provisional === 0 ? "all settled" : `${provisional} day(s) provisional, which may still rise`}).`,
      );
      const query = { startDate: days.startDate, endDate: days.endDate };
      sources.push(
        sourceOf(
          llmCodingHistoryRoute,
          { product: prsProduct(agent), ...query },
          both.map((day) => day.opened),
        ),
        sourceOf(
          llmCodingHistoryRoute,
          { product: mergeProduct(agent), ...query },
          both.map((day) => day.rate),
        ),
      );
      citations.push(
        ...citationsOf(opened.value.dataSources),
        ...citationsOf(rates.value.dataSources),
      );
    }
    return {
      intent,
      answer: [
        ...(days.note === undefined ? [] : [days.note]),
        ...rankingLead(totals, "merged pull requests", days, question),
        ...lines,
      ].join("\n"),
      sources,
      citations: [...new Set(citations)],
    };
  },
};

/** "Which agent has the best merge rate", "the lowest": the agents ranked by their rate. */
const BEST_RATE = /\b(?:best|highest|top)\b/;
const WORST_RATE = /\b(?:worst|lowest|least)\b/;

/** One agent's merge-rate line, with the rate a ranking orders by (none: no rate to rank). */
type RateLine = { name: string; line: string; rate: number | undefined; span: string };

/**
 * The lead of a merge-rate ranking: the agent with the highest (`lowest`: the lowest) rate, or
 * mean rate over a period, named first.
 */
function rateLead(top: RateLine, lowest: boolean, mean: boolean): string {
  return `${top.name} has the ${lowest ? "lowest" : "highest"} ${mean ? "mean merge rate" : "merge rate"} ${top.span}: ${percent(top.rate ?? 0)}.`;
}

/**
 * Merge rates: the latest day's rate of each agent, or over a named period the daily rates'
 * mean with its days. A question that asks which agent's rate is best (or worst) ranks the
 * agents by it and names the first.
 */
const MERGE_RATE_INTENT: Chat.MarketIntent = {
  intent: "coding_merge_rate",
  asks: (question) => aboutAgents(question) && MERGE_RATE.test(question.lower),
  async answer(question, scope) {
    const entries: RateLine[] = [];
    const sources: Chat.ChatSource[] = [];
    const citations: string[] = [];
    const change = CHANGE.test(question.lower);
    // A change asked without a period is measured over the default look-back.
    const period =
      question.when.kind !== "latest"
        ? countDays(question)
        : change
          ? countDays({
              ...question,
              when: { kind: "period", period: defaultPeriod(question.now) },
            })
          : undefined;
    for (const agent of agentsOf(question)) {
      const product = mergeProduct(agent);
      const name = AGENT_NAMES[agent];
      if (period === undefined) {
        const answer = await indexOf(product, scope);
        if (!answer.ok) {
          if (answer.error.code === "no_data") {
            entries.push({ name, line: `${name}: no merge rate yet.`, rate: undefined, span: "" });
            continue;
          }
          return { intent: "coding_merge_rate", answer: answer.error.message, sources: [] };
        }
        const body = answer.value;
        entries.push({
          name,
          line: `${name}: ${percent(body.data.value)} of the pull requests opened on ${body.data.date} (UTC) were merged (${body.data.status}${body.data.status === "provisional" ? ": it rises as late merges come in" : ""}).`,
          rate: body.data.value,
          span: `on ${body.data.date}`,
        });
        sources.push(sourceOf(llmCodingIndexRoute, { product }, [body.data]));
        citations.push(...citationsOf(body.dataSources));
        continue;
      }
      const answer = await historyOf(product, period, scope);
      if (!answer.ok)
        return { intent: "coding_merge_rate", answer: answer.error.message, sources: [] };
      const body = answer.value;
      const rows = body.data.filter((row) => row.value !== null);
      if (rows.length === 0) {
        entries.push({
          name,
          line: `${name}: no merge rate from ${period.startDate} to ${period.endDate}.`,
          rate: undefined,
          span: "",
        });
        continue;
      }
      const mean = rows.reduce((sum, row) => sum + (row.value ?? 0), 0) / rows.length;
      const provisional = rows.filter((row) => row.status === "provisional").length;
      const provisionalText = provisional > 0 ? `; ${provisional} day(s) provisional` : "";
      const first = rows[0];
      const last = rows.at(-1);
      const used = change && first && last ? [first, last] : rows;
      entries.push({
        name,
        line:
          change &&
          first !== undefined &&
          last !== undefined &&
          first.value !== null &&
          last.value !== null
            ? `${name}'s merge rate ${last.value > first.value ? "rose" : last.value < first.value ? "fell" : "was unchanged"} ${period.label}: from ${percent(first.value)} on ${first.date} to ${percent(last.value)} on ${last.date} (${last.value >= first.value ? "+" : ""}${(last.value - first.value).toFixed(1)} points${provisionalText}).`
            : `${name}: ${percent(mean)} on average (the mean of ${rows.length} daily merge rates) from ${period.startDate} to ${period.endDate}${provisionalText}.`,
        rate: change ? undefined : mean,
        span: `from ${period.startDate} to ${period.endDate}`,
      });
      sources.push(
        sourceOf(
          llmCodingHistoryRoute,
          { product, startDate: period.startDate, endDate: period.endDate },
          used,
        ),
      );
      citations.push(...citationsOf(body.dataSources));
    }
    const lowest = WORST_RATE.test(question.lower);
    const rated = entries.filter((entry) => entry.rate !== undefined);
    const ranking = !change && rated.length > 1 && (lowest || BEST_RATE.test(question.lower));
    const ranked = [...rated].sort((a, b) =>
      lowest ? (a.rate ?? 0) - (b.rate ?? 0) : (b.rate ?? 0) - (a.rate ?? 0),
    );
    const [top] = ranked;
    const lines =
      ranking && top !== undefined
        ? [
            rateLead(top, lowest, period !== undefined),
            ...ranked.map((entry) => entry.line),
            ...entries.filter((entry) => entry.rate === undefined).map((entry) => entry.line),
          ]
        : entries.map((entry) => entry.line);
    return {
      intent: "coding_merge_rate",
      answer: lines.join("\n"),
      sources,
      citations: [...new Set(citations)],
    };
  },
};

export const LLM_CODING_CHAT: Chat.ChatMarket = {
  scope: `LLM Coding (${LLM_CODING_UNIT})`,
  subjectsNoun: "coding agents",
  asks: "coding agents' pull requests, merge rates and commits on public GitHub",
  tracked: `Tracked coding agents: ${CODING_AGENTS.map((a) => AGENT_NAMES[a.agent]).join(", ")}.`,
  subjects: CODING_AGENTS.map(({ agent }) => ({
    subject: agentSubject(agent),
    pattern: AGENT_PATTERNS[agent],
  })),
  domainWords: new RegExp(`${CODING_WORDS}|\\bllm[- ]coding\\b`),
  kinds: [AGENT_KIND],
  recordUnit: ["day", "days"],
  unit: "pull requests per UTC day",
  format: (value) => `${whole(value)} pull requests`,
  latest,
  series,
  seriesSource: (subject, period, points) =>
    seriesSourceOf(
      llmCodingHistoryRoute,
      { product: prsProduct(subject.id as CodingAgent) },
      period,
      points,
    ),
  freeTier: () => ({
    keyless: "the LLM Coding product list and methodology",
    keyed: ["every LLM Coding value"],
    keyedRoutes: ["the LLM Coding index, history and revisions routes"],
    sources: [
      sourceOf(
        llmCodingProductsRoute,
        {},
        LLM_CODING_PRODUCTS.map(({ id, label }) => ({ id, label })),
      ),
    ],
  }),
  methodology: () => describeLlmCodingMethodology().join(" "),
  methodologyRoute: llmCodingMethodologyRoute,
  intents: [MERGED_COUNT_INTENT, MERGE_RATE_INTENT, COUNT_INTENT],
};
