import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { routesOf } from "../routes";

const DAYS = { start: "2026-11-13", end: "2026-11-19" };

describe("route examples", () => {
  it("are sent with a key on every route that requires one (a keyless call would only show its 401)", () => {
    const keyless = routesOf(MARKETS)
      .filter((route) => route.security === "required")
      .flatMap((route) =>
        route.docs
          .examples(DAYS)
          .filter((example) => example.withKey !== true)
          .map((example) => `${route.operationId}: ${example.label}`),
      );
    expect(keyless).toEqual([]);
  });
});
