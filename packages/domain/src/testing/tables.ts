import { expect } from "vitest";
import type { Result } from "../shared/result";

/**
 * A raw query and the message its refusal must carry: a string is the whole message, an
 * asymmetric matcher (`expect.stringContaining(...)`) a part of it.
 */
export type Refusal<Query> = readonly [query: Query, message: unknown];

/** What a parse said: its refusal's message, or what it accepted (a case that must fail). */
function outcome(result: Result<unknown, { message: string }>): unknown {
  return result.ok ? { accepted: result.value } : result.error.message;
}

/**
 * Parses every query and expects each to be refused with its message. The outcomes are compared
 * as one table keyed by query, so the test fails when any case fails and the diff names it.
 */
export function expectRefusals<Query>(
  parse: (query: Query) => Result<unknown, { message: string }>,
  cases: readonly Refusal<Query>[],
): void {
  expect(cases.length, "a table of refusals needs at least one case").toBeGreaterThan(0);
  expect(cases.map(([query]) => ({ query, message: outcome(parse(query)) }))).toEqual(
    cases.map(([query, message]) => ({ query, message })),
  );
}

/**
 * Applies `map` to every input named in `table` and expects the value beside it. Compared as one
 * table keyed by input, so the test fails when any case fails and the diff names it.
 */
export function expectMapping<Output>(
  map: (input: string) => Output,
  table: Readonly<Record<string, Output>>,
): void {
  const inputs = Object.keys(table);
  expect(inputs.length, "a table of cases needs at least one case").toBeGreaterThan(0);
  expect(Object.fromEntries(inputs.map((input) => [input, map(input)]))).toEqual(table);
}
