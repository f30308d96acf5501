import { daysBetween, type UtcDay } from "../shared/calendar";
import { unitHash } from "../shared/sample-noise";
import { MEMORY_TYPES } from "./catalog";
import type { MemoryObservation } from "./settlement";
import {
  latestSettledTradingDayAt,
  memorySettlementInstant,
  tradingDaysThrough,
} from "./trading-calendar";

/**
 * The generated Memory sample, shown (marked `sample: true`) while no real observation is stored
 * and SEED_SAMPLE_ON_EMPTY allows: two made-up observations per type on each of the last
 * MEMORY_SAMPLE_TRADING_DAYS trading days, settled by the same rules as real ones. Each day's
 * prices are a pure function of the day and the type, so every instance shows the same sample
 * and a day keeps its values as the window moves. Not market data.
 */
export const MEMORY_SAMPLE_TRADING_DAYS = 90;
export const MEMORY_SAMPLE_SOURCE = "sample";

/** Made-up price levels, USD per chip (per module for modules), only to look plausible. */
const SAMPLE_BASE_USD: Record<string, number> = {
  mem_ddr3_4gb: 1.5,
  mem_ddr4_8gb: 2.1,
  mem_ddr4_8gb_ett: 1.7,
  mem_ddr4_16gb: 4.2,
  mem_ddr4_16gb_ett: 3.3,
  mem_ddr5_16gb: 5.6,
  mem_ddr5_16gb_ett: 4.7,
  mem_mlc_32gb: 3.1,
  mem_mlc_64gb: 5.4,
  mem_slc_1gb: 1.8,
  mem_slc_2gb: 2.6,
  mem_ddr4_udimm_16gb: 38,
  mem_ddr5_rdimm_32gb: 165,
  mem_ddr5_udimm_16gb: 56,
};

/** Hours before the 4 PM settlement of the sample's two daily observations. */
const SAMPLE_OBSERVATION_HOURS_BEFORE = [6, 2] as const;
const MS_PER_HOUR = 3_600_000;
const EPOCH: UtcDay = "2026-01-01";

/** The sample's observations for the trading days through the latest settled one at `now`. */
export function memorySampleObservations(now: Date): MemoryObservation[] {
  const days = tradingDaysThrough(latestSettledTradingDayAt(now), MEMORY_SAMPLE_TRADING_DAYS);
  const observations: MemoryObservation[] = [];
  MEMORY_TYPES.forEach((memory, typeIndex) => {
    const base = SAMPLE_BASE_USD[memory.id] ?? 1;
    for (const day of days) {
      const t = daysBetween(EPOCH, day);
      const trend =
        1 + 0.12 * Math.sin(t / 23 + typeIndex) + 0.002 * t * (typeIndex % 3 === 0 ? 1 : -0.3);
      const settlement = memorySettlementInstant(day).getTime();
      for (const hours of SAMPLE_OBSERVATION_HOURS_BEFORE) {
        const noise = (unitHash(`${memory.id}|${day}|${hours}`) - 0.5) * 0.04;
        const price = Math.max(0.01, Math.round(base * (trend + noise) * 100) / 100);
        observations.push({
          typeId: memory.id,
          observedAt: new Date(settlement - hours * MS_PER_HOUR),
          source: MEMORY_SAMPLE_SOURCE,
          price,
          sourceUpdatedAt: null,
        });
      }
    }
  });
  return observations;
}
