// @module-tag zone
import {
  DEFAULT_METHODOLOGY_RULES,
  DEFAULT_GPU_METHOD_RULES,
  DEFAULT_WINSOR_BOUNDS,
  describeWorkloadMethodology,
  describeMemoryMethodology,
  MEMORY_UNIT,
  describeLlmCodingMethodology,
  type MethodologyRules,
  type WinsorBounds,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { openGpuState } from "../../markets/gpu/read-model/state";
import { openMemoryState } from "../../markets/memory/read-model/state";
import { openWorkloadState } from "../../markets/workload/read-model/state";
import { openLlmCodingState } from "../../markets/llm-coding/read-model/state";
import { NEOCLOUD_CHAT_METHODOLOGY } from "../../markets/neocloud/chat";
import { openTokenState } from "../../markets/token/read-model/state";
import { ANONYMOUS } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { MarketStates } from "../core/market";
import { methodologyAnswer } from "./answers";
import type { ChatScope, Subject } from "./market-chat";

/** A chat scope over markets configured with these rules and bounds (no data is read). */
function scopeWith(method: { rules: MethodologyRules; winsor: WinsorBounds }): ChatScope {
  const noDatabase = {} as Db;
  const markets = new MarketStates([
    ["token", openTokenState(method.rules, noDatabase)],
    ["gpu", openGpuState({ ...DEFAULT_GPU_METHOD_RULES, winsor: method.winsor }, noDatabase)],
    ["memory", openMemoryState(noDatabase, () => new Date("2026-11-23T12:00:00Z"))],
    ["workload", openWorkloadState(noDatabase, () => new Date("2026-11-23T12:00:00Z"))],
    ["llm-coding", openLlmCodingState(noDatabase, () => new Date("2026-11-23T12:00:00Z"))],
  ]);
  const deps = { marketList: MARKETS, markets } as Pick<AppDeps, "marketList" | "markets">;
  return { deps: deps as AppDeps, caller: ANONYMOUS, now: new Date("2026-11-23T12:00:00Z") };
}

const explain = (
  subjects: Subject[],
  domain: string | undefined,
  method: { rules: MethodologyRules; winsor: WinsorBounds },
) => methodologyAnswer(subjects, domain, MARKETS, scopeWith(method));

const TOKEN_METHOD =
  "Token Price Index: a daily volume-weighted blend of list prices per lab, in USD per million tokens: indexPerMtok = sum over eligible models of (inputPricePerMtok * inputTokens + outputPricePerMtok * outputTokens) / sum over eligible models of (inputTokens + outputTokens). Where a source reports only a model's total tokens for the day (OpenRouter's rankings do), the split is estimated: 75% of the total counts as input tokens and the rest as output tokens (rounded half up to whole tokens). Each constituent records whether its split was reported or estimated and the share used. Free variants, open-weight releases of closed labs (openai/gpt-oss-*, google/gemma-*) and models without a price or volume are excluded; each UTC day settles 36 hours after it ends.";
const GPU_METHOD =
  "GPU compute price index in USD per GPU-hour. Each hourly print takes its evidence in this order: executed rental trades of the market (imported by the operator); otherwise posted on-demand prices from public sources (quotes); otherwise the generated sample's trades (demonstration data, always marked as the sample); otherwise the previous print carried forward. Trades and quotes are never mixed within a print: every print and daily value names its basis (trades or quotes; a day whose prints have both is mixed) and its sources. Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trades executed in the trailing hour (the print at 14:00 UTC covers 13:00 up to, not including, 14:00). Before the mean, trade prices are winsorized at the 5th and 95th percentiles of the hour's trade prices (each trade one observation, linear interpolation between ranks): a price below or above those bounds counts at the bound. From quotes, the print on the hour H reads of each source the latest snapshot taken before H, if it is not too old (this configuration reads no quote source). Prices are per GPU-hour: an instance price is divided by its GPU count. Only on-demand prices count; spot, reserved, community, serverless and marketplace prices are stored and shown beside the index but kept apart, and prices the source marks stale are excluded. A provider's price is the median of its counted offers (one vote per provider, even when several sources quote it); the print is the median of the providers' prices (the mean of the two middle prices when their number is even), published only when at least 2 providers count. The median bounds the effect of one provider's outlier without winsorizing; a provider missing from a snapshot does not count. An hour without usable evidence (no trade, and fewer than 2 providers quoted) carries the previous print forward, marked as carried, with the basis and sources of the print it repeats. The daily value is the mean of the day's hourly prints (carried prints included), settled at 4 PM America/New_York every day of the week and stamped with that instant in UTC (20:00 in summer, 21:00 in winter). A print or daily value computed more than 1 hour after its hour or settlement instant is marked back-filled: history loaded from a source's archive of daily snapshots, trades imported late, or a catch-up after downtime. Published values are final: data that arrives later never changes a print or daily value already published.";

const MEMORY_METHOD = `Memory index in ${MEMORY_UNIT}. ${describeMemoryMethodology().join(" ")}`;
const WORKLOAD_METHOD = `Workload Cost index in US cents per coding-agent session. ${describeWorkloadMethodology().join(" ")}`;

describe("methodologyAnswer", () => {
  const method = { rules: DEFAULT_METHODOLOGY_RULES, winsor: DEFAULT_WINSOR_BOUNDS };

  it("explains the index asked about, both when the question names neither or both", () => {
    expect(explain([], "token", method).answer).toBe(TOKEN_METHOD);
    expect(explain([], "gpu", method).answer).toBe(GPU_METHOD);
    expect(explain([], "workload", method).answer).toBe(WORKLOAD_METHOD);
    expect(explain([], "memory", method).answer).toBe(MEMORY_METHOD);
    expect(explain([], undefined, method)).toEqual({
      intent: "methodology",
      answer: `${TOKEN_METHOD}\n${GPU_METHOD}\n${MEMORY_METHOD}\n${WORKLOAD_METHOD}\n${describeLlmCodingMethodology().join(" ")}\n${NEOCLOUD_CHAT_METHODOLOGY}`,
      sources: [],
    });
    expect(explain([{ market: "gpu", id: "H200", name: "H200" }], "token", method).answer).toBe(
      `${TOKEN_METHOD}\n${GPU_METHOD}`,
    );
  });

  it("states the rules in force, not the defaults", () => {
    const configured = {
      rules: {
        ...DEFAULT_METHODOLOGY_RULES,
        excludedModelPatterns: ["x/*"],
        settlementLagHours: 48,
      },
      winsor: { lower: 0.1, upper: 0.9 },
    };
    const answer = explain([], undefined, configured).answer;
    expect(answer).toContain("closed labs (x/*)");
    expect(answer).toContain("settles 48 hours after it ends");
    expect(answer).toContain("at the 10th and 90th percentiles");
  });
});
