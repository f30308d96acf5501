// @module-tag zone
import { DEFAULT_GPU_METHOD_RULES, DEFAULT_WINSOR_BOUNDS, type WinsorBounds } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { chatScopeWithoutData } from "../../testing/market-states";
import { GPU_CHAT } from "./chat";
import { GPU } from "./read-model/state";
import { GpuPublishedIndex } from "./read-model/published-index";

const NOW = new Date("2026-11-23T12:00:00Z");
const methodologyUnder = (winsor: WinsorBounds) =>
  GPU_CHAT.methodology(
    chatScopeWithoutData(NOW, {
      [GPU.name]: GPU.open(new GpuPublishedIndex({} as Db), {
        rules: { ...DEFAULT_GPU_METHOD_RULES, winsor },
      }),
    }),
  );

const GPU_METHOD =
  "GPU compute price index in USD per GPU-hour. Each hourly print takes its evidence in this order: executed rental trades of the market (imported by the operator); otherwise posted on-demand prices from public sources (quotes); otherwise the generated sample's trades (demonstration data, always marked as the sample); otherwise the previous print carried forward. Trades and quotes are never mixed within a print: every print and daily value names its basis (trades or quotes; a day whose prints have both is mixed) and its sources. Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trades executed in the trailing hour (the print at 14:00 UTC covers 13:00 up to, not including, 14:00). Before the mean, trade prices are winsorized at the 5th and 95th percentiles of the hour's trade prices (each trade one observation, linear interpolation between ranks): a price below or above those bounds counts at the bound. From quotes, the print on the hour H reads of each source the latest snapshot taken before H, if it is not too old (this configuration reads no quote source). Prices are per GPU-hour: an instance price is divided by its GPU count. Only on-demand prices count; spot, reserved, community, serverless and marketplace prices are stored and shown beside the index but kept apart, and prices the source marks stale are excluded. A provider's price is the median of its counted offers (one vote per provider, even when several sources quote it); the print is the median of the providers' prices (the mean of the two middle prices when their number is even), published only when at least 2 providers count. The median bounds the effect of one provider's outlier without winsorizing; a provider missing from a snapshot does not count. An hour without usable evidence (no trade, and fewer than 2 providers quoted) carries the previous print forward, marked as carried, with the basis and sources of the print it repeats. The daily value is the mean of the day's hourly prints (carried prints included), settled at 4 PM America/New_York every day of the week and stamped with that instant in UTC (20:00 in summer, 21:00 in winter). A print or daily value computed more than 1 hour after its hour or settlement instant is marked back-filled: history loaded from a source's archive of daily snapshots, trades imported late, or a catch-up after downtime. Published values are final: data that arrives later never changes a print or daily value already published.";

describe("the GPU market's methodology answer", () => {
  it("states the method in plain sentences", () => {
    expect(methodologyUnder(DEFAULT_WINSOR_BOUNDS)).toBe(GPU_METHOD);
  });

  it("states the winsorizing bounds in force, not the defaults", () => {
    expect(methodologyUnder({ lower: 0.1, upper: 0.9 })).toContain(
      "at the 10th and 90th percentiles",
    );
  });
});
