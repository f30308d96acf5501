import { describe, expect, it } from "vitest";
import { err, ok, type Result } from "../shared/result";
import { expectMapping, expectRefusals } from "./tables";

/** A parse that refuses every word but "yes", naming it. */
const parse = (word: string): Result<string, { message: string }> =>
  word === "yes" ? ok(word) : err({ message: `Invalid word '${word}'.` });

describe("expectRefusals", () => {
  it("passes when every query is refused with its message, whole or in part", () => {
    expectRefusals(parse, [
      ["no", "Invalid word 'no'."],
      ["maybe", expect.stringContaining("'maybe'")],
    ]);
  });

  it("fails when one case of several is accepted or refused in other words", () => {
    expect(() =>
      expectRefusals(parse, [
        ["no", "Invalid word 'no'."],
        ["yes", "Invalid word 'yes'."],
      ]),
    ).toThrow();
    expect(() =>
      expectRefusals(parse, [
        ["no", "Invalid word 'no'."],
        ["maybe", "Invalid word."],
      ]),
    ).toThrow();
  });

  it("fails on an empty table, which would test nothing", () => {
    expect(() => expectRefusals(parse, [])).toThrow();
  });
});

describe("expectMapping", () => {
  const agent = (app: string) => (app === "Cursor" ? "cursor" : null);

  it("passes when every input maps to the value beside it", () => {
    expectMapping(agent, { Cursor: "cursor", Cline: null });
  });

  it("fails when one input of several maps elsewhere, and on an empty table", () => {
    expect(() => expectMapping(agent, { Cursor: "cursor", Cline: "cline" })).toThrow();
    expect(() => expectMapping(agent, {})).toThrow();
  });
});
