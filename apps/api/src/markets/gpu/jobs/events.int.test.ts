// @module-tag zone
import { DEFAULT_GPU_METHOD_RULES, GPU_METHODOLOGY_VERSION } from "@tpi/domain";
import { insertGpuTradesIfAbsent, storeQuoteSnapshot, type GpuTradeInput } from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { LEDGER_ATTRIBUTION, LEDGER_GPU_RULES, quoteSnapshot } from "../../../testing/gpu-quotes";
import { TEST_EVENT_SOURCE, storedMarketEvents } from "../../../testing/market-events";
import { withCommitsRefused } from "../../../testing/refused-commit";
import { startTestApi } from "../../../testing/test-api";
import { settleGpuIndex } from "./settlement";

const rules = DEFAULT_GPU_METHOD_RULES;
const api = closedAfterFile(await startTestApi({ now: new Date("2026-03-09T18:05:00Z") }));

/** One H100 SXM trade at each given half hour (UTC), at the given price. */
const trades: GpuTradeInput[] = [
  ["2026-03-09T17:30:00Z", 2.0],
  ["2026-03-09T18:30:00Z", 2.2],
  ["2026-03-09T19:30:00Z", 2.6],
].map(([at, price], index) => ({
  tradeId: `t${index}`,
  gpuName: "H100 SXM",
  executedAt: new Date(String(at)),
  priceUsdPerGpuHour: Number(price),
  gpuHours: 8,
  provider: "p1",
  source: "test",
}));

const storedEvents = () => storedMarketEvents(api.db);

/** The settlement job as the scheduler runs it, at each of these instants. */
async function settleAt(...instants: string[]): Promise<void> {
  for (const instant of instants) await settleGpuIndex(api.db, { now: new Date(instant), rules });
}

const unit = "USD per GPU-hour";
const value = (indexValue: number) => [{ name: "index_value", value: indexValue, unit }];
const hour = (start: string) => ({ grain: "hour", hour: start });

beforeEach(async () => {
  await api.db.$executeRawUnsafe(
    "truncate gpu_trade, gpu_hourly_print, gpu_daily_value, gpu_quote_snapshot, gpu_quote, webhook_event cascade",
  );
  await insertGpuTradesIfAbsent(api.db, trades);
});

describe("the GPU market's publication events", () => {
  it("stores a print.published per hourly print and a value.settled at the 4 PM New York settlement", async () => {
    await settleAt("2026-03-09T18:05:00Z", "2026-03-09T19:05:00Z", "2026-03-09T20:05:00Z");
    const events = await storedEvents();
    expect(events.map((event) => event.id)).toEqual([
      "print-published~gpu~H100_20SXM~2026-03-09T18",
      "print-published~gpu~H100_20SXM~2026-03-09T19",
      "print-published~gpu~H100_20SXM~2026-03-09T20",
      // The US is on daylight saving time: 4 PM New York is 20:00 UTC.
      "value-settled~gpu~H100_20SXM~2026-03-09",
    ]);
    const print = await api.db.gpuHourlyPrint.findFirstOrThrow({
      where: { hour: new Date("2026-03-09T19:00:00Z") },
    });
    expect(events[1]).toEqual({
      id: "print-published~gpu~H100_20SXM~2026-03-09T19",
      type: "print.published",
      version: 1,
      timestamp: print.computedAt.toISOString(),
      data: {
        market: "gpu",
        series: "H100 SXM",
        period: hour("2026-03-09T19:00:00Z"),
        values: value(2.2),
        methodologyVersion: GPU_METHODOLOGY_VERSION,
        sources: [TEST_EVENT_SOURCE],
        previous: { period: hour("2026-03-09T18:00:00Z"), values: value(2) },
      },
    });
    const daily = await api.db.gpuDailyValue.findFirstOrThrow();
    expect(events[3]).toEqual({
      id: "value-settled~gpu~H100_20SXM~2026-03-09",
      type: "value.settled",
      version: 1,
      timestamp: daily.computedAt.toISOString(),
      data: {
        market: "gpu",
        series: "H100 SXM",
        period: { grain: "day", day: "2026-03-09" },
        values: value(daily.indexValue),
        methodologyVersion: GPU_METHODOLOGY_VERSION,
        sources: [TEST_EVENT_SOURCE],
        previous: null,
      },
    });
    expect(daily.indexValue).toBeCloseTo((2 + 2.2 + 2.6) / 3, 12);
  });

  it("adds no event when settlement runs again, and none for back-filled prints, which still serve as the previous value", async () => {
    await settleAt("2026-03-09T18:05:00Z", "2026-03-09T18:05:00Z", "2026-03-09T18:30:00Z");
    expect((await storedEvents()).map((event) => event.id)).toEqual([
      "print-published~gpu~H100_20SXM~2026-03-09T18",
    ]);
    // Down from 18:30 to 22:30: the 19:00 to 21:00 prints are back-filled, 22:00's is live.
    await settleAt("2026-03-09T22:30:00Z");
    const events = await storedEvents();
    expect(events.map((event) => event.id)).toEqual([
      "print-published~gpu~H100_20SXM~2026-03-09T18",
      "print-published~gpu~H100_20SXM~2026-03-09T22",
    ]);
    // The 22:00 print carries 21:00's (no trade after 19:30), itself 20:00's: 2.6.
    expect(events[1]?.data).toMatchObject({
      values: value(2.6),
      previous: { period: hour("2026-03-09T21:00:00Z"), values: value(2.6) },
    });
  });

  it("cites a print from posted prices as its answers do: the snapshot's as-of, citation and licence", async () => {
    const snapshot = quoteSnapshot("2026-03-09T17:10:00.000Z", [
      { gpuName: "H200", provider: "lambda", price: 3.25 },
      { gpuName: "H200", provider: "nebius", price: 3.75 },
    ]);
    await storeQuoteSnapshot(
      api.db,
      snapshot,
      LEDGER_ATTRIBUTION,
      new Date("2026-03-09T17:11:00Z"),
    );
    await settleGpuIndex(api.db, {
      now: new Date("2026-03-09T18:05:00Z"),
      rules: LEDGER_GPU_RULES,
    });
    const h200 = (await storedEvents()).find((event) => event.data.series === "H200");
    expect(h200?.data).toMatchObject({
      period: hour("2026-03-09T18:00:00Z"),
      values: value(3.5),
      sources: [
        {
          source: "gpurentalprices",
          sample: false,
          asOf: "2026-03-09T17:10:00.000Z",
          citation: LEDGER_ATTRIBUTION.citation,
          licence: LEDGER_ATTRIBUTION.licence,
        },
      ],
    });
  });

  it("stores no event when the settlement's transaction fails at commit", async () => {
    await withCommitsRefused(api.db, "gpu_hourly_print", () =>
      expect(settleAt("2026-03-09T18:05:00Z")).rejects.toThrow(/refused/),
    );
    expect(await storedEvents()).toEqual([]);
    expect(await api.db.gpuHourlyPrint.count()).toBe(0);
  });
});
