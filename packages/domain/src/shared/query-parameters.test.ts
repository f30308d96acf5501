import { describe, expect, it } from "vitest";
import { ok } from "./result";
import { singleParameterQuery } from "./query-parameters";

describe("a query parser over single parameters", () => {
  const seen: object[] = [];
  const parse = singleParameterQuery(["lab", "day"] as const, (values) => {
    seen.push(values);
    return ok(values.lab ?? "every lab");
  });

  it("parses the single values of the known parameters", () => {
    expect(parse({ lab: "anthropic", day: "2026-11-01" })).toEqual(ok("anthropic"));
    expect(parse({})).toEqual(ok("every lab"));
    expect(seen).toEqual([{ lab: "anthropic", day: "2026-11-01" }, {}]);
  });

  it("refuses an unknown or repeated parameter before the parser sees any value", () => {
    seen.length = 0;
    expect(parse({ lab: "anthropic", size: "2" })).toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        message: "Unknown query parameter 'size'. Allowed parameters: lab, day.",
      },
    });
    expect(parse({ lab: ["anthropic", "openai"] })).toMatchObject({
      ok: false,
      error: { message: "Query parameter 'lab' was given more than once." },
    });
    expect(seen).toEqual([]);
  });
});
