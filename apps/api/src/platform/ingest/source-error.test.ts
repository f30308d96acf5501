import { describe, expect, it } from "vitest";
import { SourceError } from "./source-error";

describe("SourceError", () => {
  const error = (problem: "auth" | "http") =>
    new SourceError("ExampleSourceError", problem, `refused: ${problem}`, ["auth"]);

  it("stops the run only on the problems its source names", () => {
    expect(error("auth").stopsRun).toBe(true);
    expect(error("http").stopsRun).toBe(false);
  });

  it("keeps the problem, the message and the class's name", () => {
    const refused = error("auth");
    expect(refused).toBeInstanceOf(Error);
    expect([refused.name, refused.problem, refused.message]).toEqual([
      "ExampleSourceError",
      "auth",
      "refused: auth",
    ]);
  });
});
