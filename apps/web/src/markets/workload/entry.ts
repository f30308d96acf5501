import { singleCard, type MarketEntry } from "../../kit/market-entry";
import { WORKLOAD_PATH } from "./lib";

/** What a coding-agent session costs, week by week: one page. */
export const workloadMarket: MarketEntry = {
  name: "workload",
  sections: [{ id: "workload", href: WORKLOAD_PATH, label: "Workload" }],
  segments: ["workload"],
  pagePaths: () => [WORKLOAD_PATH],
  footer:
    "Workload Cost values are US cents per coding-agent session, per lab and model family, for each week",
  cardOf: (segments) =>
    singleCard(segments, "workload", () =>
      import("./card-content").then((card) => card.loadWorkloadCard()),
    ),
};
