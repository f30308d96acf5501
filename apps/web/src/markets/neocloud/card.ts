import { CARD_ROOT, cardTitleOf, KICKER, type CardContent } from "../../lib/social-card";

export const NEOCLOUD_CARD_PATH = `${CARD_ROOT}/neocloud`;

/**
 * The Neo-Cloud Sites card: site data is read with the Full plan, so the card says what the
 * dataset holds and whose it is, and never a site, count or total.
 */
export function neocloudCard(sample: boolean): CardContent {
  return {
    kicker: KICKER,
    title: cardTitleOf("Where the neo-clouds' AI data centres are", sample),
    value: "With the Full plan",
    detail: "Sites, GPUs, power capacity (MW) and dates, from Epoch AI's data",
    rows: [],
    sample,
  };
}
