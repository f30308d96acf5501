import type { DomainError, Result } from "@tpi/domain";
import {
  sourceRowOf,
  type ChatPoint,
  type ChatScope,
  type ChatSource,
  type Period,
  type Question,
} from "../core/chat";
import type { Route, TypedRoute } from "../core/route";
import { runRoute, type RouteInput } from "../http/run-route";
import { PATTERNS } from "./intent";
import type { AnswerDataSources } from "../provenance/data-sources";

/**
 * What a market's chat is written with. Its numbers come from its own REST routes, asked as the
 * chat's caller, so every value and every refusal is the one REST serves that caller; an answer
 * lists the calls it used (`sources`) and ends with the lines their data sources require.
 */

export {
  sourceRowOf,
  type ChatMarket,
  type ChatPoint,
  type ChatScope,
  type ChatSource,
  type EngineAnswer,
  type MarketIntent,
  type Period,
  type Question,
  type Subject,
  type SubjectKind,
} from "../core/chat";
export { changePercent, counted, listed } from "./answers";

/** A percent change as answers write it: "+1.25%", "-0.40%", "n/a" when there is none. */
export const signedPercent = (value: number | null): string =>
  value === null ? "n/a" : `${value >= 0 ? "+" : ""}${value.toFixed(2)}%`;

/** Text as a literal inside a regular expression. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether the question names a subject of `market`, or uses that market's words and names none. */
export function isAbout(question: Question, market: string): boolean {
  return (
    question.subjects.some((subject) => subject.market === market) ||
    (question.domain === market && question.subjects.length === 0)
  );
}

/** The ids of the subjects of `market` the question names. */
export function namedIds(question: Question, market: string): string[] {
  return question.subjects.filter((s) => s.market === market).map((s) => s.id);
}

/**
 * The day or days a question asks about as a period: the day it names, the period it names;
 * none when it asks for the latest data.
 */
export function askedPeriod(question: Question): Period | undefined {
  const { when } = question;
  if (when.kind === "day") return { startDate: when.day, endDate: when.day, label: when.label };
  if (when.kind === "period") return when.period;
  return undefined;
}

/** The route's answer to the chat's caller. */
export function askRoute<Answer>(
  route: TypedRoute<Answer>,
  input: RouteInput,
  scope: ChatScope,
): Promise<Result<Answer, DomainError>> {
  return runRoute(route, input, scope.caller, scope.deps);
}

/** The call that returned `rows`: the route's path, the parameters sent, the rows as it wrote them. */
export function sourceOf(
  route: Pick<Route, "path">,
  parameters: Readonly<Record<string, string>>,
  rows: readonly object[],
): ChatSource {
  return { endpoint: route.path, parameters: { ...parameters }, values: rows.map(sourceRowOf) };
}

/**
 * The call that returns a subject's series over `period` (a market's `seriesSource`): the route
 * with the subject's parameters and the period's days, and the rows an answer used.
 */
export function seriesSourceOf(
  route: Pick<Route, "path">,
  parameters: Readonly<Record<string, string>>,
  period: Period,
  points: readonly ChatPoint[],
): ChatSource {
  return sourceOf(
    route,
    { ...parameters, startDate: period.startDate, endDate: period.endDate },
    points.map((point) => point.row),
  );
}

/**
 * The lines an answer's data sources require: the sample notice while they are the generated
 * sample, otherwise each source's citation.
 */
export function citationsOf(dataSources: AnswerDataSources): string[] {
  if (dataSources.sample && dataSources.notice !== null) return [dataSources.notice];
  return dataSources.sources.flatMap((source) =>
    source.citation === null ? [] : [source.citation],
  );
}

/**
 * Which end a "cheapest" or "most expensive" question asks for: `high` for the most expensive;
 * undefined when it asks for no ranking.
 */
export function rankingAsked(question: Question): { high: boolean } | undefined {
  if (!PATTERNS.ranking.test(question.lower)) return undefined;
  return { high: PATTERNS.wantsHigh.test(question.lower) };
}

/** Whether a question asks how values moved or what they were over time ("gone up", "history"). */
export function asksOverTime(question: Question): boolean {
  return PATTERNS.change.test(question.lower) || PATTERNS.history.test(question.lower);
}
