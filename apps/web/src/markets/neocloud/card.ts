import { marketCard } from "../../kit/market-entry";

/**
 * The Neo-Cloud Sites card: site data is read with the Full plan, so the card says what the
 * dataset holds and whose it is, and never a site, count or total.
 */
export const NEOCLOUD_CARD = marketCard("neocloud", {
  title: "Where the neo-clouds' AI data centres are",
  detail: "Sites, GPUs, power capacity (MW) and dates, from Epoch AI's data",
  value: "With the Full plan",
});
