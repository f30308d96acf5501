import { singleCard, type MarketEntry } from "../../kit/market-entry";
import { NEOCLOUD_PATH } from "./lib";

/** Where the neo-clouds' AI data centres are: one page, its map and table. */
export const neocloudMarket: MarketEntry = {
  name: "neocloud",
  sections: [{ id: "neocloud", href: NEOCLOUD_PATH, label: "Neo-Cloud Sites" }],
  segments: ["neocloud"],
  pagePaths: () => [NEOCLOUD_PATH],
  footer:
    "Neo-Cloud Sites are AI data centres with their GPUs, power capacity (MW) and dates, from Epoch AI's data",
  cardOf: (segments) =>
    singleCard(segments, "neocloud", () =>
      import("./card-content").then((card) => card.loadNeocloudCard()),
    ),
};
