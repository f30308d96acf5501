import { describe, expect, it } from "vitest";
import { assessRestatement } from "./restatement";

describe("assessRestatement", () => {
  it("refuses changes below the threshold and accepts those at or above it", () => {
    expect(
      assessRestatement(
        { published: true, indexPerMtok: 10 },
        { published: true, indexPerMtok: 10.005 },
        0.1,
      ),
    ).toMatchObject({ material: false });
    expect(
      assessRestatement(
        { published: true, indexPerMtok: 10 },
        { published: true, indexPerMtok: 10.02 },
        0.1,
      ),
    ).toMatchObject({ material: true });
    expect(
      assessRestatement(
        { published: true, indexPerMtok: 10 },
        { published: true, indexPerMtok: 10 },
        0,
      ),
    ).toMatchObject({ material: false, changePercent: 0 });
  });
  it("treats gaining or losing a value as material", () => {
    expect(
      assessRestatement(
        { published: true, indexPerMtok: 10 },
        { published: false, reason: "below_min_models" },
        0.1,
      ),
    ).toEqual({ material: true, changePercent: null });
    expect(
      assessRestatement(
        { published: false, reason: "no_observations" },
        { published: true, indexPerMtok: 1 },
        0.1,
      ),
    ).toEqual({ material: true, changePercent: null });
  });
});
