import type { DomainError, Result } from "@tpi/domain";
import {
  sourceRowOf,
  type ChatPoint,
  type ChatScope,
  type ChatSource,
  type Period,
} from "../core/chat";
import type { Route, TypedRoute } from "../core/route";
import { runRoute, type RouteInput } from "../http/run-route";
import type { AnswerDataSources } from "../provenance/data-sources";

/**
 * What a market's chat is written with. Its numbers come from its own REST routes, asked as the
 * chat's caller, so every value and every refusal is the one REST serves that caller; an answer
 * lists the calls it used (`sources`) and ends with the lines their data sources require.
 */

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
