import { expect } from "vitest";
import type { HttpResult } from "./test-api";

/**
 * What every case of a table must answer: the status, and where given the body (`body` compared
 * whole, `bodyMatching` by its listed fields, as toMatchObject does) and the named headers (null:
 * the header is absent).
 */
export type ExpectedAnswer = {
  status: number;
  headers?: Record<string, string | null>;
} & (
  | { body?: unknown; bodyMatching?: never }
  | { body?: never; bodyMatching: Record<string, unknown> }
);

/**
 * Asks `ask` each case in turn (a path, a query or whatever `ask` builds a request from) and
 * expects every answer to be `expected`. The answers are compared as one table keyed by case, so
 * the test fails when any case fails and the diff names each case that did.
 */
export async function expectEveryAnswer(
  ask: (requestCase: string) => Promise<HttpResult>,
  cases: readonly string[],
  expected: ExpectedAnswer,
): Promise<void> {
  expect(cases.length, "a table of cases needs at least one case").toBeGreaterThan(0);
  const headerNames = Object.keys(expected.headers ?? {});
  const comparesBody = expected.body !== undefined || expected.bodyMatching !== undefined;
  const answers: Record<string, unknown>[] = [];
  for (const requestCase of cases) {
    const res = await ask(requestCase);
    answers.push({
      case: requestCase,
      status: res.status,
      ...(comparesBody ? { body: res.body } : {}),
      ...(expected.headers
        ? { headers: Object.fromEntries(headerNames.map((name) => [name, res.headers.get(name)])) }
        : {}),
    });
  }
  const wanted = cases.map((requestCase) => ({
    case: requestCase,
    status: expected.status,
    ...(expected.body !== undefined ? { body: expected.body } : {}),
    ...(expected.bodyMatching !== undefined ? { body: expected.bodyMatching } : {}),
    ...(expected.headers ? { headers: expected.headers } : {}),
  }));
  if (expected.bodyMatching !== undefined) expect(answers).toMatchObject(wanted);
  else expect(answers).toEqual(wanted);
}
