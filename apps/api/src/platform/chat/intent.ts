import type { Market } from "../core/market";
import type { ChatMarket, Question, Subject, When, ChatTurn } from "../core/chat";

/**
 * Reading a question deterministically from its words before any data is touched: the subjects
 * it names (every market's), or an earlier turn named; the market its words are about; the day
 * or period it asks about (`when.ts`); and the kind of answer wanted, in a fixed order:
 * methodology, data provenance, free tier, the markets' own questions (in market order), the
 * biggest mover, a value on one day, highs and lows (ranking first), change, a period's values,
 * comparison, latest value, and anything else is out of scope.
 */

/** What the engine answers itself; markets add their own intents. */
export type CommonIntent =
  | { kind: "methodology" }
  /** Where the data comes from: sample or real, sources, citations, licences. */
  | { kind: "provenance" }
  | { kind: "free_tier" }
  /** Which of `pool` moved most over a period: up, down, or either way. */
  | { kind: "mover"; pool: Subject[]; direction: "up" | "down" | "either" }
  /** Values on the one day the question names. */
  | { kind: "on_day"; subjects: readonly Subject[] }
  /** Latest values of `pool`, most expensive first when `high`, cheapest first otherwise. */
  | { kind: "ranking"; pool: Subject[]; high: boolean }
  | { kind: "extreme"; subjects: readonly Subject[]; high: boolean }
  | { kind: "change"; subjects: readonly Subject[] }
  /** Each value of a period, one per line ("the A100 price history for the last week"). */
  | { kind: "history"; subjects: readonly Subject[] }
  /** Latest values, or with `named` (a period the question names) each subject's mean over it. */
  | { kind: "compare"; subjects: readonly Subject[]; named: boolean }
  | { kind: "latest"; subjects: readonly Subject[] }
  | { kind: "market"; market: ChatMarket; intent: number }
  | { kind: "out_of_scope" };

/**
 * Questions about the method, however phrased: the words themselves ("methodology",
 * "winsorizing", "formula"); "how"/"explain"/"describe" with a verb of computing and something
 * of ours to compute (an index, a price, "it"); "explain the index"; "what is" and an index's own
 * name ("what is the OTPI", each market's `indexNames`). A computing verb alone is not enough
 * ("how do you compute pi?" stays out of scope), and a question about a move or a comparison, or
 * "explain why...", asks about values, not the method. "Construction" is a site's status ("sites
 * under construction"), not how a value is constructed.
 */
const METHOD_WORD = /methodolog|winsori|\bformula\b/;
/**
 * When and how often values are made, and what a term means ("how often is the LLM coding data
 * updated", "when does the memory index settle", "what does provisional mean"): the method's.
 */
const SCHEDULE_ASK =
  /\bhow often\b|\bwhen (?:does|do|is|are)\b[^?]*\b(?:settl|publish|updat|refresh|sync)\w*|\bwhat (?:does|do)\b[^?]*\bmean\b/;
const METHOD_ASK =
  /\b(?:how|explain|describe|walk me through|what goes into)\b(?![^?]*\bwhy\b)[^?]*\b(?:calculat|comput|settl|derived?|weight|construct(?!ion)|determin|blend|made|built)\w*/;
const METHOD_OBJECT_WORDS =
  "index|indices|indexes|prices?|values?|it|they|numbers?|figures?|prints?|daily values?";
const EXPLAIN_OBJECT_WORDS = "index|indices|indexes|method";

/** The method questions' patterns that name things of ours, with the markets' index names. */
function methodPatterns(markets: readonly Market[]) {
  const names = markets.flatMap((market) =>
    market.chat.indexNames === undefined ? [] : [`(?:${market.chat.indexNames.source})`],
  );
  const withNames = (words: string) => [words, ...names].join("|");
  return {
    object: new RegExp(`\\b(?:${withNames(METHOD_OBJECT_WORDS)})\\b`),
    explainIndex: new RegExp(
      `\\b(?:explain|describe)\\b(?![^?]*\\bwhy\\b)[^?]*\\b(?:${withNames(EXPLAIN_OBJECT_WORDS)})\\b`,
    ),
    whatIsIndex:
      names.length === 0 ? undefined : new RegExp(`what is (?:the )?(?:${names.join("|")})\\b`),
  };
}

/**
 * Questions about where the numbers come from, not what they are ("is the memory data real?",
 * "real or a sample?"); "sample" only as the data's nature, never in a name ("Sample Neocloud B").
 */
const PROVENANCE =
  /\b(?:(?:a|the|is it|is this|or) sample|sample (?:data|or)|real data|real or|(?:data|numbers?|prices?|values?|figures?) (?:is |are )?(?:real|genuine|made up|fake)|market data|generated|provenance|citation|cite|licen[cs]e|where (?:does|do|is|are) (?:the|this|your)? ?(?:[\w-]+ ){0,3}?(?:data|numbers?|prices?|values?) comes? from|(?:data )?sources?)\b/;
/** "Which GPU rose the most", "biggest mover", "got more expensive". */
const MOVER_UP =
  /\b(?:rose|risen|rise|increased?|gained?|climbed?|went up|grew)\b[^?]*\b(?:most|fastest|biggest|largest)\b|\b(?:biggest|largest|top)\s+(?:gain|gainer|rise|increase|jump)s?\b|\bgot (?:more expensive|pricier|dearer)\b|\bbecame more expensive\b/;
const MOVER_DOWN =
  /\b(?:fell|fallen|fall|dropped|drop|decreased?|declined?|lost|went down|sank)\b[^?]*\b(?:most|fastest|biggest|largest)\b|\b(?:biggest|largest|top)\s+(?:loss|loser|fall|drop|decline|decrease)s?\b|\bgot (?:cheaper|less expensive)\b|\bbecame cheaper\b/;
const MOVER_EITHER =
  /\b(?:biggest|largest|top)\s+movers?\b|\bmoved (?:the )?most\b|\bchanged (?:the )?most\b/;
const WHICH = /\b(?:which|what|who)\b/;

export const PATTERNS = {
  freeTier: /\bfree\b|without (?:an? )?(?:api )?key|no (?:api )?key|public tier/,
  extreme:
    /\b(?:highest|lowest|peak|maximum|minimum|max|min|high|low|cheapest|most expensive|priciest|least expensive)\b/,
  ranking: /\b(?:cheapest|most expensive|priciest|least expensive)\b/,
  wantsHigh: /\b(?:highest|peak|maximum|max|high|most expensive|priciest)\b/,
  change:
    /\b(?:change[sd]?|changing|move[sd]?|rise|rose|risen|fall|fell|fallen|drop(?:ped)?|increase[sd]?|decrease[sd]?|trend(?:s|ed|ing)?|gain(?:ed)?|lost|declin\w*|went (?:up|down)|go(?:ne|es)? (?:up|down))\b/,
  compare: /\b(?:compare[sd]?|comparison|versus|vs\.?|cheaper|more expensive|difference between)\b/,
  history:
    /\b(?:history|historical|daily (?:values|prices)|day[- ]by[- ]day|each day's|every day's)\b/,
  latest: /\b(?:price|prices|index|value|cost|latest|current|today|now|how much)\b/,
};

function asksForMethod(
  lower: string,
  subjects: readonly Subject[],
  domain: string | undefined,
  markets: readonly Market[],
): boolean {
  const method = methodPatterns(markets);
  if (METHOD_WORD.test(lower) || method.whatIsIndex?.test(lower)) return true;
  if (SCHEDULE_ASK.test(lower) && (subjects.length > 0 || domain !== undefined)) return true;
  // "How did the settled price change?" and "explain the H100 vs B200 gap" ask about values.
  if (PATTERNS.change.test(lower) || PATTERNS.compare.test(lower)) return false;
  if (METHOD_ASK.test(lower) && (method.object.test(lower) || subjects.length > 0)) return true;
  return method.explainIndex.test(lower);
}

/** Subjects named in `text`, in the order they are mentioned, each once. */
export function findSubjects(text: string, markets: readonly Market[]): Subject[] {
  const lower = text.toLowerCase();
  const found: Array<{ position: number; end: number; subject: Subject }> = [];
  const seen = new Set<string>();
  for (const market of markets)
    for (const { subject, pattern } of market.chat.subjects) {
      const key = `${subject.market}\n${subject.id}`;
      // Without the global flag, `exec` keeps no state between questions.
      const match = (
        pattern.global ? new RegExp(pattern.source, pattern.flags.replace("g", "")) : pattern
      ).exec(lower);
      if (match === null || seen.has(key)) continue;
      seen.add(key);
      found.push({ position: match.index, end: match.index + match[0].length, subject });
    }
  // A name inside a longer one is not a subject of its own: "Claude Code" is the coding agent,
  // not also the lab "Claude".
  const inside = (a: (typeof found)[number], b: (typeof found)[number]) =>
    b !== a &&
    b.position <= a.position &&
    a.end <= b.end &&
    b.end - b.position > a.end - a.position;
  return found
    .filter((entry) => !found.some((other) => inside(entry, other)))
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.subject);
}

/**
 * The text with every subject's name blanked out: GPU names carry numbers ("H100", "RTX 5090")
 * that a date reader would otherwise take for days or years.
 */
export function withoutSubjects(text: string, markets: readonly Market[]): string {
  let lower = text.toLowerCase();
  for (const market of markets)
    for (const { pattern } of market.chat.subjects) {
      const global = new RegExp(
        pattern.source,
        pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
      );
      lower = lower.replace(global, (match) => " ".repeat(match.length));
    }
  return lower;
}

/**
 * The market whose words come first in the question, if any; of words at the same place, the
 * longer ("LLM coding" is the coding market's, though "LLM" alone is the token market's).
 */
function domainOf(lower: string, markets: readonly Market[]): string | undefined {
  let best: { market: string; position: number; length: number } | undefined;
  for (const market of markets) {
    const match = market.chat.domainWords.exec(lower);
    if (match === null) continue;
    const { index: position } = match;
    const { length } = match[0];
    if (
      best === undefined ||
      position < best.position ||
      (position === best.position && length > best.length)
    )
      best = { market: market.name, position, length };
  }
  return best?.market;
}

/** The question's words, subjects, market and time; `history` supplies the subjects of a follow-up that names none. */
export function readQuestion(
  message: string,
  history: readonly ChatTurn[],
  now: Date,
  markets: readonly Market[],
  when: When,
): Question {
  const lower = message.toLowerCase();
  let subjects = findSubjects(message, markets);
  if (subjects.length === 0 && !PATTERNS.freeTier.test(lower)) {
    const earlier = [...history]
      .reverse()
      .find((turn) => turn.role === "user" && findSubjects(turn.content, markets).length > 0);
    if (earlier) subjects = findSubjects(earlier.content, markets);
  }
  return { message, lower, now, subjects, domain: domainOf(lower, markets), when };
}

/**
 * Every subject of the question's market (a ranking or "latest prices" over all of them), only
 * those of the category it names when it names one ("which flash chip").
 */
function allOfDomain(question: Question, markets: readonly Market[]): Subject[] {
  const market = markets.find((candidate) => candidate.name === question.domain);
  if (market === undefined) return [];
  const all = market.chat.subjects.map(({ subject }) => subject);
  const group = market.chat.groups?.find(({ pattern }) => pattern.test(question.lower))?.group;
  return group === undefined ? all : all.filter((subject) => subject.group === group);
}

/** Which way a "which … the most" question asks about, if it asks one. */
function moverDirection(lower: string): "up" | "down" | "either" | undefined {
  if (MOVER_UP.test(lower)) return "up";
  if (MOVER_DOWN.test(lower)) return "down";
  if (MOVER_EITHER.test(lower)) return "either";
  return undefined;
}

/** What the question asks, in the fixed order above. */
export function intentOf(question: Question, markets: readonly Market[]): CommonIntent {
  const { lower, subjects, domain, when } = question;
  const namesPeriod = when.kind === "period";
  if (asksForMethod(lower, subjects, domain, markets)) return { kind: "methodology" };
  if (PROVENANCE.test(lower) && !PATTERNS.freeTier.test(lower)) return { kind: "provenance" };
  if (PATTERNS.freeTier.test(lower)) return { kind: "free_tier" };
  for (const market of markets) {
    const intent = market.chat.intents.findIndex((candidate) => candidate.asks(question));
    if (intent >= 0) return { kind: "market", market: market.chat, intent };
  }
  const direction = moverDirection(lower);
  if (direction !== undefined && (WHICH.test(lower) || subjects.length !== 1)) {
    const pool = subjects.length > 1 ? [...subjects] : allOfDomain(question, markets);
    if (pool.length > 0) return { kind: "mover", pool, direction };
  }
  if (when.kind === "day") {
    const onDay = subjects.length > 0 ? subjects : allOfDomain(question, markets);
    if (onDay.length > 0) return { kind: "on_day", subjects: onDay };
  }
  const high = PATTERNS.wantsHigh.test(lower);
  if (PATTERNS.extreme.test(lower)) {
    // "Which GPU has the lowest price" asks for a ranking too, as "the cheapest GPU" does.
    const whichEnd = WHICH.test(lower) && /\b(?:lowest|highest)\b/.test(lower);
    if ((PATTERNS.ranking.test(lower) || whichEnd) && subjects.length !== 1) {
      const pool = subjects.length > 1 ? [...subjects] : allOfDomain(question, markets);
      if (pool.length > 0) return { kind: "ranking", pool, high };
    }
    if (subjects.length > 0) return { kind: "extreme", subjects, high };
  }
  if (PATTERNS.change.test(lower) && subjects.length > 0) return { kind: "change", subjects };
  if (PATTERNS.history.test(lower) && subjects.length > 0) return { kind: "history", subjects };
  if (subjects.length > 1 || (PATTERNS.compare.test(lower) && subjects.length > 0))
    return { kind: "compare", subjects, named: namesPeriod };
  // A value asked for a named period ("Anthropic in March 2026") is its mean over that period,
  // never the latest value, which would answer another question.
  if (subjects.length > 0)
    return namesPeriod ? { kind: "compare", subjects, named: true } : { kind: "latest", subjects };
  // "How did NAND flash prices change in November?": the change of each subject of the market
  // (of the category it names), not their means over the period.
  if (domain !== undefined && PATTERNS.change.test(lower)) {
    const all = allOfDomain(question, markets);
    if (all.length > 0) return { kind: "change", subjects: all };
  }
  if (domain !== undefined && (PATTERNS.latest.test(lower) || PATTERNS.compare.test(lower))) {
    const all = allOfDomain(question, markets);
    return namesPeriod
      ? { kind: "compare", subjects: all, named: true }
      : { kind: "latest", subjects: all };
  }
  return { kind: "out_of_scope" };
}
