import type { Market } from "../core/market";
import type {
  ChatMarket,
  ChatPoint,
  ChatScope,
  EngineAnswer,
  Subject,
  Period,
  ChatSource,
} from "../core/chat";

/**
 * The engine's own answers, in plain sentences, built only from values the markets' routes
 * returned and listed with them as sources.
 */

/** What this service knows about, as the chat and the model backend both say it. */
export function chatScope(markets: readonly Market[]): string {
  return markets.map((market) => market.chat.scope).join(" and ");
}

export function outOfScopeAnswer(markets: readonly Market[]): EngineAnswer {
  const chats = markets.map((market) => market.chat);
  const answer = [
    `I can only answer questions about this service's data: ${chatScope(markets)}.`,
    `Ask about latest values, changes over a period, comparisons between ${chats.map((chat) => chat.subjectsNoun).join(" or ")}, highs and lows, ${chats.map((chat) => chat.asks).join(", ")}, what is on the free tier, or how the indices are computed.`,
    chats.map((chat) => chat.tracked).join(" "),
  ].join(" ");
  return { intent: "out_of_scope", answer, sources: [] };
}

/** The market of a subject. */
export type ChatMarkets = { of(subject: Subject): ChatMarket; readonly list: readonly Market[] };

export function chatMarkets(markets: readonly Market[]): ChatMarkets {
  const byName = new Map(markets.map((market) => [market.name, market.chat]));
  return {
    list: markets,
    of(subject) {
      const chat = byName.get(subject.market);
      if (chat === undefined) throw new Error(`no chat for market '${subject.market}'`);
      return chat;
    },
  };
}

/** The change from `from` to `to` in percent, one decimal: "+12.5%". */
export const changePercent = (from: number, to: number): string =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;

const noDataLine = (s: Subject, period?: Period) =>
  `There is no published value for ${s.name}${period ? ` ${period.label}` : ""}.`;

type Valued = { s: Subject; value: number };

/** Each subject's latest value as a line, with its source and value (none when it has none). */
async function latestLines(subjects: readonly Subject[], markets: ChatMarkets, scope: ChatScope) {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  const values: Valued[] = [];
  const points: ChatPoint[] = [];
  for (const s of subjects) {
    const chat = markets.of(s);
    const latest = await chat.latest(s, scope);
    if (!latest) {
      lines.push(noDataLine(s));
      continue;
    }
    lines.push(
      `${s.name}: ${chat.format(latest.point.value)} (settled ${latest.point.at}${noteOf(latest.point)}).`,
    );
    sources.push(latest.source);
    values.push({ s, value: latest.point.value });
    points.push(latest.point);
  }
  return { lines, sources, values, citations: citationsOf(points) };
}

/** What a market says with a value (its day or hour, basis and sources), after a "; ". */
const noteOf = (point: ChatPoint): string => (point.note ? `; ${point.note}` : "");

/** The citations the quoted values' sources require, each once, in order. */
function citationsOf(points: readonly ChatPoint[]): string[] {
  return [...new Set(points.flatMap((point) => point.citations ?? []))];
}

export async function latestAnswer(
  subjects: readonly Subject[],
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const { lines, sources, citations } = await latestLines(subjects, markets, scope);
  return { intent: "latest", answer: lines.join("\n"), sources, citations };
}

/** A subject's series, or the line that says why there is none (a refusal is the route's words). */
async function seriesOrLine(
  s: Subject,
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<{ points: ChatPoint[] } | { line: string }> {
  const series = await markets.of(s).series(s, period, scope);
  if (!series.ok)
    return series.error.code === "no_data" ? { points: [] } : { line: series.error.message };
  return { points: series.value };
}

export async function changeAnswer(
  subjects: readonly Subject[],
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) {
      lines.push(series.line);
      continue;
    }
    const { points } = series;
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last || points.length < 2) {
      lines.push(
        noDataLine(s, period).replace(
          "no published value",
          "not enough published data to measure a change",
        ),
      );
      continue;
    }
    const direction =
      last.value > first.value ? "rose" : last.value < first.value ? "fell" : "was unchanged";
    lines.push(
      `${s.name} ${direction} ${period.label}: from ${chat.format(first.value)} on ${first.at} to ${chat.format(last.value)} on ${last.at} (${changePercent(first.value, last.value)}).`,
    );
    sources.push(chat.seriesSource(s, period, [first, last]));
  }
  return { intent: "change", answer: lines.join("\n"), sources };
}

export async function extremeAnswer(
  subjects: readonly Subject[],
  period: Period,
  high: boolean,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) {
      lines.push(series.line);
      continue;
    }
    const { points } = series;
    if (points.length === 0) {
      lines.push(noDataLine(s, period));
      continue;
    }
    const best = points.reduce((a, b) =>
      high ? (b.value > a.value ? b : a) : b.value < a.value ? b : a,
    );
    lines.push(
      `${s.name}'s ${high ? "highest" : "lowest"} daily value ${period.label} was ${chat.format(best.value)} on ${best.at} (out of ${points.length} settled days).`,
    );
    sources.push(chat.seriesSource(s, period, [best]));
  }
  return { intent: "extreme", answer: lines.join("\n"), sources };
}

/** How the first two subjects' values compare, or why they cannot; nothing when either has none. */
function comparisonLine(
  a: Valued | undefined,
  b: Valued | undefined,
  markets: ChatMarkets,
  when = "",
): string | undefined {
  if (!a || !b) return undefined;
  if (a.s.market !== b.s.market) {
    // The units in market order, whichever subject was named first.
    const units = markets.list
      .filter((market) => market.name === a.s.market || market.name === b.s.market)
      .map((market) => market.chat.unit);
    return `These are in different units (${units.join(" and ")}), so they cannot be compared directly.`;
  }
  const lower = a.value <= b.value ? a : b;
  const higher = lower === a ? b : a;
  const share = ((higher.value - lower.value) / higher.value) * 100;
  const word = markets.of(a.s).lowerWord ?? "lower";
  return `${lower.s.name} is ${share.toFixed(1)}% ${word} than ${higher.s.name} (${(higher.value / lower.value).toFixed(2)}x)${when}.`;
}

export async function compareAnswer(
  subjects: readonly Subject[],
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const { lines, sources, values, citations } = await latestLines(subjects, markets, scope);
  const line =
    values.length === subjects.length ? comparisonLine(values[0], values[1], markets) : undefined;
  return {
    intent: "compare",
    answer: [...lines, ...(line ? [line] : [])].join("\n"),
    sources,
    citations,
  };
}

/**
 * A comparison over a named period: each subject's mean of its settled daily values in the
 * period (every settled day weighs the same), with the rows averaged as its source.
 */
export async function comparePeriodAnswer(
  subjects: readonly Subject[],
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  const means: Array<Valued | undefined> = [];
  for (const s of subjects) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) {
      // A refusal (a key or plan the period needs) is the whole answer, in the route's words.
      return { intent: "compare", answer: series.line, sources: [] };
    }
    const { points } = series;
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last) {
      lines.push(noDataLine(s, period));
      means.push(undefined);
      continue;
    }
    const mean = points.reduce((sum, p) => sum + p.value, 0) / points.length;
    means.push({ s, value: mean });
    lines.push(
      `${s.name}: ${chat.format(mean)} on average ${period.label} (the mean of ${points.length} settled daily ${points.length === 1 ? "value" : "values"}, ${first.at} to ${last.at}).`,
    );
    sources.push(chat.seriesSource(s, period, points));
  }
  const line = comparisonLine(means[0], means[1], markets, ` on average ${period.label}`);
  return { intent: "compare", answer: [...lines, ...(line ? [line] : [])].join("\n"), sources };
}

/** Values listed one per line per subject; the rest are counted (the route lists them all). */
const LISTED_VALUES = 31;

/**
 * "Show me the A100 price history for the last week": each subject's values over the period,
 * one line a value (the newest LISTED_VALUES when there are more), with their sources.
 */
export async function historyAnswer(
  subjects: readonly Subject[],
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) return { intent: "history", answer: series.line, sources: [] };
    const { points } = series;
    if (points.length === 0) {
      lines.push(noDataLine(s, period));
      continue;
    }
    const listed = points.slice(-LISTED_VALUES);
    lines.push(
      `${s.name} ${period.label}: ${points.length} published ${points.length === 1 ? "value" : "values"}${listed.length < points.length ? `, the newest ${listed.length} listed (${points.length - listed.length} earlier ones from the route)` : ""}:`,
      ...listed.map((point) => `${point.at}: ${chat.format(point.value)}`),
    );
    sources.push(chat.seriesSource(s, period, listed));
  }
  return { intent: "history", answer: lines.join("\n"), sources };
}

/**
 * "The cheapest GPU over the last month": the subjects ranked by the mean of their values over the
 * period named (those without a value in it are left out), each with its count and days.
 */
async function periodRankingAnswer(
  pool: readonly Subject[],
  high: boolean,
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const entries: Array<{ s: Subject; mean: number; line: string; source: ChatSource }> = [];
  for (const s of pool) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    // A refusal (a key or plan the period needs) is the whole answer, in the route's words.
    if ("line" in series) return { intent: "extreme", answer: series.line, sources: [] };
    const { points } = series;
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last) continue;
    const mean = points.reduce((sum, p) => sum + p.value, 0) / points.length;
    entries.push({
      s,
      mean,
      line: `${s.name}: ${chat.format(mean)} on average (${points.length} ${points.length === 1 ? "value" : "values"}, ${first.at} to ${last.at})`,
      source: chat.seriesSource(s, period, points),
    });
  }
  const ranked = entries.sort((x, y) => (high ? y.mean - x.mean : x.mean - y.mean));
  const top = ranked[0];
  if (!top)
    return {
      intent: "extreme",
      answer: `There are no published values ${period.label} to rank.`,
      sources: [],
    };
  return {
    intent: "extreme",
    answer: [
      `By the mean of the published values ${period.label}, the ${high ? "most expensive" : "cheapest"} is ${top.s.name} at ${markets.of(top.s).format(top.mean)}.`,
      ...ranked.map((e, i) => `${i + 1}. ${e.line}`),
    ].join("\n"),
    sources: ranked.map((e) => e.source),
  };
}

export async function rankingAnswer(
  pool: readonly Subject[],
  high: boolean,
  markets: ChatMarkets,
  scope: ChatScope,
  period?: Period,
): Promise<EngineAnswer> {
  if (period !== undefined) return periodRankingAnswer(pool, high, period, markets, scope);
  const entries: Array<{ s: Subject; value: number; at: string; source: ChatSource }> = [];
  for (const s of pool) {
    const latest = await markets.of(s).latest(s, scope);
    if (latest)
      entries.push({ s, value: latest.point.value, at: latest.point.at, source: latest.source });
  }
  const ranked = entries.sort((x, y) => (high ? y.value - x.value : x.value - y.value));
  const top = ranked[0];
  if (!top)
    return { intent: "extreme", answer: "There are no published values to rank.", sources: [] };
  const format = (e: (typeof ranked)[number]) => markets.of(e.s).format(e.value);
  // Each value with the day it settled: a ranking of latest values may mix days.
  const order = ranked
    .map((e, i) => `${i + 1}. ${e.s.name}: ${format(e)} (settled ${e.at})`)
    .join("\n");
  return {
    intent: "extreme",
    answer: `By the latest settled values, the ${high ? "most expensive" : "cheapest"} is ${top.s.name} at ${format(top)}.\n${order}`,
    sources: ranked.map((e) => e.source),
  };
}

/** "a, b and c" */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function freeTierAnswer(markets: readonly Market[]): EngineAnswer {
  const parts = markets.map((market) => market.chat.freeTier());
  const keyed = [
    ...parts.flatMap((part) => part.keyed),
    "older history",
    ...parts.flatMap((part) => part.keyedRoutes),
    "this chat",
  ].map((item) => `for ${item}`);
  return {
    intent: "free_tier",
    answer: [
      `Without an API key you can read ${parts.map((part) => part.keyless).join(", and ")}.`,
      `A key is needed ${listed(keyed)}.`,
    ].join("\n"),
    sources: parts.flatMap((part) => part.sources),
  };
}

/** The method of the markets the question is about (every market's when it names none), quoted from the domain. */
export function methodologyAnswer(
  subjects: readonly Subject[],
  domain: string | undefined,
  markets: readonly Market[],
  scope: ChatScope,
): EngineAnswer {
  const about = markets.filter(
    (market) => market.name === domain || subjects.some((s) => s.market === market.name),
  );
  const explained = about.length === 0 ? markets : about;
  return {
    intent: "methodology",
    answer: explained.map((market) => market.chat.methodology(scope)).join("\n"),
    sources: [],
  };
}

/** Each subject's value on one day (none when that day has no published value: never another day's). */
export async function onDayAnswer(
  subjects: readonly Subject[],
  day: string,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  const values: Valued[] = [];
  const quoted: ChatPoint[] = [];
  const period: Period = { startDate: day, endDate: day, label: `on ${day}` };
  for (const s of subjects) {
    const chat = markets.of(s);
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) return { intent: "on_day", answer: series.line, sources: [] };
    const point = series.points[0];
    if (point === undefined) {
      lines.push(noDataLine(s, period));
      continue;
    }
    const settled =
      point.at === day
        ? point.note
          ? ` (${point.note})`
          : ""
        : ` (settled ${point.at}${noteOf(point)})`;
    lines.push(`${s.name}: ${chat.format(point.value)} on ${day}${settled}.`);
    sources.push(chat.seriesSource(s, period, [point]));
    values.push({ s, value: point.value });
    quoted.push(point);
  }
  const line =
    values.length === subjects.length && subjects.length > 1
      ? comparisonLine(values[0], values[1], markets, ` on ${day}`)
      : undefined;
  return {
    intent: "on_day",
    answer: [...lines, ...(line ? [line] : [])].join("\n"),
    sources,
    citations: citationsOf(quoted),
  };
}

const MOVER_VERB = { up: "rose", down: "fell", either: "moved" } as const;

/**
 * Which subject moved most over the period, from each one's first and last settled value in it
 * (up: the largest rise, down: the largest fall, either: the largest move either way), with the
 * others ranked after it.
 */
export async function moverAnswer(
  pool: readonly Subject[],
  direction: "up" | "down" | "either",
  period: Period,
  markets: ChatMarkets,
  scope: ChatScope,
): Promise<EngineAnswer> {
  const moves: Array<{ s: Subject; first: ChatPoint; last: ChatPoint; change: number }> = [];
  for (const s of pool) {
    const series = await seriesOrLine(s, period, markets, scope);
    if ("line" in series) return { intent: "mover", answer: series.line, sources: [] };
    const first = series.points[0];
    const last = series.points.at(-1);
    if (!first || !last || series.points.length < 2) continue;
    moves.push({ s, first, last, change: (last.value - first.value) / first.value });
  }
  const score = (move: (typeof moves)[number]) =>
    direction === "up" ? move.change : direction === "down" ? -move.change : Math.abs(move.change);
  const ranked = moves.sort((a, b) => score(b) - score(a));
  const top = ranked[0];
  if (!top)
    return {
      intent: "mover",
      answer: `There is not enough published data ${period.label} to measure a change.`,
      sources: [],
    };
  const describe = (move: (typeof moves)[number]) => {
    const chat = markets.of(move.s);
    return `from ${chat.format(move.first.value)} on ${move.first.at} to ${chat.format(move.last.value)} on ${move.last.at} (${changePercent(move.first.value, move.last.value)})`;
  };
  const leader =
    direction !== "either" && score(top) <= 0
      ? `None ${MOVER_VERB[direction]} ${period.label}; the closest was ${top.s.name}, ${describe(top)}.`
      : `${top.s.name} ${MOVER_VERB[direction]} the most ${period.label}: ${describe(top)}.`;
  const order = ranked.map((move, i) => `${i + 1}. ${move.s.name}: ${describe(move)}`);
  return {
    intent: "mover",
    answer: [leader, ...order].join("\n"),
    sources: ranked.map((move) =>
      markets.of(move.s).seriesSource(move.s, period, [move.first, move.last]),
    ),
  };
}

/** "1,260 type-days", "1 day": a count with its unit. */
export function counted(count: number, [one, many]: readonly [string, string]): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** Where each market's data comes from, as its methodology route states it. */
export function provenanceAnswer(markets: readonly Market[], scope: ChatScope): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const market of markets) {
    const { dataSources } = scope.deps.markets.get(market.name).provenance();
    const about = market.chat.scope.charAt(0).toUpperCase() + market.chat.scope.slice(1);
    if (dataSources.sources.length === 0) lines.push(`${about}: no data is stored yet.`);
    for (const source of dataSources.sources) {
      const licence = source.licence
        ? `, licence ${source.licence.name} (${source.licence.url})`
        : "";
      // What the source holds: its records and days, when it has any (a sample may have none).
      const records = source.days > 0 ? counted(source.days, market.chat.recordUnit) : undefined;
      const span = source.firstDay === "" ? undefined : `${source.firstDay} to ${source.lastDay}`;
      const held = [records, span].filter((part) => part !== undefined).join(", ");
      lines.push(
        source.sample
          ? `${about}: the generated sample, not market data${held === "" ? "" : ` (${held})`}.`
          : `${about}: ${source.source}, ${records ?? "no records"}${span === undefined ? "" : ` from ${span}`}, as of ${source.latestAsOf ?? "unknown"}${licence}.${source.citation ? ` ${source.citation}` : ""}`,
      );
    }
    sources.push({
      endpoint: market.chat.methodologyRoute.path,
      parameters: {},
      values: dataSources.sources.map((source) => ({
        source: source.source,
        sample: source.sample,
        firstDay: source.firstDay,
        lastDay: source.lastDay,
        latestAsOf: source.latestAsOf,
        citation: source.citation,
      })),
    });
  }
  return { intent: "provenance", answer: lines.join("\n"), sources };
}

/**
 * What every answer ends with, for each market it is about: the sample notice while its data is
 * the generated sample, else the citations its sources' licences require.
 */
export function noticesOf(markets: readonly Market[], scope: ChatScope): string[] {
  const notices: string[] = [];
  for (const market of markets) {
    const { dataSources } = scope.deps.markets.get(market.name).provenance();
    const lines =
      dataSources.sample && dataSources.notice !== null
        ? [dataSources.notice]
        : dataSources.sources.flatMap((source) => (source.citation ? [source.citation] : []));
    for (const line of lines) if (!notices.includes(line)) notices.push(line);
  }
  return notices;
}
