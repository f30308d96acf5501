import { CARD_ROOT, keyedCard, type CardContent } from "../../lib/social-card";

export const MEMORY_CARD_PATH = `${CARD_ROOT}/memory`;

/** The Memory card: the section and its unit, never a price. */
export function memoryCard(sample: boolean): CardContent {
  return keyedCard(
    "Memory spot prices: DRAM, NAND flash and modules",
    "USD per chip or module, settled at 4 PM New York on trading days",
    sample,
  );
}
