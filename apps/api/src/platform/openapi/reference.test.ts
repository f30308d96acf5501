// @module-tag zone
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { TOKEN } from "../../markets/token/read-model/state";
import { openTestMarkets } from "../../testing/market-states";
import type { UtcDay } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { routesOf } from "../routes";
import { EVENT_STREAM_PATH } from "../streams/stream-route";
import { apiReference } from "./reference";

const NOW = new Date("2026-11-23T20:00:00Z");
const ROUTES = routesOf(MARKETS);
// The read models are never loaded here: the token index's latest keyless day is stubbed.
const noDatabase = {} as Db;

function referenceOf(latestKeylessDay?: UtcDay) {
  const opened = openTestMarkets(noDatabase, () => NOW);
  const token = { ...TOKEN.of({ markets: opened }), latestKeylessDay: () => latestKeylessDay };
  const markets = openTestMarkets(noDatabase, () => NOW, { [TOKEN.name]: token });
  return apiReference(ROUTES, { marketList: MARKETS, markets, clock: () => NOW });
}

function constituentsExample(latestKeylessDay?: UtcDay): string | undefined {
  const reference = referenceOf(latestKeylessDay);
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

describe("apiReference answers", () => {
  it("name the media type of each route's success answer, so /docs can show a stream as a stream", () => {
    const answers = new Map(referenceOf().routes.map((route) => [route.path, route.answers]));
    expect(answers.get(EVENT_STREAM_PATH)).toBe("text/event-stream");
    expect(answers.get("/api/otpi")).toBe("application/json");
  });
});
