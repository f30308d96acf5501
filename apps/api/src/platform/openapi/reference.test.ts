import { describe, expect, it } from "vitest";
import { ROUTES } from "../../markets/all-routes";
import { apiReference } from "./reference";

const NOW = new Date("2026-11-23T20:00:00Z");

function constituentsExample(latestSettledDay?: string): string | undefined {
  const reference = apiReference(ROUTES, NOW, latestSettledDay);
  const route = reference.routes.find((entry) => entry.path === "/api/otpi/constituents");
  return route?.examples[0]?.pathAndQuery;
}

describe("apiReference examples", () => {
  it("ask for the latest settled day, which answers 2xx, rather than a day that may still be open", () => {
    expect(constituentsExample("2026-11-19")).toBe(
      "/api/otpi/constituents?date=2026-11-19&lab=anthropic",
    );
  });
  it("fall back to two days before today while no day has settled", () => {
    expect(constituentsExample(undefined)).toBe(
      "/api/otpi/constituents?date=2026-11-21&lab=anthropic",
    );
  });
});
