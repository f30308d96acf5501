import { describe, expect, it } from "vitest";
import { parseWorkloadQuery } from "./query";
import { expectRefusals } from "../testing/tables";

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
    expectRefusals(parseWorkloadQuery, [
      [{ lab: "Anthropic" }, expect.stringContaining("Invalid lab 'Anthropic'")],
      [{ family: "Claude Sonnet" }, expect.stringContaining("Invalid family 'Claude Sonnet'")],
      [
        { endDate: "2026-02-29" },
        expect.stringContaining("'endDate' must be a real calendar date"),
      ],
      [
        { startDate: "2026-12-01", endDate: "2026-11-01" },
        "'startDate' (2026-12-01) is after 'endDate' (2026-11-01).",
      ],
      [{ model: "x" }, expect.stringContaining("Unknown query parameter 'model'")],
    ]);
  });
});
