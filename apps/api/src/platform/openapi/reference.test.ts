// @module-tag zone
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { openTokenState } from "../../markets/token/read-model/state";
import { openLlmCodingState } from "../../markets/llm-coding/read-model/state";
import { openGpuState } from "../../markets/gpu/read-model/state";
import { openMemoryState } from "../../markets/memory/read-model/state";
import { openNeocloudState } from "../../markets/neocloud/read-model/state";
import { openWorkloadState } from "../../markets/workload/read-model/state";
import { DEFAULT_METHODOLOGY_RULES, DEFAULT_GPU_METHOD_RULES, type UtcDay } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { MarketStates } from "../core/market";
import { routesOf } from "../routes";
import { apiReference } from "./reference";

const NOW = new Date("2026-11-23T20:00:00Z");
const ROUTES = routesOf(MARKETS);
// The read models are never loaded here: the token index's latest keyless day is stubbed.
const noDatabase = {} as Db;

function constituentsExample(latestKeylessDay?: UtcDay): string | undefined {
  const token = {
    ...openTokenState(DEFAULT_METHODOLOGY_RULES, noDatabase),
    latestKeylessDay: () => latestKeylessDay,
  };
  const markets = new MarketStates([
    ["token", token],
    ["gpu", openGpuState(DEFAULT_GPU_METHOD_RULES, noDatabase)],
    ["memory", openMemoryState(noDatabase, () => NOW)],
    ["workload", openWorkloadState(noDatabase, () => NOW)],
    ["llm-coding", openLlmCodingState(noDatabase, () => NOW)],
    ["neocloud", openNeocloudState(noDatabase)],
  ]);
  const reference = apiReference(ROUTES, { marketList: MARKETS, markets, clock: () => NOW });
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
