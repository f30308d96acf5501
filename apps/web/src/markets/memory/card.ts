import { marketCard } from "../../kit/market-entry";

/** The Memory card: the section and its unit, never a price. */
export const MEMORY_CARD = marketCard("memory", {
  title: "Memory spot prices: DRAM, NAND flash and modules",
  detail: "USD per chip or module, settled at 4 PM New York on trading days",
});
