import { SAMPLE_SOURCE } from "../token/provenance";
import type { UtcDay } from "../shared/calendar";
import {
  printHourOfTrade,
  settlementPeriod,
  type HourlyPrint,
  type PrintableTrade,
} from "./index-math";
import { QUOTE_EXCLUSIONS, type QuoteExclusion } from "./quote-math";

/**
 * What a settled GPU daily value was computed from, as readers are shown it: the quotes frozen
 * with it (each counted or excluded with its reason) and the trades of its trade prints, per
 * source and provider. Pure functions; prices are USD per GPU-hour.
 */

/** The trades of one source and provider behind a day's trade prints. */
export type TradeConstituent = {
  source: string;
  provider: string;
  tradeCount: number;
  gpuHours: number;
  /** GPU-hour-weighted mean of the trades' prices, before winsorizing (which acts per print). */
  averagePriceUsdPerGpuHour: number;
};

/**
 * The trades a print from trades was computed from, of the trades of its hour: the executed
 * market trades when the hour has any, else the generated sample's (the order of evidence of
 * `computeGpuPrints`).
 */
export function tradesOfTradePrint<T extends Pick<PrintableTrade, "source">>(
  hourTrades: readonly T[],
): readonly T[] {
  const market = hourTrades.filter((t) => t.source !== SAMPLE_SOURCE);
  return market.length > 0 ? market : hourTrades;
}

/**
 * The trades behind the trade prints of `day`'s settlement period, per source and provider
 * (sorted by source, then provider). Only prints computed from trades count (not carried prints,
 * not prints from quotes), and of each, only the trades it read. `trades` must hold at least
 * those executed in the period ([after, through): the print on the hour H reads [H - 1h, H));
 * `prints` those of the GPU.
 */
export function tradeConstituents(
  day: UtcDay,
  trades: readonly PrintableTrade[],
  prints: readonly Pick<HourlyPrint, "hour" | "basis" | "carried">[],
): TradeConstituent[] {
  const { after, through } = settlementPeriod(day);
  const tradeHours = new Set(
    prints
      .filter(
        (p) =>
          p.basis === "trades" &&
          !p.carried &&
          p.hour.getTime() > after.getTime() &&
          p.hour.getTime() <= through.getTime(),
      )
      .map((p) => p.hour.getTime()),
  );
  const byHour = new Map<number, PrintableTrade[]>();
  for (const trade of trades) {
    const hour = printHourOfTrade(trade.executedAt);
    if (!tradeHours.has(hour)) continue;
    const bucket = byHour.get(hour);
    if (bucket) bucket.push(trade);
    else byHour.set(hour, [trade]);
  }
  const groups = new Map<string, TradeConstituent & { weighted: number }>();
  for (const hourTrades of byHour.values()) {
    for (const trade of tradesOfTradePrint(hourTrades)) {
      const key = JSON.stringify([trade.source, trade.provider]);
      const group = groups.get(key) ?? {
        source: trade.source,
        provider: trade.provider,
        tradeCount: 0,
        gpuHours: 0,
        averagePriceUsdPerGpuHour: 0,
        weighted: 0,
      };
      group.tradeCount += 1;
      group.gpuHours += trade.gpuHours;
      group.weighted += trade.priceUsdPerGpuHour * trade.gpuHours;
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .map(({ weighted, ...group }) => ({
      ...group,
      averagePriceUsdPerGpuHour: group.gpuHours > 0 ? weighted / group.gpuHours : 0,
    }))
    .sort((a, b) =>
      a.source !== b.source
        ? a.source < b.source
          ? -1
          : 1
        : a.provider < b.provider
          ? -1
          : a.provider > b.provider
            ? 1
            : 0,
    );
}

/** The reader's text of a quote's exclusion reason (one table: `QUOTE_EXCLUSIONS`), null when it counted. */
export function quoteExclusionDescription(reason: QuoteExclusion | null): string | null {
  return reason === null ? null : (QUOTE_EXCLUSIONS[reason] ?? reason);
}
