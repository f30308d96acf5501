import type { GpuName } from "@tpi/domain";
import type { GpuTradeInput } from "@tpi/db";

/**
 * The GPU trades the GPU route tests share. "Now" is 2026-03-10 12:30 UTC: the latest print is
 * 12:00; the US switched to daylight saving time on 2026-03-08, so 03-07 settles at 21:00 UTC and
 * 03-08 onwards at 20:00 UTC. One trade in the middle of every hour from 03-05 00:30 to 03-10
 * 11:30, the price rising 0.001 per hour from `base`: the print of hour FIRST_TRADE_HOUR + k
 * hours is base + (k - 1) * 0.001. No H200 trades on 03-09 from 06:00 to 09:59 (its prints at
 * 07:00 to 10:00 are carried).
 */
export const GPU_TEST_NOW = new Date("2026-03-10T12:30:00.000Z");
export const FIRST_TRADE_HOUR = Date.parse("2026-03-05T00:00:00.000Z");
const LAST_TRADE_HOUR = Date.parse("2026-03-10T11:00:00.000Z");
export const HOUR_MS = 3_600_000;

export function hourlyTrades(gpuName: GpuName, base: number): GpuTradeInput[] {
  const list: GpuTradeInput[] = [];
  for (let hour = FIRST_TRADE_HOUR, i = 0; hour <= LAST_TRADE_HOUR; hour += HOUR_MS, i++) {
    const executedAt = new Date(hour + 30 * 60_000);
    if (
      gpuName === "H200" &&
      executedAt >= new Date("2026-03-09T06:00:00Z") &&
      executedAt < new Date("2026-03-09T10:00:00Z")
    )
      continue;
    list.push({
      tradeId: `${gpuName}-${i}`,
      gpuName,
      executedAt,
      priceUsdPerGpuHour: base + i * 0.001,
      gpuHours: 8,
      provider: "p1",
      source: "test",
    });
  }
  return list;
}

/** The print of the hour `hour` (ISO) for a GPU whose trades start at `base` (no carried hours). */
export function printValue(base: number, hour: string): number {
  return base + ((Date.parse(hour) - FIRST_TRADE_HOUR) / HOUR_MS - 1) * 0.001;
}

/** The test trades of the GPU tests: H100 SXM from 2, H200 from 3, RTX PRO 6000 WS from 1.5. */
export const GPU_TEST_TRADES: readonly GpuTradeInput[] = [
  ...hourlyTrades("H100 SXM", 2),
  ...hourlyTrades("H200", 3),
  ...hourlyTrades("RTX PRO 6000 WS", 1.5),
];

/**
 * The provenance fields of a value of the test trades: one provider, source `test`; computed at
 * the test clock, so back-filled unless it is the latest hour's print.
 */
export const testTradeEvidence = (backfilled: boolean) => ({
  basis: "trades",
  sources: ["test"],
  providerCount: 1,
  offerCount: 0,
  backfilled,
});

/** An answer's provenance when its values rest on the test trades (the latest is 03-10 11:30). */
export const TEST_TRADES_PROVENANCE = {
  sample: false,
  sources: [
    {
      source: "test",
      sample: false,
      asOf: "2026-03-10T11:30:00.000Z",
      citation: null,
      licence: null,
    },
  ],
};

/** The same sources as an answer's `dataSources` names them: real trades, so no notice. */
export const TEST_TRADES_DATA_SOURCES = { ...TEST_TRADES_PROVENANCE, notice: null };
