import { CARD_ROOT, keyedCard, type CardContent } from "../../lib/social-card";

export const NEOCLOUD_CARD_PATH = `${CARD_ROOT}/neocloud`;

/**
 * The Neo-Cloud Sites card: site data is read with the Full plan, so the card says what the
 * dataset holds and whose it is, and never a site, count or total.
 */
export function neocloudCard(sample: boolean): CardContent {
  return keyedCard(
    "Where the neo-clouds' AI data centres are",
    "Sites, GPUs, power capacity (MW) and dates, from Epoch AI's data",
    sample,
    "With the Full plan",
  );
}
