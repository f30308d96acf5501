import { describe, expect, it } from "vitest";
import { parseWorkloadQuery } from "./query";

const message = (result: { ok: boolean; error?: { message: string } }) =>
  result.ok ? undefined : result.error?.message;

describe("parseWorkloadQuery", () => {
  it("accepts no parameters and every filter", () => {
    expect(parseWorkloadQuery({})).toEqual({ ok: true, value: {} });
    expect(
      parseWorkloadQuery({
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        lab: "anthropic",
        family: "claude-sonnet",
      }),
    ).toEqual({
      ok: true,
      value: {
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        lab: "anthropic",
        family: "claude-sonnet",
      },
    });
    expect(parseWorkloadQuery({ family: "all" })).toEqual({ ok: true, value: { family: "all" } });
  });

  it("refuses an unknown lab, a malformed family, bad or reversed days", () => {
    expect(message(parseWorkloadQuery({ lab: "Anthropic" }))).toContain("Invalid lab 'Anthropic'");
    expect(message(parseWorkloadQuery({ family: "Claude Sonnet" }))).toContain(
      "Invalid family 'Claude Sonnet'",
    );
    expect(message(parseWorkloadQuery({ endDate: "2026-02-29" }))).toContain(
      "'endDate' must be a real calendar date",
    );
    expect(message(parseWorkloadQuery({ startDate: "2026-12-01", endDate: "2026-11-01" }))).toBe(
      "'startDate' (2026-12-01) is after 'endDate' (2026-11-01).",
    );
    expect(message(parseWorkloadQuery({ model: "x" }))).toContain(
      "Unknown query parameter 'model'",
    );
  });
});
