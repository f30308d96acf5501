import {
  CARD_ROOT,
  cardTitleOf,
  KEYED_VALUE,
  KICKER,
  type CardContent,
} from "../../lib/social-card";

export const MEMORY_CARD_PATH = `${CARD_ROOT}/memory`;
const MEMORY_UNIT = "USD per chip or module, settled at 4 PM New York on trading days";

/**
 * The Memory card: the prices are read with a key (or a signed-in plan), so the card names the
 * section and its unit, never a value (a shared link is seen by anyone).
 */
export function memoryCard(sample: boolean): CardContent {
  return {
    kicker: KICKER,
    title: cardTitleOf("Memory spot prices: DRAM, NAND flash and modules", sample),
    value: KEYED_VALUE,
    detail: MEMORY_UNIT,
    rows: [],
    sample,
  };
}
