import { describe, expect, it } from "vitest";
import { describeWorkloadMethodology } from "./methodology";

describe("describeWorkloadMethodology", () => {
  it("names the unit, the weights, the index and the decomposition", () => {
    const text = describeWorkloadMethodology().join("\n");
    expect(text).toContain("cost per session");
    expect(text).toContain("not per request");
    expect(text).toContain("Törnqvist");
    expect(text).toContain("LMDI");
    expect(text).toContain("each cell weighs the same");
    expect(text).toContain("50-plus-turns");
  });
});
