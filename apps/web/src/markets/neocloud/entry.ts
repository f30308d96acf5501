import { sectionMarket } from "../../kit/market-entry";
import { NEOCLOUD_PATH } from "./lib";

/** Where the neo-clouds' AI data centres are: one page, its map and table. */
export const neocloudMarket = sectionMarket({
  name: "neocloud",
  href: NEOCLOUD_PATH,
  label: "Neo-Cloud Sites",
  footer:
    "Neo-Cloud Sites are AI data centres with their GPUs, power capacity (MW) and dates, from Epoch AI's data",
  card: () => import("./card-content").then((card) => card.loadNeocloudCard()),
});
