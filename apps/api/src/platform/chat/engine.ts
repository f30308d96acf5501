import type { Market } from "../core/market";
import {
  changeAnswer,
  chatMarkets,
  compareAnswer,
  comparePeriodAnswer,
  extremeAnswer,
  freeTierAnswer,
  historyAnswer,
  latestAnswer,
  listed,
  methodologyAnswer,
  moverAnswer,
  noticesOf,
  onDayAnswer,
  outOfScopeAnswer,
  provenanceAnswer,
  rankingAnswer,
} from "./answers";
import { intentOf, readQuestion, withoutSubjects, type CommonIntent } from "./intent";
import { utcDayOf, type UtcDay } from "@tpi/domain";
import type { ChatTurn, ChatScope, EngineAnswer, Question, When } from "../core/chat";
import { defaultPeriod } from "./period";
import { readWhen } from "./when";

/**
 * The built-in chat engine: deterministic reading of questions about our own data (`when.ts`,
 * `intent.ts`), answered from the markets' routes for this caller (`market-chat.ts`) in plain
 * sentences (`answers.ts`). Every number in an answer comes from a row listed in its sources,
 * every answer states the day or period it used, and ends with the data notice of the markets
 * it is about (the sample notice, or the sources' citations).
 */
export type ChatAnswer = EngineAnswer & { notices: string[] };

export async function answerQuestion(
  message: string,
  history: readonly ChatTurn[],
  markets: readonly Market[],
  scope: ChatScope,
): Promise<ChatAnswer> {
  const asked = readWhen(withoutSubjects(message, markets), scope.now);
  // A date that is no date is refused in the API's words, never read as "the latest".
  if (asked.kind === "invalid")
    return { intent: "invalid_date", answer: asked.message, sources: [], notices: [] };
  // A day to come ("next week", "tomorrow") has no value: said so, then the latest answers.
  const future = futureDayAsked(asked, utcDayOf(scope.now));
  const when: When = future === undefined ? asked : { kind: "latest" };
  const question = readQuestion(message, history, scope.now, markets, when);
  const intent = intentOf(question, markets);
  const unknown = ANSWERS_ABOUT_DATA.has(intent.kind)
    ? await unknownSubjectAnswer(question, markets, scope)
    : undefined;
  if (unknown !== undefined) {
    const notices = noticesOf([unknown.market], scope);
    return {
      ...unknown.answer,
      answer: [unknown.answer.answer, ...notices].join("\n"),
      notices,
    };
  }
  const answer = await answerIntent(intent, question, markets, scope);
  if (answer.intent === "out_of_scope") return { ...answer, notices: [] };
  // The market's notices, then any citation a quoted value's own sources require beyond them.
  const { citations = [], ...rest } = answer;
  const notices = [
    ...new Set([...noticesOf(aboutMarkets(intent, question, markets), scope), ...citations]),
  ];
  const currency = otherCurrencyAsked(question.lower);
  const inUsd = currency !== undefined && /\$|\bUSD\b|\bcents\b/.test(answer.answer);
  return {
    ...rest,
    answer: [
      ...(future === undefined || !ANSWERS_ABOUT_DATA.has(intent.kind)
        ? []
        : [
            `${future} has not come yet: the data holds published values, never forecasts. The latest instead:`,
          ]),
      ...(inUsd
        ? [
            `These prices are in US dollars: the index is published in USD only, never converted to ${currency}.`,
          ]
        : []),
      answer.answer,
      ...notices,
    ].join("\n"),
    notices,
  };
}

/** The first day asked when it is after today (a day, or a period that starts later). */
function futureDayAsked(when: When, today: UtcDay): UtcDay | undefined {
  const first =
    when.kind === "day" ? when.day : when.kind === "period" ? when.period.startDate : undefined;
  return first !== undefined && first > today ? first : undefined;
}

/**
 * Currencies a question may ask prices in, as the answer names them: by their words first, then
 * by their symbols (¥ is both yen and yuan: "¥ (yuan)" is yuan).
 */
const OTHER_CURRENCIES: ReadonlyArray<{ name: string; words: RegExp; symbol?: string }> = [
  { name: "euros", words: /\beuros?\b|\beur\b/, symbol: "€" },
  {
    name: "pounds sterling",
    words: /\bpounds? sterling\b|\bgbp\b|\bbritish pounds?\b|\bin pounds\b/,
    symbol: "£",
  },
  { name: "yen", words: /\byen\b|\bjpy\b/, symbol: "¥" },
  { name: "yuan", words: /\byuan\b|\brenminbi\b|\brmb\b|\bcny\b/ },
  { name: "rupees", words: /\brupees?\b|\binr\b/, symbol: "₹" },
  { name: "Swiss francs", words: /\bswiss francs?\b|\bchf\b/ },
  { name: "Canadian dollars", words: /\bcanadian dollars?\b|\bcad\b/ },
  { name: "Australian dollars", words: /\baustralian dollars?\b|\baud\b/ },
];

/** The currency other than USD a question asks prices in ("in euros", "in GBP"), if any. */
function otherCurrencyAsked(lower: string): string | undefined {
  return (
    OTHER_CURRENCIES.find((currency) => currency.words.test(lower)) ??
    OTHER_CURRENCIES.find(
      (currency) => currency.symbol !== undefined && lower.includes(currency.symbol),
    )
  )?.name;
}

/** Intents whose answers quote data: a subject they name that the data lacks is said so first. */
const ANSWERS_ABOUT_DATA = new Set<CommonIntent["kind"]>([
  "market",
  "mover",
  "on_day",
  "ranking",
  "extreme",
  "change",
  "history",
  "compare",
  "latest",
  "out_of_scope",
]);

/**
 * The first market kind (`SubjectKind`) with names the question asks for that its data does not
 * have, said as such with the names it has: never answered with every other subject instead.
 */
async function unknownSubjectAnswer(
  question: Question,
  markets: readonly Market[],
  scope: ChatScope,
): Promise<{ market: Market; answer: EngineAnswer } | undefined> {
  for (const market of markets)
    for (const kind of market.chat.kinds ?? []) {
      const { names, known } = await kind.unknown(question, scope);
      if (names.length === 0) continue;
      const lines = names.map((name) => `${name} is not a ${kind.noun} in ${kind.data}.`);
      if (known.length > 0) lines.push(`Known ${kind.noun} names: ${listed(known)}.`);
      return {
        market,
        answer: { intent: "unknown_subject", answer: lines.join(" "), sources: [] },
      };
    }
  return undefined;
}

async function answerIntent(
  intent: CommonIntent,
  question: Question,
  markets: readonly Market[],
  scope: ChatScope,
): Promise<EngineAnswer> {
  const byMarket = chatMarkets(markets);
  const { when } = question;
  const period = when.kind === "period" ? when.period : defaultPeriod(scope.now);
  switch (intent.kind) {
    case "methodology":
      return methodologyAnswer(question.subjects, question.domain, markets, scope);
    case "provenance":
      return provenanceAnswer(aboutMarkets(intent, question, markets), scope);
    case "free_tier":
      return freeTierAnswer(markets);
    case "market": {
      const handler = intent.market.intents[intent.intent];
      if (handler === undefined) throw new Error("a market intent vanished");
      return handler.answer(question, scope);
    }
    case "mover":
      return moverAnswer(intent.pool, intent.direction, period, byMarket, scope);
    case "on_day":
      return when.kind === "day"
        ? onDayAnswer(intent.subjects, when.day, byMarket, scope)
        : latestAnswer(intent.subjects, byMarket, scope);
    case "ranking":
      return rankingAnswer(
        intent.pool,
        intent.high,
        byMarket,
        scope,
        when.kind === "period" ? when.period : undefined,
      );
    case "extreme":
      return extremeAnswer(intent.subjects, period, intent.high, byMarket, scope);
    case "change":
      return changeAnswer(intent.subjects, period, byMarket, scope);
    case "history":
      return historyAnswer(intent.subjects, period, byMarket, scope);
    case "compare":
      return when.kind === "period"
        ? comparePeriodAnswer(intent.subjects, when.period, byMarket, scope)
        : compareAnswer(intent.subjects, byMarket, scope);
    case "latest":
      return latestAnswer(intent.subjects, byMarket, scope);
    case "out_of_scope":
      return outOfScopeAnswer(markets);
  }
}

/** The markets an answer is about: those of its subjects, of its words, of its own intent; all when none. */
function aboutMarkets(
  intent: CommonIntent,
  question: Question,
  markets: readonly Market[],
): readonly Market[] {
  // A market's own intent answers from that market alone: a subject another market also knows
  // (the H100 in "how many H100s are in sites in Texas") must not add that market's notices.
  if (intent.kind === "market") {
    const owner = markets.find((market) => market.chat === intent.market);
    if (owner) return [owner];
  }
  const names = new Set(question.subjects.map((subject) => subject.market));
  if (question.domain !== undefined) names.add(question.domain);
  if (intent.kind === "ranking" || intent.kind === "mover")
    for (const subject of intent.pool) names.add(subject.market);
  const about = markets.filter((market) => names.has(market.name));
  return about.length > 0 ? about : markets;
}
