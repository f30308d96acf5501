import { expect } from "vitest";
import type { HttpResult } from "./test-api";

/**
 * What an answer must be: the status, and where given the body (`body` compared whole,
 * `bodyMatching` by its listed fields, as toMatchObject does) and the named headers (null: the
 * header is absent).
 */
export type ExpectedAnswer = {
  status: number;
  headers?: Record<string, string | null>;
} & (
  | { body?: unknown; bodyMatching?: never }
  | { body?: never; bodyMatching: Record<string, unknown> }
);

/** The parts of an answer that `expected` names, in the shape `wanted` builds. */
function observed(res: HttpResult, expected: ExpectedAnswer): Record<string, unknown> {
  const comparesBody = expected.body !== undefined || expected.bodyMatching !== undefined;
  const headerNames = Object.keys(expected.headers ?? {});
  return {
    status: res.status,
    ...(comparesBody ? { body: res.body } : {}),
    ...(expected.headers
      ? { headers: Object.fromEntries(headerNames.map((name) => [name, res.headers.get(name)])) }
      : {}),
  };
}

function wanted(expected: ExpectedAnswer): Record<string, unknown> {
  return {
    status: expected.status,
    ...(expected.body !== undefined ? { body: expected.body } : {}),
    ...(expected.bodyMatching !== undefined ? { body: expected.bodyMatching } : {}),
    ...(expected.headers ? { headers: expected.headers } : {}),
  };
}

function compare(actual: unknown, byListedFields: boolean, want: object): void {
  if (byListedFields) expect(actual).toMatchObject(want);
  else expect(actual).toEqual(want);
}

/**
 * Expects one answer to be `expected`, status and body compared together (a wrong status shows
 * the body that came with it), and returns it for the test's further checks.
 */
export async function expectAnswer(
  answer: Promise<HttpResult>,
  expected: ExpectedAnswer,
): Promise<HttpResult> {
  const res = await answer;
  compare(observed(res, expected), expected.bodyMatching !== undefined, wanted(expected));
  return res;
}

/** Expects a 200 answer in the success envelope, `{ success: true, ...fields }`, compared whole. */
export function expectSuccess(
  answer: Promise<HttpResult>,
  fields: Record<string, unknown>,
): Promise<HttpResult> {
  return expectAnswer(answer, { status: 200, body: { success: true, ...fields } });
}

/** The answer a request the route refuses as bad input gets: 400 with the route's message. */
export function badRequest(message: unknown): ExpectedAnswer {
  return { status: 400, body: { error: "Bad request", message } };
}

/**
 * Asks `ask` each case in turn (a path, a query or whatever `ask` builds a request from) and
 * expects each answer to be the one beside it. The answers are compared as one table keyed by
 * case, so the test fails when any case fails and the diff names each case that did. A table
 * compares its bodies one way: all whole, or all by their listed fields.
 */
export async function expectAnswers<Case extends string>(
  ask: (requestCase: Case) => Promise<HttpResult>,
  cases: readonly (readonly [requestCase: Case, expected: ExpectedAnswer])[],
): Promise<void> {
  expect(cases.length, "a table of cases needs at least one case").toBeGreaterThan(0);
  const matching = cases.filter(([, expected]) => expected.bodyMatching !== undefined).length;
  if (matching !== 0 && matching !== cases.length)
    throw new Error("a table compares every body whole or every body by its listed fields");
  const answers: Record<string, unknown>[] = [];
  for (const [requestCase, expected] of cases)
    answers.push({ case: requestCase, ...observed(await ask(requestCase), expected) });
  const want = cases.map(([requestCase, expected]) => ({ case: requestCase, ...wanted(expected) }));
  compare(answers, matching > 0, want);
}

/** `expectAnswers` where every case must get the same answer. */
export function expectEveryAnswer<Case extends string>(
  ask: (requestCase: Case) => Promise<HttpResult>,
  cases: readonly Case[],
  expected: ExpectedAnswer,
): Promise<void> {
  return expectAnswers(
    ask,
    cases.map((requestCase) => [requestCase, expected] as const),
  );
}
